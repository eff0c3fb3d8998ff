import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import TestSupport
import Testing

/// What `publish` finds in a channel that is not as it left it (a damaged folder synced back, a stale copy, a killed
/// run's leftovers, files of others), and what it keeps as versions pile up.
@Suite struct PublishHousekeepingTests {
    /// Each of `versions` built and signed by `key` in `folder/build-<version>`.
    func build(_ versions: [TestBundle], in folder: TemporaryFolder, key: SigningKey) throws -> [URL] {
        try versions.map { bundle in
            let url = folder.url.appendingPathComponent("build-\(bundle.version)")
            try bundle.publish(in: url, key: key)
            return url
        }
    }

    func index(_ channel: URL, key: SigningKey) throws -> ChannelIndex {
        try ChannelIndex(published: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName)), trustedKey: key.publicKey, now: Date())
    }

    func paths(_ entries: [ChannelIndex.Entry]) -> [String] { entries.map { "\($0.from ?? "full")→\($0.to)" } }

    /// A folder under the name publish would give a package, not holding that package: an upload cut short and synced
    /// back, a flipped byte. publish makes it again rather than signing it into the index, so fresh installs work.
    @Test(arguments: ["a missing payload", "a flipped byte", "an empty folder"])
    func aDamagedPackageFolderOfTheNameItWouldMakeIsMadeAgain(_ damage: String) async throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let built = try build(channelVersions(count: 2), in: folder, key: key)
        let reference = folder.url.appendingPathComponent("reference"), channel = folder.url.appendingPathComponent("channel")
        for url in [reference, channel] { try ChannelPublisher.publish(bundle: built[0], channel: url, keep: 1, key: key) }
        try ChannelPublisher.publish(bundle: built[1], channel: reference, keep: 1, key: key)
        let made = try index(reference, key: key).packages.filter { $0.to == "2613" }
        #expect(paths(made) == ["full→2613", "2612→2613"])
        for entry in made {
            let damaged = channel.appendingPathComponent(entry.path)
            try FileManager.default.copyItem(at: reference.appendingPathComponent(entry.path), to: damaged)
            let names = try FileManager.default.contentsOfDirectory(atPath: damaged.path)
            let largest = try #require(try names.max { try size(damaged.appendingPathComponent($0)) < size(damaged.appendingPathComponent($1)) })
            switch damage {
            case "a missing payload": try FileManager.default.removeItem(at: damaged.appendingPathComponent(largest))
            case "a flipped byte": try flipByte(damaged.appendingPathComponent(largest), at: 10)
            default: for name in names { try FileManager.default.removeItem(at: damaged.appendingPathComponent(name)) }
            }
        }

        try ChannelPublisher.publish(bundle: built[1], channel: channel, keep: 1, key: key)
        let published = try index(channel, key: key)
        #expect(published.packages.map(\.deltaSHA256) == (try index(reference, key: key)).packages.map(\.deltaSHA256))
        for entry in made {
            #expect(try snapshot(channel.appendingPathComponent(entry.path)) == snapshot(reference.appendingPathComponent(entry.path)), "\(entry.path)")
        }
        let fresh = UpdateClient(channel: channel, bundle: folder.url.appendingPathComponent("device"),
                                 work: folder.url.appendingPathComponent("work"), trustedKey: key.publicKey)
        #expect(try await fresh.update().version == "2613")
    }

    /// A publish from a copy of the channel taken before the last publish (another machine's cache, a restored
    /// backup) must not sign a sequence devices have seen: they would refuse the newer version as a replay.
    @Test func aPublishFromAStaleCopyOfTheChannelReachesADeviceThatSawTheNewerIndex() async throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let built = try build(channelVersions(count: 4), in: folder, key: key)
        let channel = folder.url.appendingPathComponent("channel"), stale = folder.url.appendingPathComponent("stale")
        let day: TimeInterval = 24 * 3600
        let start = Date().addingTimeInterval(-4 * day)
        try ChannelPublisher.publish(bundle: built[0], channel: channel, keep: 1, key: key, now: start)
        try ChannelPublisher.publish(bundle: built[1], channel: channel, keep: 1, key: key, now: start + day)
        try FileManager.default.copyItem(at: channel, to: stale)
        let latest = try ChannelPublisher.publish(bundle: built[2], channel: channel, keep: 1, key: key, now: start + 2 * day)
        #expect(latest.sequence >= Int((start + 2 * day).timeIntervalSince1970))
        let device = folder.url.appendingPathComponent("device"), work = folder.url.appendingPathComponent("work")
        #expect(try await UpdateClient(channel: channel, bundle: device, work: work, trustedKey: key.publicKey).update().version == "2614")

        let fromStale = try ChannelPublisher.publish(bundle: built[3], channel: stale, keep: 1, key: key, now: start + 3 * day)
        #expect(fromStale.sequence > latest.sequence)
        #expect(try await UpdateClient(channel: stale, bundle: device, work: work, trustedKey: key.publicKey).update().version == "2615")
        // Within one second the sequence still grows by one.
        let refreshed = try ChannelPublisher.publish(bundle: nil, channel: stale, keep: 1, key: key, refresh: true, now: start + 3 * day)
        #expect(refreshed.sequence == fromStale.sequence + 1)
    }

    /// A publish killed part-way leaves a package folder being assembled and an index not yet renamed; the next
    /// publish removes them, and nothing it did not make: a sync tool's temporaries, notes, another package.
    @Test func publishRemovesWhatAKilledPublishLeftAndNothingElse() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let built = try build(channelVersions(count: 2), in: folder, key: key)
        let channel = folder.url.appendingPathComponent("channel")
        try ChannelPublisher.publish(bundle: built[0], channel: channel, keep: 1, key: key)
        let uuid = { UUID().uuidString.lowercased() }
        // A killed publish's package folder being assembled, and its index not yet renamed.
        let leftovers = ["packages/.tmp-\(uuid())", ".index.json.tmp-\(uuid())"]
        _ = try folder.write("left here\n", to: "channel/\(leftovers[0])/delta.json")
        _ = try folder.write("left here\n", to: "channel/\(leftovers[1])")
        let foreign = ["packages/.tmp-upload.part", "packages/README.txt", ".index.json.tmp-edited-by-hand", "notes.txt",
                       "packages/\(String(repeating: "a", count: 64))/delta.json"]
        for path in foreign { _ = try folder.write("left here\n", to: "channel/\(path)") }

        try ChannelPublisher.publish(bundle: built[1], channel: channel, keep: 1, key: key)
        for path in leftovers {
            #expect(!FileManager.default.fileExists(atPath: channel.appendingPathComponent(path).path), "\(path) is still there")
        }
        for path in foreign {
            #expect(try String(contentsOf: channel.appendingPathComponent(path), encoding: .utf8) == "left here\n", "\(path)")
        }
    }

    /// Versions pile up: the channel keeps the full bundles the last `--keep` versions need (the latest for fresh
    /// installs, the others for the next publish's deltas) and the deltas into the latest; every other package it
    /// made goes. A device within `--keep` versions takes one delta, one further behind the full bundle.
    @Test func aChannelKeepsOnlyWhatTheLastKeepVersionsNeedAndADeviceFarBehindTakesTheFullBundle() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let versions = channelVersions(count: 7)
        let built = try build(versions, in: folder, key: key)
        let channel = folder.url.appendingPathComponent("channel")
        var last: ChannelPublisher.Result?
        for url in built.prefix(6) { last = try ChannelPublisher.publish(bundle: url, channel: channel, keep: 2, key: key) }
        #expect(last?.deltasFrom == ["2615", "2616"])
        let index = try index(channel, key: key)
        #expect(index.versions == versions.prefix(6).map(\.version))
        #expect(paths(index.packages) == ["full→2616", "full→2617", "2615→2617", "2616→2617"])
        let packages = channel.appendingPathComponent(ChannelIndex.packagesFolder)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: packages.path)) == Set(index.packages.map(\.deltaSHA256)))
        for installed in versions.prefix(5).map(\.version) {
            let plan = try #require(UpdatePlan.cheapest(in: index, installed: installed))
            #expect(paths(plan.steps) == (["2615", "2616"].contains(installed) ? ["\(installed)→2617"] : ["full→2617"]), "from \(installed)")
        }
        // A later publish keeping more versions makes deltas from those whose full bundle the channel still has.
        let wider = try ChannelPublisher.publish(bundle: built[6], channel: channel, keep: 4, key: key)
        #expect(wider.deltasFrom == ["2616", "2617"])
    }

    /// A package publish made that no index names any more (a publish killed between writing the index and pruning,
    /// a sync that brought a deleted folder back) goes with the next publish; another key's package stays.
    @Test func anUnlistedPackageSignedByTheKeyIsPrunedAndOneOfAnotherKeyIsKept() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let built = try build(channelVersions(count: 4), in: folder, key: key)
        let channel = folder.url.appendingPathComponent("channel")
        try ChannelPublisher.publish(bundle: built[0], channel: channel, keep: 1, key: key)
        let first = try #require(try index(channel, key: key).packages.first)
        let saved = folder.url.appendingPathComponent("saved")
        try FileManager.default.copyItem(at: channel.appendingPathComponent(first.path), to: saved)
        for url in built[1...2] { try ChannelPublisher.publish(bundle: url, channel: channel, keep: 1, key: key) }
        #expect(!FileManager.default.fileExists(atPath: channel.appendingPathComponent(first.path).path))
        try FileManager.default.copyItem(at: saved, to: channel.appendingPathComponent(first.path))
        // The same package signed by another key, under the name its delta.json gives it.
        let other = SigningKey()
        let otherBuild = folder.url.appendingPathComponent("other-build"), foreign = folder.url.appendingPathComponent("foreign")
        try channelVersions()[0].publish(in: otherBuild, key: other)
        try DeltaPackageWriter.write(from: nil, to: otherBuild, out: foreign, key: other)
        let foreignName = try sha256sum(foreign.appendingPathComponent(DeltaManifest.fileName))
        try FileManager.default.moveItem(at: foreign, to: channel.appendingPathComponent("\(ChannelIndex.packagesFolder)/\(foreignName)"))

        try ChannelPublisher.publish(bundle: built[3], channel: channel, keep: 1, key: key)
        #expect(!FileManager.default.fileExists(atPath: channel.appendingPathComponent(first.path).path))
        #expect(FileManager.default.fileExists(atPath: channel.appendingPathComponent("\(ChannelIndex.packagesFolder)/\(foreignName)/delta.json").path))
    }

    /// Where the device chooses: a chain of deltas only when it costs fewer bytes than the full bundle.
    @Test(arguments: [(100, ["2612→2613", "2613→2614"]), (600, ["full→2614"])])
    func aDeviceTakesAChainOfDeltasOnlyWhenItCostsFewerBytesThanTheFullBundle(_ deltaBytes: Int, _ expected: [String]) {
        let sha = { (n: Int) in String(repeating: "\(n)", count: 64) }
        let index = ChannelIndex(sequence: 1, issued: Date(), expires: Date(), latest: "2614", versions: ["2612", "2613", "2614"],
                                 packages: [ChannelIndex.Entry(from: nil, to: "2614", deltaSHA256: sha(1), bytes: 1_000),
                                            ChannelIndex.Entry(from: "2612", to: "2613", deltaSHA256: sha(2), bytes: deltaBytes),
                                            ChannelIndex.Entry(from: "2613", to: "2614", deltaSHA256: sha(3), bytes: deltaBytes)],
                                 signing: SigningKey().signing)
        #expect(paths(UpdatePlan.cheapest(in: index, installed: "2612")?.steps ?? []) == expected)
    }

    private func size(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
    }
}
