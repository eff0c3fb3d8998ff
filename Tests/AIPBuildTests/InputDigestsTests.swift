@testable import AIPBuild
import AIPManifest
import AIPReaders
import Foundation
import TestSupport
import Testing

/// The manifest's input digests are the stage's inputs, in their order, however early each was started.
@Suite struct InputDigestsTests {
    @Test func theDigestsAreTheInputsInOrderWhetherStartedEarlyOrAtTheEnd() throws {
        let folder = try TemporaryFolder()
        for name in ["a.csv", "b.html", "c.html"] { _ = try folder.write("contents of \(name)", to: "src/\(name)") }
        let root = folder.url.appendingPathComponent("src")
        let digests = InputDigests(root: root)
        digests.start(["c.html", "b.html", "c.html"])
        let expected = try ["b.html", "a.csv"].map { try ManifestInput.hashing(fileAt: root.appendingPathComponent($0), relativePath: $0) }
        #expect(try digests.digests(of: ["b.html", "a.csv"]) == expected)
    }

    /// A file the stage loaded through its source tree is hashed from the bytes loaded, as stored (gzip data for a
    /// `.gz` input), and never read again: its digest holds after the file is gone.
    @Test func aLoadedFileIsHashedFromItsStoredBytesAndNotReadAgain() throws {
        let folder = try TemporaryFolder()
        let plain = try folder.write("ident,name\nEGMC,Southend\n", to: "src/ourairports/airports.csv")
        // `id,airport_ref\n1,2\n`, gzipped.
        let gzipped = plain.deletingLastPathComponent().appendingPathComponent("runways.csv.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xCB, 0x4C, 0xD1, 0x49, 0xCC, 0x2C, 0x2A, 0xC8, 0x2F, 0x2A,
                  0x89, 0x2F, 0x4A, 0x4D, 0xE3, 0x32, 0xD4, 0x31, 0xE2, 0x02, 0x00, 0xED, 0xE1, 0xCD, 0x53, 0x13, 0x00, 0x00, 0x00]).write(to: gzipped)
        let root = folder.url.appendingPathComponent("src")
        let expected = try [plain, gzipped].map { try ManifestInput.hashing(fileAt: $0, relativePath: "ourairports/" + $0.lastPathComponent) }
        let digests = InputDigests(root: root)
        var tree = SourceTree(root: root)
        tree.onLoad = { digests.loaded($0, stored: $1) }
        let runways = try tree.file("ourairports/runways.csv")
        #expect(runways.displayName == "ourairports/runways.csv.gz" && String(decoding: runways.bytes, as: UTF8.self).hasPrefix("id,"))
        _ = try tree.file("ourairports/airports.csv")
        try FileManager.default.removeItem(at: plain)
        try FileManager.default.removeItem(at: gzipped)
        #expect(try digests.digests(of: ["ourairports/airports.csv", "ourairports/runways.csv.gz"]) == expected)
    }

    @Test func anInputThatCannotBeReadStopsTheManifestAFileReadEarlyButNotAnInputDoesNot() throws {
        let folder = try TemporaryFolder()
        _ = try folder.write("rows", to: "src/kept.csv")
        let root = folder.url.appendingPathComponent("src")
        let unlisted = InputDigests(root: root)
        unlisted.start(["gone.html"])
        #expect(try unlisted.digests(of: ["kept.csv"]).map(\.path) == ["kept.csv"])

        let listed = InputDigests(root: root)
        listed.start(["gone.html"])
        #expect(throws: (any Error).self) { try listed.digests(of: ["kept.csv", "gone.html"]) }
    }
}
