import AIPBundleFolder
import Foundation
import TestSupport
import Testing

struct InjectedCrash: Error {}

@Suite struct BundleFolderTests {
    /// Publishes `files` (name → text) as a new bundle into `root`.
    func publish(_ files: [String: String], into root: URL, fault: (BundleFolder.Step) throws -> Void = { _ in }) throws {
        let folder = try BundleFolder(root: root)
        let staging = try folder.makeStaging()
        for (name, text) in files { try Data(text.utf8).write(to: staging.appendingPathComponent(name)) }
        try folder.publish(staging, files: files.keys.sorted(), fault: fault)
    }

    func stateEntries(_ root: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".aipbundle").path).sorted()
    }

    @Test func publishingReplacesTheWholeBundleAndLeavesOnlyItBehind() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "one", "report.json": "r1"], into: root)
        try publish(["a.db": "two", "report.json": "r2"], into: root)
        #expect(try publishedFiles(in: root) == ["a.db": Data("two".utf8), "report.json": Data("r2".utf8)])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("a.db").path) == ".aipbundle/current/a.db")
        let state = try stateEntries(root)
        #expect(state.count == 3 && state.contains("current") && state.contains("lock"), "\(state)")
        // Nothing is ever written beside --out: that is what lets --out be a mount point.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path) == ["out"])
    }

    @Test(arguments: [BundleFolder.Step.sync, .expose, .prepareFlip, .flip])
    func aCrashBeforeTheFlipLeavesThePreviousBundleAsItWas(_ step: BundleFolder.Step) throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "old"], into: root)
        let before = try publishedFiles(in: root)
        #expect(throws: InjectedCrash.self) {
            try publish(["a.db": "new", "b.db": "new"], into: root) { if $0 == step { throw InjectedCrash() } }
        }
        #expect(try publishedFiles(in: root) == before)
        // The next open sweeps the dead build's folder.
        _ = try BundleFolder(root: root)
        #expect(try stateEntries(root).count == 3)
    }

    @Test func aCrashAfterTheFlipLeavesTheNewBundleWhole() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "old"], into: root)
        #expect(throws: InjectedCrash.self) {
            try publish(["a.db": "new"], into: root) { if $0 == .sweep { throw InjectedCrash() } }
        }
        #expect(try publishedFiles(in: root) == ["a.db": Data("new".utf8)])
        // The replaced bundle's folder, left by the crash, goes at the next open.
        _ = try BundleFolder(root: root)
        #expect(try stateEntries(root).count == 3)
    }

    @Test func staleStagingFoldersOfDeadBuildsAreSwept() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        try publish(["a.db": "one"], into: root)
        let dead = UUID().uuidString.lowercased()
        try temporary.write("half-written", to: "out/.aipbundle/b-\(dead)/a.db")
        let leftover = root.appendingPathComponent(".a.db.link-\(dead)")
        try FileManager.default.createSymbolicLink(atPath: leftover.path, withDestinationPath: ".aipbundle/current/a.db")
        _ = try BundleFolder(root: root)
        #expect(try stateEntries(root).count == 3)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try publishedFiles(in: root) == ["a.db": Data("one".utf8)])
    }

    @Test func aSecondWriterIsRefusedWhileTheFirstHoldsTheFolder() throws {
        let temporary = try TemporaryFolder()
        let root = temporary.url.appendingPathComponent("out")
        do {
            let first = try BundleFolder(root: root)
            #expect {
                _ = try BundleFolder(root: root)
            } throws: { error in
                (error as? BundleFolderError)?.kind == .busy
                    && "\(error)".contains("another aipbundle process is writing to \(root.path)")
            }
            withExtendedLifetime(first) {}
        }
        _ = try BundleFolder(root: root)  // the lock went with the first value
    }

    @Test func aFlatFolderOfAnEarlierVersionBecomesABundleFolderWithTheSameBytes() throws {
        let temporary = try TemporaryFolder()
        try temporary.write("flat db", to: "out/airports.db")
        try temporary.write("flat report", to: "out/report.json")
        try temporary.write("someone's", to: "out/notes.txt")
        let root = temporary.url.appendingPathComponent("out")
        // The flat bundle's own record names its files; notes.txt is not one of them and stays as it is.
        let folder = try BundleFolder(root: root, policy: .init(flatFiles: { _ in ["airports.db", "report.json"] }, keepForeignFiles: true))
        #expect(try publishedFiles(in: root) == ["airports.db": Data("flat db".utf8), "report.json": Data("flat report".utf8),
                                                 "notes.txt": Data("someone's".utf8)])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("notes.txt").path)) == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent("airports.db").path) == ".aipbundle/current/airports.db")
        #expect(try String(contentsOf: #require(folder.current).appendingPathComponent("airports.db"), encoding: .utf8) == "flat db")
    }

    @Test func anOutputPathThatIsAFileIsRefusedWithAMessage() throws {
        let temporary = try TemporaryFolder()
        let file = try temporary.write("x", to: "out")
        #expect {
            _ = try BundleFolder(root: file)
        } throws: { error in
            "\(error)" == "\(file.path) is not a folder; the output folder must be one"
        }
    }
}
