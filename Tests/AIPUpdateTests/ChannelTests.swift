import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import TestSupport
import Testing

/// `count` versions (three unless told) one cycle apart from 2612, each changing one item of 3,000; the second adds
/// rules.json. The full bundle is then several times a delta, as with real data.
func channelVersions(count: Int = 3) -> [TestBundle] {
    let filler = Dictionary(uniqueKeysWithValues: (100..<3_100).map { (Int64($0), (name: "item \($0 * 7_919 % 10_007)", value: Double($0) / 7)) })
    let dates = ISO8601DateFormatter()
    dates.formatOptions = [.withFullDate]
    let first = dates.date(from: "2026-11-26")!
    return (0..<count).map { step in
        var bundle = TestBundle(version: "26\(12 + step)", airacDate: dates.string(from: first.addingTimeInterval(Double(step) * 28 * 24 * 3600)))
        bundle.items.merge(filler) { old, _ in old }
        bundle.items[1] = ("alpha", 1.5 + Double(step))
        bundle.items[Int64(20 + step)] = ("added \(step)", Double(step))
        bundle.itemsSequence = Int64(3_200 + step)
        if step == 0 { bundle.rules = nil }
        return bundle
    }
}

/// A channel with the three versions published in order, and each version's built bundle.
struct PublishedChannel {
    let folder: TemporaryFolder
    let key: SigningKey
    /// When each version was published: the indexes' sequences count on from its Unix time.
    let now: Date
    var channel: URL { folder.url.appendingPathComponent("channel") }
    var built: [URL]

    init(keep: Int, key: SigningKey = SigningKey(), now: Date = Date()) throws {
        folder = try TemporaryFolder()
        self.key = key
        self.now = now
        built = []
        for bundle in channelVersions() {
            let url = folder.url.appendingPathComponent("build-\(bundle.version)")
            try bundle.publish(in: url, key: key)
            try ChannelPublisher.publish(bundle: url, channel: folder.url.appendingPathComponent("channel"), keep: keep, key: key, now: now)
            built.append(url)
        }
    }

    func index() throws -> ChannelIndex {
        try ChannelIndex(published: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName)), trustedKey: key.publicKey, now: Date())
    }

    /// The channel's full package of `version`.
    func fullPackage(_ version: String) throws -> URL {
        let entry = try #require(try index().packages.first { $0.from == nil && $0.to == version })
        return channel.appendingPathComponent(entry.path)
    }
}

