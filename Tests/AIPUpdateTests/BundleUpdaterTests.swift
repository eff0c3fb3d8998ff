import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import CSQLite
import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

/// A delta made by the build side, applied by the device side: the result, and every refusal.
@Suite struct BundleUpdaterTests {
    let key = SigningKey()
    let version1 = TestBundle(version: "2612")
    /// One cycle later: an item edited, one removed, one added; notes unchanged; rules rewritten.
    var version2: TestBundle {
        var bundle = TestBundle(version: "2613", airacDate: "2026-12-24")
        bundle.items = [1: ("alpha", 1.75), 3: ("charlie", 3.5), 11: ("delta", 4.5)]
        bundle.itemsSequence = 12
        bundle.rules = #"{"rules":[1,2,3,4]}"# + "\n"
        return bundle
    }

    /// A folder with version 1 installed, version 2 built, and the delta between them.
    struct Setup {
        let folder: TemporaryFolder
        var installed: URL { folder.url.appendingPathComponent("device") }
        var built: URL { folder.url.appendingPathComponent("v2") }
        var delta: URL { folder.url.appendingPathComponent("delta") }
    }

    func setUp() throws -> Setup {
        let setup = Setup(folder: try TemporaryFolder())
        try version1.publish(in: setup.installed, key: key)
        let old = setup.folder.url.appendingPathComponent("v1")
        try version1.publish(in: old, key: key)
        try version2.publish(in: setup.built, key: key)
        try DeltaPackageWriter.write(from: old, to: setup.built, out: setup.delta, key: key)
        return setup
    }

