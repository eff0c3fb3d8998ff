import Foundation
import TestSupport
import Testing

/// Every error a person can act on names the path, the cause and the fix, and none is a raw Foundation error.
@Suite struct CommandErrorTests {
    /// Texts of Foundation's own that must never reach a person.
    static let rawTexts = ["NSCocoaErrorDomain", "Error Domain=", "DecodingError", "The operation could not be completed", "UserInfo="]

    /// Runs `arguments` (a command, then options and paths) with each relative path taken inside `folder`, expects exit 1 and nothing on stdout, and
    /// returns the message.
    func failure(_ arguments: [String], in folder: TemporaryFolder, sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        let paths = arguments.dropFirst().map { $0.hasPrefix("/") || $0.hasPrefix("-") ? $0 : folder.url.appendingPathComponent($0).path }
        let run = await aipbundle([arguments[0]] + paths)
        #expect(run.code == 1 && run.stdout.isEmpty, "\(arguments): \(run)", sourceLocation: sourceLocation)
        for raw in Self.rawTexts {
            #expect(!run.stderr.contains(raw), "\(arguments): \(run.stderr)", sourceLocation: sourceLocation)
        }
        return run.errorMessage
    }

    @Test func missingOrWrongKindOfFoldersAreNamedAsSuch() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a folder", to: "file").path
        let sources = SharedFixtures.fixtureSources.path
        let root = folder.url.path
        let cases: [([String], String)] = [
            (["build", "--sources", "nowhere", "--out", "out"],
             "\(root)/nowhere (--sources, the source tree) does not exist; give the folder that holds ourairports/ and the other inputs (scripts/fetch-data.sh fetches them)"),
            (["build", "--sources", "file", "--out", "out"],
             "\(file) (--sources, the source tree) is a file, not a folder; give the folder that holds ourairports/ and the other inputs (scripts/fetch-data.sh fetches them)"),
            (["build", "--sources", sources, "--out", "file/sub"], "cannot create the output folder \(file)/sub: a part of the path is a file, not a folder"),
            (["keygen", "--out", "file"], "\(file) (--out, the folder for the key pair) is a file, not a folder; give a folder, or a path that does not exist yet"),
            (["keygen", "--out", "file/keys"], "\(file)/keys (--out, the folder for the key pair) cannot be used: a part of the path is a file, not a folder"),
            (["delta", "--from", "nowhere", "--to", "file", "--out", "d", "--signing-key", "k"], "\(root)/nowhere (--from, the older bundle) does not exist; give the folder of the installed bundle"),
            (["apply", "nowhere", "--bundle", "b", "--public-key", "k"],
             "\(root)/nowhere (the update package) does not exist; give the folder `aipbundle delta` wrote, or a channel's bundles/<version>"),
            (["delta", "--from", "file", "--to", "file", "--out", "d", "--signing-key", "k"], "\(file) (--from, the older bundle) is a file, not a folder; give the folder of the installed bundle"),
            (["publish", "--bundle", "file", "--channel", "c", "--signing-key", "k"],
             "\(file) (--bundle, the bundle to publish) is a file, not a folder; give the --out folder of `aipbundle build`"),
        ]
        for (arguments, message) in cases {
            #expect(await failure(arguments, in: folder) == message, "\(arguments)")
        }
        // Nothing was created beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["file"])
    }

    /// A path that cannot be followed is not "missing": a loop of links, or a link to nothing, is named as such.
    @Test func linksThatCannotBeFollowedAreNamedNotCalledMissing() async throws {
        let folder = try TemporaryFolder()
        let root = folder.url.path
        try FileManager.default.createSymbolicLink(atPath: "\(root)/loop", withDestinationPath: "loop")
        try FileManager.default.createSymbolicLink(atPath: "\(root)/dangling", withDestinationPath: "gone")
        #expect(await failure(["build", "--sources", "loop", "--out", "out"], in: folder)
                == "\(root)/loop (--sources, the source tree) cannot be used: it is a loop of symbolic links")
        #expect(await failure(["build", "--sources", "dangling", "--out", "out"], in: folder)
                == "\(root)/dangling (--sources, the source tree) cannot be used: it is a symbolic link to gone, which leads to nothing; fix or remove the link")
        #expect(await failure(["fetch", "--out", "loop"], in: folder)
                == "\(root)/loop (--out, the source tree) cannot be used: it is a loop of symbolic links")
    }

    @Test func unreadableKeysAndDamagedPackagesSayWhatToDo() async throws {
        let folder = try TemporaryFolder()
        let root = folder.url.path
        try await runCommand(["keygen", "--out", "\(root)/keys"])
        let key = "\(root)/keys/signing.key"
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", "\(root)/v1", "--airac", "2612", "--only", "rules", "--signing-key", key])
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", "\(root)/v2", "--airac", "2613", "--only", "rules", "--signing-key", key])
        try await runCommand(["delta", "--from", "\(root)/v1", "--to", "\(root)/v2", "--out", "\(root)/d", "--signing-key", key])

        #expect(await failure(["publish", "--bundle", "v1", "--channel", "c", "--signing-key", "absent.key"], in: folder)
                == "cannot read the key file \(root)/absent.key: it does not exist; check the path")
        #expect(await failure(["apply", "d", "--bundle", "b", "--public-key", "keys"], in: folder)
                == "cannot read the key file \(root)/keys: it is a folder, not a file")
        #expect(await failure(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", "v3", "--signing-key", "keys/signing.pub"], in: folder)
                == "\(root)/keys/signing.pub is not an aipbundle signing key (one line: aipbundle-ed25519-private <base64>); make one with `aipbundle keygen`")

        #expect(await failure(["apply", "d", "--bundle", "keys/signing.key", "--public-key", "keys/signing.pub"], in: folder)
                == "\(root)/keys/signing.key (--bundle, the installed bundle) is a file, not a folder; give a folder, or a path that does not exist yet")

        // A damaged delta.json: not JSON, then JSON without a required field.
        try FileManager.default.copyItem(atPath: "\(root)/d", toPath: "\(root)/broken")
        try Data("[".utf8).write(to: URL(fileURLWithPath: "\(root)/broken/delta.json"))
        #expect(await failure(["apply", "broken", "--bundle", "v1", "--public-key", "keys/signing.pub"], in: folder)
                == "\(root)/broken: delta.json is not a delta description; the update package is damaged or of another version of aipbundle: "
                + "make it again (aipbundle delta) or download it again")
        try Data(#"{"format": 2}"#.utf8).write(to: URL(fileURLWithPath: "\(root)/broken/delta.json"))
        #expect(await failure(["apply", "broken", "--bundle", "v1", "--public-key", "keys/signing.pub"], in: folder)
                .contains("delta.json is not a delta description: to_version is missing; "))

        // A damaged manifest.json in the bundle to publish or diff.
        // (Written through the link into the published folder: in place, as damage would be.)
        try Data(#"{"format": 1, "files": ["#.utf8).write(to: URL(fileURLWithPath: "\(root)/v2/manifest.json"))
        #expect(await failure(["delta", "--from", "v1", "--to", "v2", "--out", "d2", "--signing-key", "keys/signing.key"], in: folder) 
                == "\(root)/v2/manifest.json (the new bundle): manifest.json is not a manifest: not valid JSON; the bundle is damaged: build it again (aipbundle build)")
        #expect(await failure(["publish", "--bundle", "v2", "--channel", "c", "--signing-key", "keys/signing.key"], in: folder).hasPrefix(
            "\(root)/v2/manifest.json (the bundle to publish): manifest.json is not a manifest: not valid JSON; "))
    }

    /// The README's update example without --airac: both builds get the same cycle and version, and the message
    /// says how to tell them apart.
    @Test func twoBuildsOfOneCycleGetADeltaMessageNamingTheFix() async throws {
        let folder = try TemporaryFolder()
        let root = folder.url.path
        try await runCommand(["keygen", "--out", "\(root)/keys"])
        let key = "\(root)/keys/signing.key"
        for name in ["a", "b"] {
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", "\(root)/\(name)", "--airac", "2612", "--only", "rules",
                                  "--signing-key", key])
        }
        #expect(await failure(["delta", "--from", "a", "--to", "b", "--out", "d", "--signing-key", key], in: folder) == "the new bundle (2612, AIRAC 2612) is not newer than the old one "
                + "(2612, AIRAC 2612); a device would refuse the delta. Build the newer bundle with a later --airac, or within AIRAC 2612 with a "
                + "--bundle-version after 2612 (e.g. 2612.1)")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", "\(root)/b", "--airac", "2612",
                              "--bundle-version", "2612.1", "--only", "rules", "--signing-key", key])
        try await runCommand(["delta", "--from", "\(root)/a", "--to", "\(root)/b", "--out", "\(root)/d", "--signing-key", key])
    }

    /// `--airac` takes the cycle id or its effective date, and both give the same bundle.
    @Test func airacTakesACycleIdOrItsEffectiveDate() async throws {
        let folder = try TemporaryFolder()
        for (name, cycle) in [("id", "2612"), ("date", "2026-11-26")] {
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", folder.url.appendingPathComponent(name).path,
                                  "--airac", cycle, "--only", "rules"])
        }
        let manifests = try ["id", "date"].map { try Data(contentsOf: folder.url.appendingPathComponent("\($0)/manifest.json")) }
        #expect(manifests[0] == manifests[1])
        #expect(String(decoding: manifests[0], as: UTF8.self).contains("2026-11-26"))
    }
}
