import Foundation
import TestSupport
import Testing

/// The hostile run's publishing classes from the command line: names read from a manifest that are paths, bundles
/// no device could install, and `check` on `manifest.sig`. Each checks the exit code, the message, and that every
/// file beside what the command owns is byte-identical.
extension HostileInputTests {
    /// A key pair from `keygen`, and the fixture tree built into `folder/name`, signed by it.
    func signedBuild(_ folder: TemporaryFolder, _ name: String, airac: String = "2026-11-26",
                     keys: (privateKey: String, publicKey: String)? = nil) async throws -> (bundle: URL, privateKey: String, publicKey: String) {
        var keys = keys
        if keys == nil {
            let keyFolder = folder.url.appendingPathComponent("keys-\(name)")
            try await runCommand(["keygen", "--out", keyFolder.path])
            keys = (keyFolder.appendingPathComponent("signing.key").path, keyFolder.appendingPathComponent("signing.pub").path)
        }
        let bundle = folder.url.appendingPathComponent(name)
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", bundle.path, "--airac", airac,
                              "--signing-key", keys!.privateKey])
        return (bundle, keys!.privateKey, keys!.publicKey)
    }

    /// Replaces `original` by `replacement` in the manifest.json of the bundle in `bundle` (its text, through the
    /// link the bundle folder has).
    func editManifest(_ bundle: URL, _ original: String, _ replacement: String) throws {
        let url = bundle.appendingPathComponent("manifest.json").resolvingSymlinksInPath()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(original))
        try Data(text.replacingOccurrences(of: original, with: replacement).utf8).write(to: url)
    }

    @Test func publishRefusesAnEditedBundleAndLeavesTheChannelAsItWas() async throws {
        let folder = try TemporaryFolder()
        let first = try await signedBuild(folder, "v1")
        let channel = folder.url.appendingPathComponent("channel")
        try await runCommand(["publish", "--bundle", first.bundle.path, "--channel", channel.path, "--signing-key", first.privateKey])
        let next = try await signedBuild(folder, "v2", airac: "2026-12-24", keys: (first.privateKey, first.publicKey))
        let rules = next.bundle.appendingPathComponent("rules.json").resolvingSymlinksInPath()
        try (try Data(contentsOf: rules) + Data(" ".utf8)).write(to: rules)
        let before = try snapshot(of: folder.url)
        let run = await aipbundle(["publish", "--bundle", next.bundle.path, "--channel", channel.path, "--signing-key", first.privateKey])
        #expect(run.code == 1)
        #expect(run.errorMessage.hasPrefix("\(next.bundle.path) (the bundle to publish) does not match its manifest.json: rules.json: bytes differ from manifest.json"),
                "\(run.errorMessage)")
        #expect(run.errorMessage.hasSuffix("a device would refuse it: build the bundle again (aipbundle build) rather than editing its files"))
        #expect(try snapshot(of: folder.url) == before)
    }

    @Test func publishRefusesAVersionThatIsAPathAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        let built = try await signedBuild(folder, "v1")
        let version = try #require(try String(contentsOf: built.bundle.appendingPathComponent("manifest.json"), encoding: .utf8)
            .firstMatch(of: /"bundle_version": "([^"]+)"/)?.1)
        try editManifest(built.bundle, "\"bundle_version\": \"\(version)\"", "\"bundle_version\": \"../../escaped\"")
        let channel = folder.url.appendingPathComponent("area/channel")
        let before = try snapshot(of: folder.url)
        let run = await aipbundle(["publish", "--bundle", built.bundle.path, "--channel", channel.path, "--signing-key", built.privateKey])
        #expect(run.code == 1)
        #expect(run.errorMessage == "\(built.bundle.path)/manifest.json (the bundle to publish): manifest.json is not a manifest: bundle_version: "
                + #""../../escaped" is not a bundle version: it must start with a letter or a digit (not '.'); the bundle is damaged: build it again (aipbundle build)"#,
                "\(run.errorMessage)")
        #expect(try snapshot(of: folder.url) == before)
    }

    @Test func deltaRefusesAFileNameThatIsAPathAndReadsNothingOutsideTheBundle() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a secret\n", to: "secret.json")
        let old = try await signedBuild(folder, "v1")
        let new = try await signedBuild(folder, "v2", airac: "2026-12-24", keys: (old.privateKey, old.publicKey))
        try editManifest(new.bundle, "\"files\": {", #""files": {"../../../secret.json": {"bytes": 9, "kind": "json", "logical_sha256": "0", "sha256": "0"},"#)
        let out = folder.url.appendingPathComponent("package")
        let before = try snapshot(of: folder.url)
        let run = await aipbundle(["delta", "--from", old.bundle.path, "--to", new.bundle.path, "--out", out.path, "--signing-key", old.privateKey])
        #expect(run.code == 1)
        #expect(run.errorMessage.contains(#"(the new bundle): manifest.json is not a manifest: files: "../../../secret.json" is not a bundle file name: it must start with a letter or a digit (not '.')"#),
                "\(run.errorMessage)")
        #expect(try snapshot(of: folder.url) == before)
    }

    @Test func checkVerifiesManifestSigWithThePublicKeyAndItsFormWithout() async throws {
        let folder = try TemporaryFolder()
        let built = try await signedBuild(folder, "v1")
        let otherKeys = folder.url.appendingPathComponent("other-keys")
        try await runCommand(["keygen", "--out", otherKeys.path])
        #expect(await exitCode(["check", built.bundle.path, "--public-key", built.publicKey]) == 0)
        #expect(await exitCode(["check", built.bundle.path]) == 0)

        let before = try snapshot(of: folder.url)
        let other = await aipbundle(["check", built.bundle.path, "--public-key", otherKeys.appendingPathComponent("signing.pub").path, "--json"])
        #expect(other.code == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(other.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.map { $0["code"] as? String } == ["check.signature"])
        #expect((findings.first?["message"] as? String)?.hasPrefix("manifest.json is signed by key ") == true, "\(findings)")
        #expect(try snapshot(of: folder.url) == before)

        let signature = built.bundle.appendingPathComponent("manifest.sig").resolvingSymlinksInPath()
        try Data("not a signature\n".utf8).write(to: signature)
        let malformed = await aipbundle(["check", built.bundle.path])
        #expect(malformed.code == 1)
        #expect(malformed.stderr.contains("manifest.sig: manifest.sig is not an Ed25519 signature (base64 of 64 bytes)"), "\(malformed.stderr)")
        try FileManager.default.removeItem(at: signature)
        try FileManager.default.removeItem(at: built.bundle.appendingPathComponent("manifest.sig"))
        let missing = await aipbundle(["check", built.bundle.path])
        #expect(missing.code == 1)
        #expect(missing.stderr.contains("manifest.sig: is missing, but manifest.json names the signing key "), "\(missing.stderr)")
    }
}
