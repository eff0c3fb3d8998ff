import AIPBundleFolder
import Foundation
import TestSupport
import Testing

/// What ``BundleFolder`` may delete, replace or follow: only what it made.
@Suite struct BundleFolderOwnershipTests {
    func publish(_ files: [String: String], into root: URL, policy: BundleFolder.Policy = .init()) throws {
        let folder = try BundleFolder(root: root, policy: policy)
        let staging = try folder.makeStaging()
        for (name, text) in files { try Data(text.utf8).write(to: staging.appendingPathComponent(name)) }
        try folder.publish(staging, files: files.keys.sorted())
    }

    @Test func aFileItDidNotWriteIsNeverReplacedEvenWhenForeignFilesAreKept() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try temporary.write("someone's", to: "out/a.db")
        let keep = BundleFolder.Policy(keepForeignFiles: true)
        #expect {
            try publish(["a.db": "bundle"], into: root, policy: keep)
        } throws: { error in
            "\(error)" == "\(root.path)/a.db is a file aipbundle did not write; move it away so the bundle file a.db can be published there (aipbundle never replaces it)"
        }
        #expect(try String(contentsOf: root.appendingPathComponent("a.db"), encoding: .utf8) == "someone's")
        #expect(BundleFolder.currentContents(of: root) == root, "the refused publish switched the folder")
    }

    @Test func somethingItDidNotWriteInsideItsStateFolderIsRefusedNotSwept() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "one"], into: root)
        let kept = try temporary.write("someone's", to: "out/.aipbundle/backup/a.db")
        #expect {
            _ = try BundleFolder(root: root, policy: .init(keepForeignFiles: true))
        } throws: { error in
            "\(error)".hasPrefix("\(root.path)/.aipbundle holds .aipbundle/backup, which aipbundle did not write")
        }
        #expect(try String(contentsOf: kept, encoding: .utf8) == "someone's")
    }

    @Test func aForeignLinkBesideTheBundleIsKeptAndNotFollowed() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        let target = try temporary.write("someone's", to: "elsewhere/data.txt")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("data.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect { try publish(["a.db": "one"], into: root) } throws: { ($0 as? BundleFolderError)?.kind == .foreignContent }
        try publish(["a.db": "one"], into: root, policy: .init(keepForeignFiles: true))
        try publish(["a.db": "two"], into: root, policy: .init(keepForeignFiles: true))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "someone's")
        #expect(try String(contentsOf: root.appendingPathComponent("a.db"), encoding: .utf8) == "two")
    }

    @Test func sweepingAnOldBundleRemovesItsLinksNotWhatTheyLeadTo() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "one"], into: root)
        let victim = try temporary.write("someone's", to: "elsewhere/data.txt")
        // A dead build's folder holding a link out (an app's, or planted): the sweep removes the link only.
        let dead = root.appendingPathComponent(".aipbundle/b-\(UUID().uuidString.lowercased())")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dead.appendingPathComponent("data").path, withDestinationPath: victim.deletingLastPathComponent().path)
        _ = try BundleFolder(root: root)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "someone's")
    }
}
