import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import GRDB
import TestSupport
import Testing

/// How `DeltaPackageWriter` chooses between a rows payload and the whole file.
@Suite struct DeltaPackageWriterTests {
    let key = SigningKey()

    func kinds(from old: TestBundle, to new: TestBundle, alter: (URL) throws -> Void = { _ in }) throws -> ([String: DeltaFile.Kind], TemporaryFolder) {
        let folder = try TemporaryFolder()
        let oldURL = folder.url.appendingPathComponent("old")
        let newURL = folder.url.appendingPathComponent("new")
        try old.publish(in: oldURL, key: key)
        try new.publish(in: newURL, key: key)
        try alter(newURL)
        let package = folder.url.appendingPathComponent("delta")
        let delta = try DeltaPackageWriter.write(from: oldURL, to: newURL, out: package, key: key)
        // Whatever was chosen, it applies.
        try BundleUpdater.apply(package: package, to: oldURL, trustedKey: key.publicKey)
        #expect(try ManifestVerifier.contentHashes(folder: oldURL) == manifestHashes(newURL))
        return (delta.files.mapValues(\.kind), folder)
    }

    @Test func aFileWhoseRowsPayloadIsOverHalfItsCompressedSizeShipsWhole() throws {
        var old = TestBundle(version: "1")
        var new = TestBundle(version: "2")
        old.items = Dictionary(uniqueKeysWithValues: (1...2_000).map { (Int64($0), ("item \($0 * 7919 % 10_007)", Double($0))) })
        new.items = Dictionary(uniqueKeysWithValues: (1...2_000).map { (Int64($0), ("renamed \($0 * 104_729 % 10_009)", Double($0) + 0.5)) })
        new.itemsSequence = 2_000
        old.itemsSequence = 2_000
        let (kinds, _) = try kinds(from: old, to: new)
        #expect(kinds == ["items.db": .full, "notes.db": .unchanged, "rules.json": .unchanged])
    }

    @Test func aChangedSchemaShipsWhole() throws {
        let (kinds, _) = try kinds(from: TestBundle(version: "1"), to: TestBundle(version: "2")) { newURL in
            // Rewrite notes.db with an extra column, and its manifest entry with it.
            let contents = try #require(BundleFolder.currentContents(of: newURL))
            try DatabaseQueue(path: contents.appendingPathComponent("notes.db").path).write {
                try $0.execute(sql: "ALTER TABLE notes ADD COLUMN source TEXT")
            }
            var manifest = try Manifest(contentsOf: contents.appendingPathComponent(Manifest.fileName))
            manifest.files["notes.db"] = try ManifestFile(fileAt: contents.appendingPathComponent("notes.db"), kind: .sqlite)
            try manifest.jsonData().write(to: contents.appendingPathComponent(Manifest.fileName))
            try ManifestSigner.sign(folder: contents, with: key)
        }
        #expect(kinds["notes.db"] == .full)
    }

    @Test func aNewFileShipsWholeAndARemovedFileIsDropped() throws {
        var old = TestBundle(version: "1")
        old.rules = nil
        let (added, _) = try kinds(from: old, to: TestBundle(version: "2"))
        #expect(added == ["items.db": .unchanged, "notes.db": .unchanged, "rules.json": .full])

        var new = TestBundle(version: "2")
        new.rules = nil
        let (removed, folder) = try kinds(from: TestBundle(version: "1"), to: new)
        #expect(removed == ["items.db": .unchanged, "notes.db": .unchanged])
        let installed = folder.url.appendingPathComponent("old")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: installed.path).contains("rules.json"))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: #require(BundleFolder.currentContents(of: installed)).path).contains("rules.json"))
    }

    @Test func anOlderNewBundleIsRefused() throws {
        let folder = try TemporaryFolder()
        try TestBundle(version: "2").publish(in: folder.url.appendingPathComponent("a"), key: key)
        try TestBundle(version: "1").publish(in: folder.url.appendingPathComponent("b"), key: key)
        let error = #expect(throws: DeltaError.self) {
            try DeltaPackageWriter.write(from: folder.url.appendingPathComponent("a"), to: folder.url.appendingPathComponent("b"),
                                         out: folder.url.appendingPathComponent("d"), key: key)
        }
        #expect(error?.description.contains("is not newer than the old one") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("d").path))
    }

    @Test func twoRunsWriteIdenticalPackages() throws {
        let folder = try TemporaryFolder()
        let old = folder.url.appendingPathComponent("old")
        let new = folder.url.appendingPathComponent("new")
        try TestBundle(version: "1").publish(in: old, key: key)
        var changed = TestBundle(version: "2")
        changed.notes["LFAT"] = "PPR 24h"
        try changed.publish(in: new, key: key)
        try DeltaPackageWriter.write(from: old, to: new, out: folder.url.appendingPathComponent("d1"), key: key)
        try DeltaPackageWriter.write(from: old, to: new, out: folder.url.appendingPathComponent("d2"), key: key)
        #expect(try snapshot(folder.url.appendingPathComponent("d1")) == snapshot(folder.url.appendingPathComponent("d2")))
    }
}