/// `publish` lays out a channel of plain files.
@Suite struct ChannelTests {
    @Test func theChannelIsPlainFilesWithOnePackagePerFolderNamedByItsHash() throws {
        let published = try PublishedChannel(keep: 2)
        let index = try published.index()
        // Three indexes signed within a second: the Unix time, then one more each time.
        #expect(index.latest == "2614" && index.versions == ["2612", "2613", "2614"] && index.sequence == Int(published.now.timeIntervalSince1970) + 2)
        #expect(index.packages.map { "\($0.from ?? "full")→\($0.to)" } == ["full→2613", "full→2614", "2612→2614", "2613→2614"])
        let walker = try #require(FileManager.default.enumerator(atPath: published.channel.path))
        var entries: [String] = []
        for case let path as String in walker {
            let values = try published.channel.appendingPathComponent(path).resourceValues(forKeys: [.isSymbolicLinkKey])
            #expect(values.isSymbolicLink == false, "\(path) is a symbolic link")
            entries.append(path)
        }
        #expect(Set(entries.filter { !$0.contains("/") }) == ["index.json", "packages"])
        for entry in index.packages {
            let folder = published.channel.appendingPathComponent(entry.path)
            #expect(try sha256sum(folder.appendingPathComponent(DeltaManifest.fileName)) == entry.deltaSHA256)
            let bytes = try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) {
                $0 + (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($1).path)[.size] as! Int)
            }
            #expect(bytes == entry.bytes)
        }
    }

    @Test func publishingToAChannelCopiedBackAsPlainFilesWorks() async throws {
        let key = SigningKey()
        let folder = try TemporaryFolder()
        let versions = channelVersions()
        let first = folder.url.appendingPathComponent("channel")
        var built: [URL] = []
        for bundle in versions {
            let url = folder.url.appendingPathComponent("build-\(bundle.version)")
            try bundle.publish(in: url, key: key)
            built.append(url)
        }
        try ChannelPublisher.publish(bundle: built[0], channel: first, keep: 3, key: key)
        let second = try ChannelPublisher.publish(bundle: built[1], channel: first, keep: 3, key: key)
        // An object store keeps no links, owners or hidden files: copy the files one by one into a new folder.
        let synced = folder.url.appendingPathComponent("synced")
        let walker = try #require(FileManager.default.enumerator(atPath: first.path))
        for case let path as String in walker {
            let source = first.appendingPathComponent(path)
            if (try source.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true { continue }
            try FileManager.default.createDirectory(at: synced.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: source).write(to: synced.appendingPathComponent(path))
        }
        let result = try ChannelPublisher.publish(bundle: built[2], channel: synced, keep: 3, key: key)
        #expect(result.changed && result.deltasFrom == ["2612", "2613"] && result.sequence > second.sequence)
        let device = folder.url.appendingPathComponent("device")
        let client = UpdateClient(channel: synced, bundle: device, work: folder.url.appendingPathComponent("work"), trustedKey: key.publicKey)
        let outcome = try await client.update()
        #expect(outcome.version == "2614")
        #expect(try ManifestVerifier.contentHashes(folder: device) == manifestHashes(built[2]))
    }

    @Test func republishingChangesNothingRefreshReSignsAndAnOlderOrRepeatedVersionIsRefused() throws {
        let published = try PublishedChannel(keep: 3)
        let before = try snapshot(published.channel)
        let again = try ChannelPublisher.publish(bundle: published.built[2], channel: published.channel, keep: 3, key: published.key)
        #expect(!again.changed)
        #expect(try snapshot(published.channel) == before)

        let older = #expect(throws: DeltaError.self) {
            try ChannelPublisher.publish(bundle: published.built[1], channel: published.channel, keep: 3, key: published.key)
        }
        #expect(older?.kind == .versionTaken && older?.description.contains("was published before") == true)
        var rebuilt = channelVersions()[2]
        rebuilt.rules = "{}\n"
        let other = published.folder.url.appendingPathComponent("other-2614")
        try rebuilt.publish(in: other, key: published.key)
        let clash = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: other, channel: published.channel, keep: 3, key: published.key) }
        #expect(clash?.kind == .versionTaken && clash?.description.contains("already published with other content") == true)
        // The option that names a build's version is --bundle-version (`--version` prints aipbundle's own).
        #expect(clash?.description.hasSuffix("build the new bundle with a new --bundle-version") == true, "\(clash?.description ?? "")")
        #expect(try snapshot(published.channel) == before)

        let previous = try published.index()
        let later = Date().addingTimeInterval(10 * 24 * 3600)
        let refreshed = try ChannelPublisher.publish(bundle: nil, channel: published.channel, keep: 3, key: published.key, refresh: true, now: later)
        #expect(refreshed.changed && refreshed.sequence == Int(later.timeIntervalSince1970) && refreshed.version == "2614")
        let index = try published.index()
        #expect(index.sequence == refreshed.sequence && index.expires == ChannelIndex.timestamp(later.addingTimeInterval(ChannelPublisher.defaultValidity)))
        #expect(index.packages == previous.packages && index.versions == previous.versions)
    }

    @Test func anUnsignedBundleIsRefusedBeforeTheChannelIsCreated() throws {
        let folder = try TemporaryFolder()
        let bundle = folder.url.appendingPathComponent("unsigned")
        try channelVersions()[0].publish(in: bundle, key: nil)
        let channel = folder.url.appendingPathComponent("channel")
        let error = #expect(throws: DeltaError.self) { try ChannelPublisher.publish(bundle: bundle, channel: channel, keep: 3, key: SigningKey()) }
        #expect(error?.kind == .badSignature && error?.description.contains("is not signed by this key") == true)
        #expect(!FileManager.default.fileExists(atPath: channel.path))
    }
}

