@testable import AIPBuild
import AIPManifest
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
