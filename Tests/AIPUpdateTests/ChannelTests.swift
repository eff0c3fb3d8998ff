import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import TestSupport
import Testing

/// `publish` lays out a channel; a client walks it.
@Suite struct ChannelTests {
    let key = SigningKey()

    /// Three versions one cycle apart, each changing one item.
    func versions() -> [TestBundle] {
        (0..<3).map { step in
            var bundle = TestBundle(version: "26\(12 + step)", airacDate: ["2026-11-26", "2026-12-24", "2027-01-21"][step])
            bundle.items[1] = ("alpha", 1.5 + Double(step))
            bundle.items[Int64(20 + step)] = ("added \(step)", Double(step))
            bundle.itemsSequence = Int64(30 + step)
            return bundle
        }
    }

    /// Publishes the versions into a channel; returns the folder, the channel and each version's built bundle.
    func publishAll(keep: Int) throws -> (TemporaryFolder, URL, [URL]) {
        let folder = try TemporaryFolder()
        let channel = folder.url.appendingPathComponent("channel")
        var built: [URL] = []
        for bundle in versions() {
            let url = folder.url.appendingPathComponent("build-\(bundle.version)")
            try bundle.publish(in: url, key: key)
            try ChannelPublisher.publish(bundle: url, channel: channel, keep: keep, key: key)
            built.append(url)
        }
        return (folder, channel, built)
    }

    @Test func aClientTwoVersionsOldTakesTheDeltaAndAnUnknownVersionTheFullBundle() throws {
        let (folder, channel, built) = try publishAll(keep: 3)
        let index = try ChannelIndex(channel: channel, trustedKey: key.publicKey)
        #expect(index.latest == "2614" && index.versions == ["2612", "2613", "2614"])
        #expect(index.updates == ["2612": "deltas/2614/from-2612", "2613": "deltas/2614/from-2613"])

        // An install of 2612, from the channel's own full bundle of that version.
        let device = folder.url.appendingPathComponent("device")
        try BundleUpdater.apply(package: channel.appendingPathComponent("bundles/2612"), to: device, trustedKey: key.publicKey)
        let walk = try #require(try ChannelClient.sync(bundle: device, channel: channel, trustedKey: key.publicKey))
        #expect(walk.fromVersion == "2612" && walk.toVersion == "2614")
        #expect(walk.files == ["items.db": .changeset, "notes.db": .unchanged, "rules.json": .unchanged])
        #expect(try ManifestVerifier.contentHashes(folder: device) == manifestHashes(built[2]))
        #expect(try ChannelClient.sync(bundle: device, channel: channel, trustedKey: key.publicKey) == nil)

        // A version the channel never published falls back to the full bundle.
        let stranger = folder.url.appendingPathComponent("stranger")
        try TestBundle(version: "2601", airacDate: "2026-01-22").publish(in: stranger, key: key)
        let fallback = try #require(try ChannelClient.sync(bundle: stranger, channel: channel, trustedKey: key.publicKey))
        #expect(fallback.fromVersion == "2601" && Set(fallback.files.values) == [.full])
        #expect(try ManifestVerifier.contentHashes(folder: stranger) == manifestHashes(built[2]))
    }

    @Test func versionsBeyondKeepGetTheFullBundle() throws {
        let (folder, channel, _) = try publishAll(keep: 1)
        defer { withExtendedLifetime(folder) {} }
        let index = try ChannelIndex(channel: channel, trustedKey: key.publicKey)
        #expect(index.updates == ["2612": "bundles/2614", "2613": "deltas/2614/from-2613"])
        #expect(FileManager.default.fileExists(atPath: channel.appendingPathComponent("bundles/2612/items.db.xz").path))
        #expect(!FileManager.default.fileExists(atPath: channel.appendingPathComponent("deltas/2614/from-2612").path))
        #expect(!FileManager.default.fileExists(atPath: channel.appendingPathComponent("deltas/2613").path))
    }

    @Test func republishingChangesNothingAndAnOlderOrRepeatedVersionIsRefused() throws {
        let (folder, channel, built) = try publishAll(keep: 3)
        let before = try snapshot(channel)
        let again = try ChannelPublisher.publish(bundle: built[2], channel: channel, keep: 3, key: key)
        #expect(!again.changed)
        #expect(try snapshot(channel) == before)

        let older = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: built[1], channel: channel, keep: 3, key: key) }
        #expect(older?.description.contains("was published before") == true)
        var rebuilt = versions()[2]
        rebuilt.rules = "{}\n"
        let other = folder.url.appendingPathComponent("other-2614")
        try rebuilt.publish(in: other, key: key)
        let clash = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: other, channel: channel, keep: 3, key: key) }
        #expect(clash?.description.contains("already published with other content") == true)
        #expect(try snapshot(channel) == before)
    }

    @Test func anUnsignedBundleIsRefusedBeforeTheChannelIsCreated() throws {
        let folder = try TemporaryFolder()
        let bundle = folder.url.appendingPathComponent("unsigned")
        try versions()[0].publish(in: bundle, key: nil)
        let channel = folder.url.appendingPathComponent("channel")
        let error = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: bundle, channel: channel, keep: 3, key: key) }
        #expect(error?.description.contains("is not signed by this key") == true)
        #expect(!FileManager.default.fileExists(atPath: channel.path))
    }

    @Test func aTamperedIndexIsRefusedByTheClient() throws {
        let (folder, channel, _) = try publishAll(keep: 3)
        let index = try #require(BundleFolder.currentContents(of: channel)).appendingPathComponent(ChannelIndex.fileName)
        let text = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "deltas/2614/from-2612", with: "bundles/2612")
        try Data(text.utf8).write(to: index)
        let device = folder.url.appendingPathComponent("device")
        let error = #expect(throws: UpdateError.self) { try ChannelClient.sync(bundle: device, channel: channel, trustedKey: key.publicKey) }
        #expect(error?.description.contains("the signature of index.json does not match") == true)
    }
}
