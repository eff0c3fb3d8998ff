import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import GRDB
import TestSupport
import Testing

/// `publish` and `delta` refuse what no device could install, and names read from a manifest or an index never
/// reach a path: each refusal leaves the channel, the package folder and everything beside them as they were.
@Suite struct PublishRefusalTests {
    /// A signed bundle of `version` in `folder/name`, and the folder holding its files.
    func signedBundle(_ bundle: TestBundle, in folder: TemporaryFolder, _ name: String, key: SigningKey) throws -> (root: URL, contents: URL) {
        let root = folder.url.appendingPathComponent(name)
        try bundle.publish(in: root, key: key)
        return (root, try #require(BundleFolder.currentContents(of: root)))
    }

    /// Rewrites the manifest of the bundle whose files are in `contents` with `edit` applied to its text, and signs
    /// it again with `key`: a hostile manifest a publisher holding the key could write.
    func rewriteManifest(_ contents: URL, key: SigningKey, _ edit: (String) -> String) throws {
        let url = contents.appendingPathComponent(Manifest.fileName)
        let text = edit(try String(contentsOf: url, encoding: .utf8))
        try Data(text.utf8).write(to: url)
        try key.sign(Data(text.utf8)).signatureFileData.write(to: contents.appendingPathComponent(Manifest.signatureFileName))
    }

    @Test func anEditedBundleIsRefusedAndTheChannelIsUnchangedThenTheFixedOneIsPublished() throws {
        let published = try PublishedChannel(keep: 1)
        var next = channelVersions()[2]
        next.version = "2615"
        next.airacDate = "2027-02-18"
        let (root, contents) = try signedBundle(next, in: published.folder, "edited", key: published.key)
        // One row changed in place: the manifest (and its signature) no longer describe the file.
        let queue = try DatabaseQueue(path: contents.appendingPathComponent("notes.db").path)
        try queue.write { try $0.execute(sql: "UPDATE notes SET note = 'edited' WHERE icao = 'LFAT'") }
        try queue.close()
        let before = try snapshot(published.folder.url)
        let error = #expect(throws: DeltaError.self) {
            try ChannelPublisher.publish(bundle: root, channel: published.channel, keep: 1, key: published.key)
        }
        #expect(error?.kind == .badBundle)
        #expect(error?.description.contains("(the bundle to publish) does not match its manifest.json: notes.db: bytes differ from manifest.json") == true,
                "\(error?.description ?? "")")
        #expect(error?.description.contains("its content differs too") == true)
        #expect(try snapshot(published.folder.url) == before)

