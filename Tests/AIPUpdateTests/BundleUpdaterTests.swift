import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import CSQLite
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
        #expect(delta.files.mapValues(\.kind) == ["items.db": .changeset, "notes.db": .unchanged, "rules.json": .full])
        #expect(delta.files["items.db"]?.sequence == ["items": 12])

        let result = try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        #expect(result.fromVersion == "2612" && result.toVersion == "2613")
        #expect(result.files == ["items.db": .changeset, "notes.db": .unchanged, "rules.json": .full])
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
        // The package is small: the changeset holds three row changes, not the database.
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

    /// A refusal: what it does to the setup, what to apply with, and a phrase of the message.
    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var damage: @Sendable (Setup) throws -> Void = { _ in }
        var trusted: @Sendable (SigningKey) -> SigningPublicKey = { $0.publicKey }
        var afterFile: @Sendable (String) throws -> Void = { _ in }
        var message: String
    }

    static let refusals: [Refusal] = [
        Refusal(description: "a flipped payload byte", damage: { setup in
            try flipByte(setup.delta.appendingPathComponent("items.db.changeset.xz"), at: 20)
        }, message: "does not match its SHA-256"),
        Refusal(description: "a truncated payload", damage: { setup in
            let url = setup.delta.appendingPathComponent("rules.json.xz")
            try Data(contentsOf: url).dropLast(5).write(to: url)
        }, message: "truncated or damaged"),
        Refusal(description: "a missing delta signature", damage: { setup in
            try FileManager.default.removeItem(at: setup.delta.appendingPathComponent("delta.sig"))
        }, message: "delta.json has no signature"),
        Refusal(description: "a missing manifest signature", damage: { setup in
            try FileManager.default.removeItem(at: setup.delta.appendingPathComponent("manifest.sig"))
        }, message: "manifest.json has no signature"),
        Refusal(description: "an edited delta.json", damage: { setup in
            let url = setup.delta.appendingPathComponent("delta.json")
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\"2612\"", with: "\"2611\"")
            try Data(text.utf8).write(to: url)
        }, message: "the signature of delta.json does not match"),
        Refusal(description: "a key that is not the trusted one", trusted: { _ in SigningKey().publicKey },
                message: "not by the trusted key"),
        Refusal(description: "a base modified on the device", damage: { setup in
            let file = try #require(BundleFolder.currentContents(of: setup.installed)).appendingPathComponent("notes.db")
            try DatabaseQueue(path: file.path).write { try $0.execute(sql: "UPDATE notes SET note = 'closed' WHERE icao = 'LFAT'") }
        }, message: "notes.db: the installed file is not the one the delta applies to"),
        Refusal(description: "a failure after the first file is applied", afterFile: { name in
            throw UpdateError("injected after \(name)")
        }, message: "injected after items.db"),
    ]

    @Test(arguments: refusals)
    func aRefusedUpdateLeavesTheInstalledBundleByteIdentical(_ refusal: Refusal) throws {
        let setup = try setUp()
        try refusal.damage(setup)
        let before = try snapshot(setup.installed)
        let error = #expect(throws: UpdateError.self) {
            try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: refusal.trusted(key), afterFile: refusal.afterFile)
        }
        #expect(error?.description.contains(refusal.message) == true, "\(error?.description ?? "no error")")
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aDeltaSignedByAnotherKeyIsRefused() throws {
        let setup = try setUp()
        // Re-sign delta.json with another key, naming that key: the fingerprint check refuses it first.
        let intruder = SigningKey()
        let url = setup.delta.appendingPathComponent(DeltaManifest.fileName)
        var delta = try DeltaManifest(jsonData: Data(contentsOf: url))
        delta.signing = intruder.signing
        try delta.jsonData().write(to: url)
        try intruder.signatureText(for: delta.jsonData()).write(to: setup.delta.appendingPathComponent(DeltaManifest.signatureName))
        let before = try snapshot(setup.installed)
        #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey) }
        // Naming the trusted key but signed by another: the signature itself fails.
        delta.signing = key.signing
        try delta.jsonData().write(to: url)
        try intruder.signatureText(for: delta.jsonData()).write(to: setup.delta.appendingPathComponent(DeltaManifest.signatureName))
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey) }
        #expect(error?.description.contains("does not match its content") == true)
        #expect(try snapshot(setup.installed) == before)
    }

    /// Without a trusted key only hashes protect the device; a package that escapes its folder or is not a package
    /// at all is still refused.
    @Test(arguments: [
        ("\"payload\": \"items.db.changeset.xz\"", "\"payload\": \"../items.db.changeset.xz\"", "not a plain file name"),
        ("\"format\": 1", "\"format\": 2", "has format 2"),
        ("{", "[", "is not a delta description"),
    ])
    func aHostileUnsignedPackageIsRefused(_ original: String, _ replacement: String, _ message: String) throws {
        let setup = try setUp()
        let url = setup.delta.appendingPathComponent(DeltaManifest.fileName)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(original))
        try Data(text.replacingOccurrences(of: original, with: replacement).utf8).write(to: url)
        let before = try snapshot(setup.installed)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: nil) }
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aWrongBaseVersionIsRefused() throws {
        let setup = try setUp()
        let device = setup.folder.url.appendingPathComponent("older-device")
        try TestBundle(version: "2611", airacDate: "2026-10-29").publish(in: device, key: key)
        let before = try snapshot(device)
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: device, trustedKey: key.publicKey) }
        #expect(error?.description == "the delta applies to version 2612, but version 2611 is installed")
        #expect(try snapshot(device) == before)
    }

    @Test func aDeltaForAMissingBundleIsRefusedWithoutCreatingIt() throws {
        let setup = try setUp()
        let missing = setup.folder.url.appendingPathComponent("no-bundle")
        let error = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: missing, trustedKey: key.publicKey) }
        #expect(error?.description == "the delta applies to version 2612, but no bundle is installed; install the full bundle")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test func aReplayedDeltaAndADowngradeAreRefused() throws {
        let setup = try setUp()
        try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey)
        let before = try snapshot(setup.installed)
        let replay = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: setup.delta, to: setup.installed, trustedKey: key.publicKey) }
        #expect(replay?.description.contains("not newer than the installed 2613") == true)
        let oldFull = setup.folder.url.appendingPathComponent("v1-full")
        try DeltaPackageWriter.write(from: nil, to: setup.folder.url.appendingPathComponent("v1"), out: oldFull, key: key)
        let downgrade = #expect(throws: UpdateError.self) { try BundleUpdater.apply(package: oldFull, to: setup.installed, trustedKey: key.publicKey) }
        #expect(downgrade?.description.contains("brings version 2612") == true)
        #expect(try snapshot(setup.installed) == before)
    }

    @Test func aChangesetThatConflictsAbortsWithNothingChanged() throws {
        // The base check normally stops a modified base; here the changeset itself meets a row it does not expect.
        let folder = try TemporaryFolder()
        let database = folder.url.appendingPathComponent("t.db")
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { try $0.execute(sql: "CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b')") }
        let changeset = try queue.inDatabase { db -> Data in
            var session: OpaquePointer?
            sqlite3session_create(db.sqliteConnection, "main", &session)
            defer { sqlite3session_delete(session) }
            sqlite3session_attach(session, nil)
            try db.execute(sql: "UPDATE t SET v = 'c' WHERE k = 2; INSERT INTO t VALUES (3, 'd')")
            var size: Int32 = 0
            var bytes: UnsafeMutableRawPointer?
            sqlite3session_changeset(session, &size, &bytes)
            defer { sqlite3_free(bytes) }
            return Data(bytes: bytes!, count: Int(size))
        }
        try queue.write { try $0.execute(sql: "DELETE FROM t WHERE k = 3; UPDATE t SET v = 'x' WHERE k = 2") }
        try queue.close()
        let before = try Data(contentsOf: database)
        let error = #expect(throws: UpdateError.self) { try ChangesetApplier.apply(changeset, sequence: nil, to: database, name: "t.db") }
        #expect(error?.description.contains("holds other values than expected") == true)
        #expect(try Data(contentsOf: database) == before)
    }
}

func flipByte(_ url: URL, at offset: Int) throws {
    var data = try Data(contentsOf: url)
    data[offset] ^= 0x01
    try data.write(to: url)
}
