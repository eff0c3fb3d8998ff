import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import GRDB
import TestSupport
import Testing

/// `scripts/apply_delta.py`, the applier written from docs/delta-format.md alone, follows that page where a device
/// meets something other than a fresh bundle: a database the app switched to WAL mode, the installed version again.
/// (UpdateCommandsTests runs it on real packages.)
@Suite struct ApplyDeltaScriptTests {
    /// A delta 2612 → 2613 (items.db rows, notes.db unchanged, rules.json new), its key's public file, and a device
    /// folder with 2612 installed.
    struct Setup {
        let folder: TemporaryFolder
        let key = SigningKey()
        let built: [URL]
        var delta: URL { folder.url.appendingPathComponent("delta") }
        var device: URL { folder.url.appendingPathComponent("device") }
        var publicKey: URL { folder.url.appendingPathComponent("signing.pub") }

        init() throws {
            let folder = try TemporaryFolder(), key = key
            self.folder = folder
            let versions = channelVersions(count: 2)
            built = try versions.map { bundle in
                let url = folder.url.appendingPathComponent("build-\(bundle.version)")
                try bundle.publish(in: url, key: key)
                return url
            }
            try DeltaPackageWriter.write(from: built[0], to: built[1], out: folder.url.appendingPathComponent("delta"), key: key)
            try versions[0].publish(in: folder.url.appendingPathComponent("device"), key: key)
            try Data(key.publicKey.fileText.utf8).write(to: folder.url.appendingPathComponent("signing.pub"))
        }

        /// Runs the script on the delta with the bundle installed on the device, building into `out`.
        func runScript(out: URL) throws -> ProcessRun {
            let installed = try #require(BundleFolder.currentContents(of: device))
            return try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [
                "python3", SharedFixtures.packageRoot.appendingPathComponent("scripts/apply_delta.py").path, "--package", delta.path,
                "--public-key", publicKey.path, "--bundle", installed.path, "--out", out.path,
            ])
        }
    }

    /// The journal mode an SQLite file's header records: 1 rollback journal, 2 WAL (bytes 18 and 19).
    func headerJournalModes(_ url: URL) throws -> [UInt8] {
        let header = try Data(contentsOf: url).prefix(20)
        return [header[18], header[19]]
    }

    @Test func aWALModeBaseIsReadThroughItsWALAndTheResultIsARollbackJournalFile() throws {
        let setup = try Setup()
        let installed = try #require(BundleFolder.currentContents(of: setup.device))
        // items.db's main file holds another name for item 2 than its WAL, which is not checkpointed and holds the
        // content the manifest records; notes.db is only switched to WAL.
        let items = try DatabaseQueue(path: installed.appendingPathComponent("items.db").path)
        try items.writeWithoutTransaction { db in
            try db.execute(sql: "UPDATE items SET name = 'only in the main file' WHERE id = 2")
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "UPDATE items SET name = 'bravo' WHERE id = 2")
        }
        let notes = try DatabaseQueue(path: installed.appendingPathComponent("notes.db").path)
        try notes.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
        try notes.close()
        #expect(FileManager.default.fileExists(atPath: installed.appendingPathComponent("items.db-wal").path))

        let out = setup.folder.url.appendingPathComponent("out")
        let run = try withExtendedLifetime(items) { try setup.runScript(out: out) }
        try items.close()
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(run.stdout.utf8)) == manifestHashes(setup.built[1]))
        for name in ["items.db", "notes.db"] {
            #expect(try headerJournalModes(out.appendingPathComponent(name)) == [1, 1], "\(name)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("\(name)-wal").path), "\(name)")
        }
    }

    @Test func applyingTheInstalledVersionAgainIsDoneAndBuildsNothing() throws {
        let setup = try Setup()
        try BundleUpdater.apply(package: setup.delta, to: setup.device, trustedKey: setup.key.publicKey)
        let before = try snapshot(setup.device)
        let out = setup.folder.url.appendingPathComponent("out")
        let run = try setup.runScript(out: out)
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stderr.contains("already installed"), "\(run.stderr)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(run.stdout.utf8)) == manifestHashes(setup.built[1]))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try snapshot(setup.device) == before)
    }
}
