import Foundation
import TestSupport
import Testing

/// `build --out`, `apply --bundle`: a folder holding files aipbundle did not write is refused unless
/// `--adopt-folder`, and those files survive byte for byte either way; no link it did not make is followed.
@Suite struct FolderOwnershipCommandTests {
    func build(_ out: URL, _ extra: [String] = []) async -> CommandRun {
        await aipbundle(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"] + extra)
    }

    /// A notes file, a `.gitignore` and an app's settings folder: what a person keeps beside a bundle.
    func writeForeignFiles(into out: String, of folder: TemporaryFolder) throws {
        try folder.write("my notes\n", to: "\(out)/notes.txt")
        try folder.write("*.db\n", to: "\(out)/.gitignore")
        try folder.write(#"{"theme": "dark"}"#, to: "\(out)/settings/app.json")
    }

    @Test func aBuildIntoAFolderOfOtherFilesIsRefusedAndAdoptFolderPublishesBesideThem() async throws {
        let folder = try TemporaryFolder()
        try writeForeignFiles(into: "out", of: folder)
        let out = folder.url.appendingPathComponent("out")
        let before = try snapshot(of: out)

        let refused = await build(out)
        #expect(refused.code == 1)
        #expect(refused.errorMessage == """
            \(out.path) holds .gitignore, notes.txt, settings, which aipbundle did not write; it never deletes or replaces \
            what is not its own, so it does not publish there: move them out, give an empty or new folder, or pass \
            --adopt-folder to publish beside them (they are kept as they are)
            """)
        #expect(try snapshot(of: out) == before, "a refused build changed the folder")

        // Twice: the second build replaces the first bundle (and sweeps it) beside the same files.
        for _ in 0..<2 {
            let adopted = await build(out, ["--adopt-folder"])
            #expect(adopted.code == 0, "\(adopted.stderr)")
            #expect(try snapshot(of: out).filter { before[$0.key] != nil } == before)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("airports.db").path)
                    == ".aipbundle/current/airports.db")
        }
        // A file of its own that a person put in a bundle file's place is not replaced either.
        try FileManager.default.removeItem(at: out.appendingPathComponent("rules.json"))
        try folder.write("mine", to: "out/rules.json")
        let inTheWay = await build(out, ["--adopt-folder"])
        #expect(inTheWay.code == 1)
        #expect(inTheWay.errorMessage.contains("\(out.path)/rules.json is a file aipbundle did not write; move it away"))
        #expect(try String(contentsOf: out.appendingPathComponent("rules.json"), encoding: .utf8) == "mine")
    }

    @Test func aStateFolderThatIsALinkIsRefusedAndWhereItLeadsIsUntouched() async throws {
        let folder = try TemporaryFolder()
        // What a sweep would have emptied: a folder of someone's, with names like the state folder's own.
        try folder.write("precious", to: "elsewhere/b-00000000-0000-0000-0000-000000000000/data")
        try folder.write("precious too", to: "elsewhere/document.txt")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(".aipbundle").path, withDestinationPath: elsewhere.path)
        let before = try snapshot(of: folder.url)

        for extra in [[], ["--adopt-folder"]] {
            let run = await build(out, extra)
            #expect(run.code == 1)
            #expect(run.errorMessage == """
                \(out.path)/.aipbundle is not a folder (a link or a file aipbundle did not make); aipbundle keeps its state in \
                a real folder of that name and follows no link it did not make: remove \(out.path)/.aipbundle, or give another folder
                """)
            #expect(try snapshot(of: folder.url) == before)
        }
    }

    @Test func aCurrentLinkLeadingOutOfTheStateFolderIsNeverFollowed() async throws {
        let folder = try TemporaryFolder()
        try folder.write("precious", to: "elsewhere/data")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out.appendingPathComponent(".aipbundle"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent(".aipbundle/current").path, withDestinationPath: "../../elsewhere")
        let before = try snapshot(of: folder.url)
        let run = await build(out, ["--adopt-folder"])
        #expect(run.code == 1)
        #expect(run.errorMessage.hasPrefix("\(out.path)/.aipbundle/current is a link to ../../elsewhere, which aipbundle did not make"))
        #expect(try snapshot(of: folder.url) == before)
    }

    @Test func aFlatBundleMovesIntoTheLayoutButOnlyTheFilesItsManifestNames() async throws {
        let folder = try TemporaryFolder()
        let built = folder.url.appendingPathComponent("built"), out = folder.url.appendingPathComponent("out")
        #expect(await build(built).code == 0)
        // A flat bundle, as an earlier version wrote it (or a person copied it): the files themselves.
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for name in try publishedFiles(in: built).keys {
            try FileManager.default.copyItem(at: built.appendingPathComponent(name).resolvingSymlinksInPath(), to: out.appendingPathComponent(name))
        }
        let flat = try publishedFiles(in: out)
        try folder.write("my notes\n", to: "out/notes.txt")
        let before = try snapshot(of: out)

        let refused = await build(out)
        #expect(refused.code == 1 && refused.errorMessage.hasPrefix("\(out.path) holds notes.txt, which aipbundle did not write"))
        #expect(try snapshot(of: out) == before)

        let adopted = await build(out, ["--adopt-folder"])
        #expect(adopted.code == 0, "\(adopted.stderr)")
        #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "my notes\n")
        for name in flat.keys {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent(name).path) == ".aipbundle/current/\(name)")
        }
    }

    @Test func applyIntoAFolderOfOtherFilesIsRefusedUnlessAdoptFolder() async throws {
        let folder = try TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try await runCommand(["keygen", "--out", keys.path])
        let built = folder.url.appendingPathComponent("built"), channel = folder.url.appendingPathComponent("channel")
        #expect(await build(built, ["--signing-key", keys.appendingPathComponent("signing.key").path]).code == 0)
        // The channel's one package: the full bundle.
        try await runCommand(["publish", "--bundle", built.path, "--channel", channel.path, "--signing-key", keys.appendingPathComponent("signing.key").path])
        let packages = channel.appendingPathComponent("packages")
        let package = packages.appendingPathComponent(try #require(FileManager.default.contentsOfDirectory(atPath: packages.path).first))
        try writeForeignFiles(into: "device", of: folder)
        let device = folder.url.appendingPathComponent("device")
        let before = try snapshot(of: device)
        let apply = ["apply", package.path, "--bundle", device.path, "--public-key", keys.appendingPathComponent("signing.pub").path]

        let refused = await aipbundle(apply)
        #expect(refused.code == 1)
        #expect(refused.errorMessage.hasPrefix("\(device.path) holds .gitignore, notes.txt, settings, which aipbundle did not write"))
        #expect(try snapshot(of: device) == before)

        let adopted = await aipbundle(apply + ["--adopt-folder"])
        #expect(adopted.code == 0, "\(adopted.stderr)")
        #expect(try snapshot(of: device).filter { before[$0.key] != nil } == before)
        #expect(FileManager.default.fileExists(atPath: device.appendingPathComponent("airports.db").path))
    }
}
