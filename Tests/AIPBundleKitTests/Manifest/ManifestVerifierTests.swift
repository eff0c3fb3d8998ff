import AIPBundleKit
import AIPManifest
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct ManifestVerifierTests {
    @Test func anIntactFolderPasses() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        #expect(ManifestVerifier.verify(folder: folder.url).isEmpty)
    }

    @Test func filesLinkedFromAVersionedSubfolderAreFollowed() throws {
        let folder = try TemporaryFolder()
        let versioned = try TemporaryFolder()
        let manifest = try writeSampleBundle(in: versioned)
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".v1"), withIntermediateDirectories: true)
        for name in manifest.files.keys.sorted() + [Manifest.fileName] {
            let target = folder.url.appendingPathComponent(".v1/\(name)")
            try FileManager.default.copyItem(at: versioned.url.appendingPathComponent(name), to: target)
            try FileManager.default.createSymbolicLink(atPath: folder.url.appendingPathComponent(name).path, withDestinationPath: ".v1/\(name)")
        }
        #expect(ManifestVerifier.verify(folder: folder.url).isEmpty)
    }

    @Test func aFolderWithoutManifestIsAFindingUnlessAllowed() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleDatabase(in: folder)
        #expect(ManifestVerifier.verify(folder: folder.url).map(\.description) == ["manifest.json: is missing"])
        #expect(ManifestVerifier.verify(folder: folder.url, requireManifest: false).isEmpty)
    }

    @Test func anUnreadableManifestIsAFinding() throws {
        let folder = try TemporaryFolder()
        try folder.write("{\"format\": 1,", to: Manifest.fileName)
        #expect(ManifestVerifier.verify(folder: folder.url, requireManifest: false).map(\.description)
            == ["manifest.json: cannot be used: manifest.json is not a manifest: not valid JSON"])
    }

    @Test func aMissingFileIsFound() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("rules.json"))
        #expect(ManifestVerifier.verify(folder: folder.url).map(\.description) == ["rules.json: is listed in manifest.json but missing"])
    }

    /// Byte 27 is the low byte of the header's file change counter: the bytes change, the content does not, and the
    /// content is what the manifest promises (a device's patched database differs in bytes the same way).
    @Test func aFlippedHeaderByteIsNoFinding() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        let url = folder.url.appendingPathComponent("airports.db")
        var bytes = try Data(contentsOf: url)
        bytes[27] ^= 0xFF
        try bytes.write(to: url)
        #expect(try FileDigest(fileAt: url).sha256 != (try Manifest(contentsOf: folder.url.appendingPathComponent("manifest.json"))).files["airports.db"]?.sha256)
        #expect(ManifestVerifier.verify(folder: folder.url).isEmpty)
    }

    @Test func aVacuumedFileIsNoFinding() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        let url = folder.url.appendingPathComponent("airports.db")
        let before = try FileDigest(fileAt: url)
        try DatabaseQueue(path: url.path).writeWithoutTransaction { try $0.execute(sql: "PRAGMA page_size = 1024; VACUUM") }
        #expect(try FileDigest(fileAt: url).sha256 != before.sha256)
        #expect(ManifestVerifier.verify(folder: folder.url).isEmpty)
    }

    @Test func anUpdatedRowDiffersInContent() throws {
        let folder = try TemporaryFolder()
        let manifest = try writeSampleBundle(in: folder)
        let url = folder.url.appendingPathComponent("airports.db")
        try DatabaseQueue(path: url.path).write { try $0.execute(sql: "UPDATE runways SET length_ft = 9999 WHERE id = 233628") }
        let findings = ManifestVerifier.verify(folder: folder.url)
        let actual = try ManifestFile(fileAt: url, kind: .sqlite)
        let expected = try #require(manifest.files["airports.db"])
        #expect(findings.map(\.description) == [
            "airports.db: bytes differ from manifest.json (\(actual.bytes) bytes, sha256 \(actual.sha256.prefix(12)); "
                + "expected \(expected.bytes) bytes, sha256 \(expected.sha256.prefix(12))); its content differs too "
                + "(logical hash \(actual.logicalSHA256.prefix(12)), expected \(expected.logicalSHA256.prefix(12)))",
        ])
    }

    @Test func aDeletedRowIsFoundInTheRowCounts() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        let url = folder.url.appendingPathComponent("airports.db")
        try DatabaseQueue(path: url.path).write { try $0.execute(sql: "DELETE FROM runways WHERE id = 233628; DROP TABLE waypoints_changes") }
        let findings = ManifestVerifier.verify(folder: folder.url)
        #expect(findings.count == 3)
        #expect(findings.first?.message.contains("its content differs too") == true)
        #expect(findings.dropFirst().map(\.description) == [
            "airports.db: runways: has 2 rows, manifest.json says 3",
            "airports.db: waypoints_changes: is missing (manifest.json says 0 rows)",
        ])
    }

    @Test func anEditedJSONFileDiffersInContent() throws {
        let folder = try TemporaryFolder()
        _ = try writeSampleBundle(in: folder)
        try folder.write("{\"rules\":[1]}\n", to: "rules.json")
        let findings = ManifestVerifier.verify(folder: folder.url)
        #expect(findings.map(\.file) == ["rules.json"])
        #expect(findings.first?.message.contains("its content differs too") == true)
    }
}