        // The fixed bundle (built again under the same version) is published: not "nothing changed".
        try FileManager.default.removeItem(at: root)
        try next.publish(in: root, key: published.key)
        let result = try ChannelPublisher.publish(bundle: root, channel: published.channel, keep: 1, key: published.key)
        #expect(result.changed && result.version == "2615" && result.deltasFrom == ["2614"])
    }

    @Test func aFileWithOtherBytesIsRefusedEvenWhenItsContentIsTheSame() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let (root, contents) = try signedBundle(channelVersions()[1], in: folder, "bundle", key: key)
        // A JSON file's content is its bytes: one more space is another file.
        try Data(#"{"rules":[1,2,3]} "#.utf8 + [0x0A]).write(to: contents.appendingPathComponent("rules.json"))
        let channel = folder.url.appendingPathComponent("channel")
        let error = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: root, channel: channel, keep: 1, key: key) }
        #expect(error?.description.contains("rules.json: bytes differ from manifest.json") == true, "\(error?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: channel.path))

        // VACUUM leaves the same rows in other pages: `check` accepts that (a device's patched file is the same), but a
        // full package ships the bytes, which would not be the ones the manifest records.
        let (vacuumedRoot, vacuumed) = try signedBundle(channelVersions()[1], in: folder, "vacuumed", key: key)
        let queue = try DatabaseQueue(path: vacuumed.appendingPathComponent("items.db").path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA page_size = 1024; VACUUM") }
        try queue.close()
        #expect(ManifestVerifier.verify(folder: vacuumed).isEmpty)
        let exact = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: vacuumedRoot, channel: channel, keep: 1, key: key) }
        #expect(exact?.description.contains("items.db: bytes differ") == true && exact?.description.contains("its content is the same") == true,
                "\(exact?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: channel.path))
    }

    @Test(arguments: ["another key", "a flipped byte", "missing"])
    func aBadlySignedBundleIsRefusedAndTheChannelIsUnchanged(_ damage: String) throws {
        let published = try PublishedChannel(keep: 1)
        let before = try snapshot(published.channel)
        var next = channelVersions()[2]
        next.version = "2615"
        next.airacDate = "2027-02-18"
        let (root, contents) = try signedBundle(next, in: published.folder, "next", key: published.key)
        let signature = contents.appendingPathComponent(Manifest.signatureFileName)
        switch damage {
        case "another key":
            try SigningKey().sign(Data(contentsOf: contents.appendingPathComponent(Manifest.fileName))).signatureFileData.write(to: signature)
        case "a flipped byte":
            var raw = try #require(Data(base64Encoded: String(contentsOf: signature, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            raw[10] ^= 0x01
            try Data((raw.base64EncodedString() + "\n").utf8).write(to: signature)
        default:
            try FileManager.default.removeItem(at: signature)
        }
        let error = #expect(throws: DeltaError.self) {
            try ChannelPublisher.publish(bundle: root, channel: published.channel, keep: 1, key: published.key)
        }
        let expected = damage == "missing" ? "manifest.json has no signature" : "the signature of manifest.json does not match its content"
        #expect(error?.description.contains("(the bundle to publish): \(expected)") == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("a device would refuse it") == true)
        #expect(try snapshot(published.channel) == before)
    }

    @Test func aVersionThatIsAPathIsRefusedAndNothingIsWrittenOutsideTheChannel() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let (root, contents) = try signedBundle(channelVersions()[0], in: folder, "bundle", key: key)
        try rewriteManifest(contents, key: key) { $0.replacingOccurrences(of: #""bundle_version": "2612""#, with: #""bundle_version": "../../x""#) }
        let channel = folder.url.appendingPathComponent("area/channel")
        try FileManager.default.createDirectory(at: channel, withIntermediateDirectories: true)
        let before = try snapshot(folder.url)
        let error = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: root, channel: channel, keep: 1, key: key) }
        #expect(error?.description.contains(#"(the bundle to publish): manifest.json is not a manifest: bundle_version: "../../x" is not a bundle version: it must start with a letter or a digit (not '.')"#) == true,
                "\(error?.description ?? "")")
        #expect(try snapshot(folder.url) == before)
    }

    @Test func aFileNameThatIsAPathIsRefusedAndDeltaReadsNothingOutsideTheBundle() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let secret = try folder.write("private notes\n", to: "secret")
        let (oldRoot, _) = try signedBundle(channelVersions()[0], in: folder, "old", key: key)
        let (newRoot, newContents) = try signedBundle(channelVersions()[1], in: folder, "new", key: key)
        // The manifest lists ../../../secret with the secret's true size and hashes, so only the name gives it away.
        let entry = try ManifestFile(fileAt: secret, kind: .json)
        let entryJSON = #""../../../secret" : { "bytes" : \#(entry.bytes), "kind" : "json", "logical_sha256" : "\#(entry.logicalSHA256)", "sha256" : "\#(entry.sha256)" },"#
        try rewriteManifest(newContents, key: key) { $0.replacingOccurrences(of: #""files": {"#, with: #""files": {"# + entryJSON) }
        #expect(try String(contentsOf: newContents.appendingPathComponent(Manifest.fileName), encoding: .utf8).contains("../../../secret"))
        let out = folder.url.appendingPathComponent("package")
        let before = try snapshot(folder.url)
        let error = #expect(throws: DeltaError.self) {
            try DeltaPackageWriter.write(from: oldRoot, to: newRoot, out: out, key: key)
        }
        #expect(error?.description.contains(#"(the new bundle): manifest.json is not a manifest: files: "../../../secret" is not a bundle file name: it must start with a letter or a digit (not '.')"#) == true,
                "\(error?.description ?? "")")
        #expect(try snapshot(folder.url) == before)
    }

    @Test(arguments: [(#""latest": "2614""#, #""latest": "../x""#), (#""from": "2613""#, #""from": "2613/../..""#)])
    func anIndexNamingAVersionThatIsAPathIsRefusedByTheDevice(_ original: String, _ hostile: String) throws {
        let published = try PublishedChannel(keep: 1)
        let text = String(decoding: try published.index().jsonData(), as: UTF8.self)
        #expect(text.contains(original))
        let signed = Data(text.replacingOccurrences(of: original, with: hostile).utf8)
        let envelope = try published.key.sign(signed)
        let error = #expect(throws: UpdateError.self) {
            try ChannelIndex(published: envelope.envelopeData(), trustedKey: published.key.publicKey, now: Date())
        }
        #expect(error?.kind == .unsupported && error?.description.contains("is not a bundle version") == true, "\(error?.description ?? "")")
    }

    /// A publish that was verifying its bundle while another one published a newer version decides on the index
    /// as it is once it holds the channel: it is refused as not newer, and `latest` stays at the newer version.
    @Test func aPublishOvertakenWhileVerifyingSeesTheNewerIndex() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let roots = try channelVersions().map { bundle in
            let root = folder.url.appendingPathComponent("build-\(bundle.version)")
            try bundle.publish(in: root, key: key)
            return root
        }
        let channel = folder.url.appendingPathComponent("channel")
        let first = try ChannelPublisher.publish(bundle: roots[0], channel: channel, keep: 1, key: key)
        var overtaken = false
        let error = #expect(throws: DeltaError.self) {
            try ChannelPublisher.publish(bundle: roots[1], channel: channel, keep: 1, key: key, beforeLock: {
                try ChannelPublisher.publish(bundle: roots[2], channel: channel, keep: 1, key: key)
                overtaken = true
            })
        }
        #expect(overtaken)
        #expect(error?.kind == .notNewer)
        #expect(error?.description == "the bundle (2613, AIRAC 2612) is not newer than the channel's latest (2614, AIRAC 2612)", "\(error?.description ?? "")")
        let index = try ChannelIndex(published: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName)), trustedKey: key.publicKey, now: Date())
        #expect(index.latest == "2614" && index.versions == ["2612", "2614"] && index.sequence > first.sequence)
    }

    /// Two publishes racing on one channel, many times: the lock is taken before the index is read, so whichever
    /// order they run in, `latest` ends at the newest version and every publish that succeeded is in the index.
    @Test func racingPublishesNeverMoveLatestBackOrDropAVersion() async throws {
        let key = SigningKey()
        for round in 0..<3 {
            let folder = try TemporaryFolder()
            let versions = channelVersions()
            var roots: [URL] = []
            for bundle in versions {
                let root = folder.url.appendingPathComponent("build-\(bundle.version)")
                try bundle.publish(in: root, key: key)
                roots.append(root)
            }
            let channel = folder.url.appendingPathComponent("channel")
            try ChannelPublisher.publish(bundle: roots[0], channel: channel, keep: 2, key: key)
            // Alternate which one starts first; each retries while the other holds the channel.
            let order = round % 2 == 0 ? [1, 2] : [2, 1]
            let outcomes = await withTaskGroup(of: (Int, String).self) { group in
                for step in order {
                    let root = roots[step]
                    group.addTask { (step, Self.publishRetryingWhileLocked(root, channel: channel, key: key)) }
                }
                return await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            let index = try ChannelIndex(published: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName)),
                                         trustedKey: key.publicKey, now: Date())
            #expect(index.latest == "2614", "round \(round): \(outcomes)")
            for (step, outcome) in outcomes {
                if outcome == "published" {
                    #expect(index.versions.contains(versions[step].version), "round \(round): \(outcomes)")
                } else {
                    // Only the older one may be refused, and only for running after the newer one.
                    #expect(step == 1 && outcome.contains("is not newer than the channel's latest (2614"), "round \(round): \(outcomes)")
                }
            }
            #expect(index.versions.first == "2612" && index.versions.last == "2614" && index.versions == index.versions.sorted())
        }
    }

    /// Publishes `root`, retrying while another publish holds the channel: "published", or the refusal's text.
    private static func publishRetryingWhileLocked(_ root: URL, channel: URL, key: SigningKey) -> String {
        while true {
            do {
                try ChannelPublisher.publish(bundle: root, channel: channel, keep: 2, key: key)
                return "published"
            } catch let error as DeltaError where error.kind == .busy {
                usleep(5_000)
            } catch {
                return "\(error)"
            }
        }
    }
}