    @Test func aDeltaBringsTheInstalledBundleToTheNewVersion() throws {
        let setup = try setUp()
        let delta = try DeltaManifest(jsonData: Data(contentsOf: setup.delta.appendingPathComponent(DeltaManifest.fileName)))
        #expect(delta.fromVersion == "2612" && delta.toVersion == "2613")
        #expect(delta.files.mapValues(\.kind) == ["items.db": .rows, "notes.db": .unchanged, "rules.json": .full])

        let result = try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        #expect(result.fromVersion == "2612" && result.toVersion == "2613" && result.changed)
        #expect(result.files == ["items.db": .rows, "notes.db": .unchanged, "rules.json": .full])
        #expect(try ManifestVerifier.contentHashes(folder: setup.installed) == manifestHashes(setup.built))
        #expect(try Data(contentsOf: setup.installed.appendingPathComponent("manifest.json"))
                == Data(contentsOf: setup.built.appendingPathComponent("manifest.json")))
        #expect(try Data(contentsOf: setup.installed.appendingPathComponent("rules.json"))
                == Data(contentsOf: setup.built.appendingPathComponent("rules.json")))
        let rows = try DatabaseQueue(path: setup.installed.appendingPathComponent("items.db").path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, value FROM items ORDER BY id").map { "\($0["id"] as Int64) \($0["name"] as String) \($0["value"] as Double)" }
                + [String(try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'items'")!)]
        }
        #expect(rows == ["1 alpha 1.75", "3 charlie 3.5", "11 delta 4.5", "12"])
        // The package is small: the rows payload holds three row changes and the sequence, not the database.
        let itemsPayload = try #require(delta.files["items.db"]?.bytes)
        #expect(itemsPayload < 300)
    }

    @Test func aFullBundleInstallsIntoAnEmptyFolderAndOverAnOlderBundle() throws {
        let setup = try setUp()
        let full = setup.folder.url.appendingPathComponent("full")
        let delta = try DeltaPackageWriter.write(from: nil, to: setup.built, out: full, key: key)
        #expect(delta.fromVersion == nil && Set(delta.files.values.map(\.kind)) == [.full])
        let fresh = setup.folder.url.appendingPathComponent("fresh")
        try BundleUpdater.apply(package: full, to: fresh, trustedKey: key.publicKey)
        #expect(try ManifestVerifier.contentHashes(folder: fresh) == manifestHashes(setup.built))
        try BundleUpdater.apply(package: full, to: setup.installed, trustedKey: key.publicKey)
        #expect(try ManifestVerifier.contentHashes(folder: setup.installed) == manifestHashes(setup.built))
    }

    /// A refusal: what it does to the setup, what to apply with, the kind of error and a phrase of its message.
    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var damage: @Sendable (Setup) throws -> Void = { _ in }
        var trusted: @Sendable (SigningKey) -> SigningPublicKey = { $0.publicKey }
        var afterFile: @Sendable (String) throws -> Void = { _ in }
        var kind: UpdateError.Kind
        var message: String
    }

    static let refusals: [Refusal] = [
        Refusal(description: "a flipped payload byte", damage: { setup in
            try flipByte(setup.delta.appendingPathComponent("items.db.rows.deflate"), at: 20)
        }, kind: .corruptPayload, message: "does not match its SHA-256"),
        Refusal(description: "a truncated payload", damage: { setup in
            let url = setup.delta.appendingPathComponent("rules.json.deflate")
            try Data(contentsOf: url).dropLast(5).write(to: url)
        }, kind: .corruptPayload, message: "truncated or damaged"),
        Refusal(description: "a missing delta signature", damage: { setup in
            try FileManager.default.removeItem(at: setup.delta.appendingPathComponent("delta.sig"))
        }, kind: .badSignature, message: "delta.json has no signature"),
        Refusal(description: "a missing manifest signature", damage: { setup in
            try FileManager.default.removeItem(at: setup.delta.appendingPathComponent("manifest.sig"))
        }, kind: .badSignature, message: "manifest.json has no signature"),
        Refusal(description: "an edited delta.json", damage: { setup in
            let url = setup.delta.appendingPathComponent("delta.json")
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"2612\"", with: "\"2611\"")
            try Data(text.utf8).write(to: url)
        }, kind: .badSignature, message: "the signature of delta.json does not match"),
        Refusal(description: "a key that is not the trusted one", trusted: { _ in SigningKey().publicKey },
                kind: .badSignature, message: "the signature of delta.json does not match its content"),
        Refusal(description: "a base modified on the device", damage: { setup in
            let file = try #require(BundleFolder.currentContents(of: setup.installed)).appendingPathComponent("notes.db")
            try DatabaseQueue(path: file.path).write { try $0.execute(sql: "UPDATE notes SET note = 'closed' WHERE icao = 'LFAT'") }
        }, kind: .wrongBase, message: "notes.db: the installed file is not the one the delta applies to"),
        Refusal(description: "a failure after the first file is applied", afterFile: { name in
            throw UpdateError(.fileSystem, "injected after \(name)")
        }, kind: .fileSystem, message: "injected after items.db"),
    ]

    @Test(arguments: refusals)
    func aRefusedUpdateLeavesTheInstalledBundleByteIdentical(_ refusal: Refusal) throws {
        let setup = try setUp()
        try refusal.damage(setup)
        let before = try snapshot(setup.installed)
        let error = #expect(throws: UpdateError.self) {
            try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: refusal.trusted(key), afterFile: refusal.afterFile)
        }
        #expect(error?.kind == refusal.kind && error?.description.contains(refusal.message) == true, "\(error?.description ?? "no error")")
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aDeltaSignedByAnotherKeyIsRefused() throws {
        let setup = try setUp()
        // delta.json re-signed by another key (it names none: the trusted key is the only one tried).
        let intruder = SigningKey()
        let data = try Data(contentsOf: setup.delta.appendingPathComponent(DeltaManifest.fileName))
        try intruder.sign(data).signatureFileData.write(to: setup.delta.appendingPathComponent(DeltaManifest.signatureName))
        let before = try snapshot(setup.installed)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey) }
        #expect(error?.kind == .badSignature && error?.description.contains("does not match its content") == true)
        #expect(try snapshot(setup.installed) == before)
    }

    /// Signatures prove who made a package, not that it is sane: a signed package that escapes its folder, claims
    /// another format or is not a package at all is still refused, before anything is written.
    @Test(arguments: [
        ("\"items.db\": {", "\"../items.db\": {", UpdateError.Kind.corruptPayload, "\"../items.db\" is not a bundle file name"),
        ("\"format\": 2", "\"format\": 3", .unsupported, "has format 3"),
        ("{", "[", .unsupported, "is not a delta description"),
    ])
    func aHostileSignedPackageIsRefused(_ original: String, _ replacement: String, _ kind: UpdateError.Kind, _ message: String) throws {
        let setup = try setUp()
        let url = setup.delta.appendingPathComponent(DeltaManifest.fileName)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(original))
        let hostile = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
        try hostile.write(to: url)
        try key.sign(hostile).signatureFileData.write(to: setup.delta.appendingPathComponent(DeltaManifest.signatureName))
        let before = try snapshot(setup.installed)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey) }
        #expect(error?.kind == kind && error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aWrongBaseVersionIsRefused() throws {
        let setup = try setUp()
        let device = setup.folder.url.appendingPathComponent("older-device")
        try TestBundle(version: "2611", airacDate: "2026-10-29").publish(in: device, key: key)
        let before = try snapshot(device)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: device, trustedKey: key.publicKey) }
        #expect(error?.kind == .wrongBase && error?.description == "the delta applies to version 2612, but version 2611 is installed; install the full bundle")
        #expect(try snapshot(device) == before)
    }

    @Test func aDeltaForAMissingBundleIsRefusedWithoutCreatingIt() throws {
        let setup = try setUp()
        let missing = setup.folder.url.appendingPathComponent("no-bundle")
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: missing, trustedKey: key.publicKey) }
        #expect(error?.kind == .wrongBase && error?.description == "the delta applies to version 2612, but no bundle is installed; install the full bundle")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func applyingTheInstalledVersionAgainSucceedsAndChangesNothingButADowngradeIsRefused() throws {
        let setup = try setUp()
        try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        let before = try snapshot(setup.installed)
        let again = try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        #expect(!again.changed && again.toVersion == "2613")
        #expect(try snapshot(setup.installed) == before)
        let oldFull = setup.folder.url.appendingPathComponent("v1-full")
        try DeltaPackageWriter.write(from: nil, to: setup.folder.url.appendingPathComponent("v1"), out: oldFull, key: key)
        let downgrade = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: oldFull, to: setup.installed, trustedKey: key.publicKey) }
        #expect(downgrade?.kind == .notNewer && downgrade?.description.contains("brings version 2612") == true)
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aRefusedUpdateLeavesAFlatFolderFlat() throws {
        let setup = try setUp()
        // A folder written by hand: the files directly in it, no .aipbundle.
        let flat = setup.folder.url.appendingPathComponent("flat")
        try FileManager.default.createDirectory(at: flat, withIntermediateDirectories: true)
        let installed = try #require(BundleFolder.currentContents(of: setup.installed))
        for name in try FileManager.default.contentsOfDirectory(atPath: installed.path) {
            try FileManager.default.copyItem(at: installed.appendingPathComponent(name), to: flat.appendingPathComponent(name))
        }
        try DatabaseQueue(path: flat.appendingPathComponent("notes.db").path).write { try $0.execute(sql: "UPDATE notes SET note = 'x'") }
        let before = try snapshot(flat)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: flat, trustedKey: key.publicKey) }
        #expect(error?.kind == .wrongBase)
        #expect(try snapshot(flat) == before)
        #expect(!FileManager.default.fileExists(atPath: flat.appendingPathComponent(".aipbundle").path))
    }

    @Test func aWALModeDatabaseIsUpdatedIntoARollbackJournalFile() throws {
        let setup = try setUp()
        // The app switched items.db (patched) and notes.db (unchanged) to WAL and keeps a connection open, so
        // -wal and -shm exist beside them.
        let installed = try #require(BundleFolder.currentContents(of: setup.installed))
        var configuration = Configuration()
        configuration.journalMode = .wal
        let open = try ["items.db", "notes.db"].map { try DatabaseQueue(path: installed.appendingPathComponent($0).path, configuration: configuration) }
        for queue in open { try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") } }
        #expect(FileManager.default.fileExists(atPath: installed.appendingPathComponent("notes.db-wal").path))
        try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        let updated = try #require(BundleFolder.currentContents(of: setup.installed))
        for name in ["items.db", "notes.db"] {
            let header = try Data(contentsOf: updated.appendingPathComponent(name)).prefix(20)
            #expect(header[18] == 1 && header[19] == 1, "\(name) is not in rollback-journal mode")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: updated.path).sorted()
                == ["items.db", "manifest.json", "manifest.sig", "notes.db", "rules.json"])
        #expect(try ManifestVerifier.contentHashes(folder: setup.installed) == manifestHashes(setup.built))
        withExtendedLifetime(open) {}
    }

    @Test func aRowsPayloadThatDoesNotFitTheDatabaseAbortsWithNothingChanged() throws {
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("t.db")
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { try $0.execute(sql: "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b')") }
        try queue.close()
        let before = try Data(contentsOf: database)
        // An upsert of row 3 first, then the delete of row 9, which is not there: all of it is rolled back.
        let payload = RowPayload(tables: [RowPayload.Table(name: "t", columnCount: 2, keyColumns: [0],
                                                           deletes: [[.integer(9)]], upserts: [[.integer(3), .text(Array("c".utf8))]])])
        let error = #expect(throws: UpdateError.self) { try RowApplier.apply(payload, to: database, name: "t.db") }
        #expect(error?.kind == .wrongBase && error?.description.contains("not the delta's base") == true, "\(error?.description ?? "")")
        #expect(try Data(contentsOf: database) == before)
    }

    @Test func aSignedPackageThatNeedsMoreSpaceThanTheVolumeHasIsRefusedBeforeAnythingIsWritten() throws {
        let setup = try setUp()
        // The publisher claims (and signs) a rules.json of a tebibyte: the updater refuses before inflating anything.
        // (The package is altered after it is written: the writer refuses a bundle whose files are not its manifest's.)
        let full = setup.folder.url.appendingPathComponent("huge")
        var delta = try DeltaPackageWriter.write(from: nil, to: setup.built, out: full, key: key)
        let contents = try #require(BundleFolder.currentContents(of: setup.built))
        var manifest = try Manifest(contentsOf: contents.appendingPathComponent(Manifest.fileName))
        manifest.files["rules.json"]?.bytes = 1 << 40
        let manifestData = try manifest.jsonData()
        try Deflate.compress(manifestData).write(to: full.appendingPathComponent(DeltaManifest.targetManifestPayload))
        try key.sign(manifestData).signatureFileData.write(to: full.appendingPathComponent(Manifest.signatureFileName))
        delta.targetManifestBytes = manifestData.count
        delta.targetManifestSHA256 = SHA256.hash(data: manifestData).lowercaseHex
        delta.files["rules.json"]?.uncompressedBytes = 1 << 40
        try delta.jsonData().write(to: full.appendingPathComponent(DeltaManifest.fileName))
        try key.sign(delta.jsonData()).signatureFileData.write(to: full.appendingPathComponent(DeltaManifest.signatureName))
        let fresh = setup.folder.url.appendingPathComponent("fresh")
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: full, to: fresh, trustedKey: key.publicKey) }
        #expect(error?.kind == .outOfSpace, "\(error?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }
}

func flipByte(_ url: URL, at offset: Int) throws {
    var data = try Data(contentsOf: url)
    data[offset] ^= 0x01
    try data.write(to: url)
}
