import AIPBundleFolder
import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupport
import Testing

/// The update client against a channel made by `publish`, served over HTTP on 127.0.0.1.
@Suite struct UpdateClientTests {
    /// A served channel and a device: `device` is the bundle folder, `work` the client's folder.
    struct Served {
        let published: PublishedChannel
        let server: LoopbackServer
        var device: URL { published.folder.url.appendingPathComponent("device") }
        var work: URL { published.folder.url.appendingPathComponent("work") }

        init(keep: Int, now: Date = Date()) throws {
            published = try PublishedChannel(keep: keep, now: now)
            server = try LoopbackServer(root: published.channel)
        }

        /// A client of the served channel (or of `channel`), logging its states to `states` and telling `observe`.
        func client(path channel: URL? = nil, states: StateLog? = nil,
                    observe: @escaping @Sendable (UpdateClient.State) -> Void = { _ in }) -> UpdateClient {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 10
            return UpdateClient(channel: channel ?? server.baseURL, bundle: device, work: work, trustedKey: published.key.publicKey,
                                session: URLSession(configuration: configuration), onState: { states?.append($0); observe($0) })
        }

        /// Installs version `index` (0-based) on the device from a full package of its build (the channel keeps the
        /// full bundles of the last `keep` versions only).
        func install(_ index: Int) throws {
            let package = published.folder.url.appendingPathComponent("full-package-\(index)")
            if !FileManager.default.fileExists(atPath: package.path) {
                try DeltaPackageWriter.write(from: nil, to: published.built[index], out: package, key: published.key)
            }
            try BundleUpdater.apply(package: package, to: device, trustedKey: published.key.publicKey)
        }

        /// Adds the delta 2612 → 2613 to the channel and its index, re-signed: `publish` lists deltas into the latest
        /// only, but an index that lists a chain (an earlier aipbundle's, another publisher's) is followed all the same.
        func addChainStart() throws {
            let scratch = published.folder.url.appendingPathComponent("chain-start")
            try DeltaPackageWriter.write(from: published.built[0], to: published.built[1], out: scratch, key: published.key)
            let name = try sha256sum(scratch.appendingPathComponent(DeltaManifest.fileName))
            let bytes = try FileManager.default.contentsOfDirectory(atPath: scratch.path).reduce(0) {
                $0 + (try FileManager.default.attributesOfItem(atPath: scratch.appendingPathComponent($1).path)[.size] as! Int)
            }
            try FileManager.default.moveItem(at: scratch, to: published.channel.appendingPathComponent("\(ChannelIndex.packagesFolder)/\(name)"))
            var index = try published.index()
            index.packages.append(ChannelIndex.Entry(from: "2612", to: "2613", deltaSHA256: name, bytes: bytes))
            index.sequence += 1
            try published.key.sign(index.jsonData()).envelopeData().write(to: published.channel.appendingPathComponent(ChannelIndex.fileName))
        }

        func paths(_ entries: [ChannelIndex.Entry]) -> [String] { entries.map { "\($0.from ?? "full")→\($0.to)" } }
    }

    final class StateLog: @unchecked Sendable {
        private let lock = NSLock()
        private var states: [UpdateClient.State] = []
        func append(_ state: UpdateClient.State) { lock.withLock { states.append(state) } }
        var all: [UpdateClient.State] { lock.withLock { states } }
    }

    @Test func aDeviceAtV1UpdatesToV3ThroughTwoDeltasWithProgress() async throws {
        let served = try Served(keep: 1)
        try served.addChainStart()
        try served.install(0)
        let (index, plan) = try await served.client().check()
        let steps = try #require(plan).steps
        #expect(index.latest == "2614" && served.paths(steps) == ["2612→2613", "2613→2614"])
        let states = StateLog()
        let outcome = try await served.client(states: states).update()
        #expect(outcome.fromVersion == "2612" && outcome.version == "2614" && outcome.changed)
        #expect(served.paths(outcome.steps) == ["2612→2613", "2613→2614"])
        #expect(outcome.downloadedBytes == outcome.steps.reduce(0) { $0 + $1.bytes })
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
        // rules.json came with 2613: it is exposed at the top level like every other file.
        #expect(FileManager.default.fileExists(atPath: served.device.appendingPathComponent("rules.json").path))
        let seen = states.all
        #expect(seen.first == .checking && seen.contains(.applying))
        let progress = seen.compactMap { if case .downloading(let p) = $0 { p } else { nil } }
        #expect(progress.first?.bytes == 0 && progress.last?.bytes == outcome.downloadedBytes)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.bytes <= $1.bytes })
        if case .complete(let final) = seen.last { #expect(final == outcome) } else { Issue.record("last state \(String(describing: seen.last))") }
        // The next run finds it current, downloads nothing and changes nothing.
        let before = try snapshot(served.device)
        let again = try await served.client().update()
        #expect(!again.changed && again.downloadedBytes == 0)
        #expect(try snapshot(served.device) == before)
    }

    @Test func anEmptyFolderInstallsV3InFull() async throws {
        let served = try Served(keep: 1)
        let outcome = try await served.client().update()
        #expect(outcome.fromVersion == nil && served.paths(outcome.steps) == ["full→2614"])
        #expect(ManifestVerifier.verify(folder: served.device).isEmpty)
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
    }

    @Test func aDeletedDeltaFallsBackToTheFullBundle() async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        let delta = try #require(try served.published.index().packages.first { $0.from == "2613" })
        try FileManager.default.removeItem(at: served.published.channel.appendingPathComponent(delta.path))
        let outcome = try await served.client().update()
        #expect(served.paths(outcome.steps) == ["full→2614"])
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
        #expect(served.server.log.contains { $0.path == "\(delta.path)/delta.json" })
    }

    /// A refusal served by the channel: how to damage it, and the kind of error the client must throw.
    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var kind: UpdateError.Kind
        var damage: @Sendable (Served) throws -> Void
    }

    static let refusals: [Refusal] = [
        Refusal(description: "a flipped byte in a delta's payload", kind: .corruptPayload) { served in
            let delta = try #require(try served.published.index().packages.first { $0.from == "2613" })
            try flipByte(served.published.channel.appendingPathComponent(delta.path).appendingPathComponent("items.db.rows.deflate"), at: 10)
        },
        Refusal(description: "a truncated delta.json", kind: .corruptPayload) { served in
            let delta = try #require(try served.published.index().packages.first { $0.from == "2613" })
            let url = served.published.channel.appendingPathComponent(delta.path).appendingPathComponent(DeltaManifest.fileName)
            try Data(contentsOf: url).dropLast(20).write(to: url)
        },
        Refusal(description: "an index signed by another key", kind: .badSignature) { served in
            let url = served.published.channel.appendingPathComponent(ChannelIndex.fileName)
            let envelope = try #require(SignedDocument(envelope: Data(contentsOf: url)))
            try SigningKey().sign(envelope.bytes).envelopeData().write(to: url)
        },
    ]

    @Test(arguments: refusals)
    func aDamagedChannelIsRefusedWithTheTypedErrorAndTheBundleByteIdentical(_ refusal: Refusal) async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        try refusal.damage(served)
        let before = try snapshot(served.device)
        let states = StateLog()
        let error = await #expect(throws: UpdateError.self) { try await served.client(states: states).update() }
        #expect(error?.kind == refusal.kind, "\(error?.description ?? "no error")")
        #expect(states.all.last == .failed(refusal.kind))
        #expect(try snapshot(served.device) == before)
    }

    @Test func aRefusedUpdateLeavesAFlatFolderFlat() async throws {
        let served = try Served(keep: 1)
        // 2613's files copied by hand straight into the folder: no .aipbundle, no links.
        let contents = try #require(BundleFolder.currentContents(of: served.published.built[1]))
        try FileManager.default.createDirectory(at: served.device, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: contents.path) {
            try FileManager.default.copyItem(at: contents.appendingPathComponent(name), to: served.device.appendingPathComponent(name))
        }
        let delta = try #require(try served.published.index().packages.first { $0.from == "2613" })
        try flipByte(served.published.channel.appendingPathComponent(delta.path).appendingPathComponent("items.db.rows.deflate"), at: 5)
        let before = try snapshot(served.device)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .corruptPayload, "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
        #expect(!FileManager.default.fileExists(atPath: served.device.appendingPathComponent(".aipbundle").path))
    }

    @Test func anOlderSignedIndexServedAgainIsRefusedAsARollback() async throws {
        let served = try Served(keep: 1)
        let url = served.published.channel.appendingPathComponent(ChannelIndex.fileName)
        let old = try Data(contentsOf: url)
        let refreshed = try ChannelPublisher.publish(bundle: nil, channel: served.published.channel, keep: 1, key: served.published.key, refresh: true)
        try await served.client().update()
        let before = try snapshot(served.device)
        try old.write(to: url)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .rollback && error?.description.contains("older than sequence \(refreshed.sequence)") == true, "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
    }

    /// The record of the newest index seen, damaged (truncated, or saying what no index can), is not taken for
    /// "nothing seen", which would accept any older index; once removed, the update runs.
    @Test(arguments: ["{\"sequence\": ", "", #"{"sequence": -1, "sha256": "00"}"#])
    func aDamagedRecordOfTheIndexSeenStopsTheUpdateRatherThanAcceptingAnyIndex(_ record: String) async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        let file = try served.published.folder.write(record, to: "work/channel-state.json")
        let before = try snapshot(served.device)
        let states = StateLog()
        let error = await #expect(throws: UpdateError.self) { try await served.client(states: states).update() }
        #expect(error?.kind == .state && error?.description.contains(file.path) == true, "\(error?.description ?? "")")
        #expect(states.all.last == .failed(.state))
        #expect(try snapshot(served.device) == before)
        try FileManager.default.removeItem(at: file)
        #expect(try await served.client().update().version == "2614")
    }

    @Test func anExpiredIndexIsRefused() async throws {
        let served = try Served(keep: 1, now: Date().addingTimeInterval(-40 * 24 * 3600))
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .expired, "\(error?.description ?? "")")
        #expect(!FileManager.default.fileExists(atPath: served.device.path))
        // Refreshing the index (a new expiry) lets the same device update.
        try ChannelPublisher.publish(bundle: nil, channel: served.published.channel, keep: 1, key: served.published.key, refresh: true)
        #expect(try await served.client().update().version == "2614")
    }

    @Test func aDroppedConnectionResumesWithARangeRequest() async throws {
        let served = try Served(keep: 1)
        let full = try #require(try served.published.index().packages.first { $0.from == nil && $0.to == "2614" })
        let payload = "\(full.path)/items.db.deflate"
        let size = try FileManager.default.attributesOfItem(atPath: served.published.channel.appendingPathComponent(payload).path)[.size] as! Int
        served.server.dropConnection(for: payload, after: size / 2)
        let outcome = try await served.client().update()
        #expect(outcome.version == "2614")
        let requests = served.server.log.filter { $0.path == payload }
        #expect(requests.count == 2 && requests[0].range == nil && requests[1].range == "bytes=\(size / 2)-", "\(requests)")
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
    }

    @Test func aRunKilledAfterTheLastByteOfAFileButBeforeItsRenameResumes() async throws {
        let served = try Served(keep: 1)
        let full = try #require(try served.published.index().packages.first { $0.from == nil && $0.to == "2614" })
        // What a kill leaves there: the whole payload, still named .part (the server answers 416 to its Range).
        let folder = served.work.appendingPathComponent("downloads/\(full.deltaSHA256)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: served.published.channel.appendingPathComponent("\(full.path)/items.db.deflate"),
                                         to: folder.appendingPathComponent("items.db.deflate.part"))
        let outcome = try await served.client().update()
        #expect(outcome.version == "2614")
        #expect(served.server.log.contains { $0.path == "\(full.path)/items.db.deflate" && $0.range != nil })
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
    }

    @Test func aCrashRightAfterTheSwitchThatAddsAFileIsCompletedByTheNextRun() async throws {
        let served = try Served(keep: 1)
        try served.addChainStart()
        try served.install(0)
        // 2613 adds rules.json. Apply its delta and "crash" right after the switch: its new name is linked already.
        let delta = try #require(try served.published.index().packages.first { $0.from == "2612" })
        #expect(throws: CancellationError.self) {
            try BundleUpdater.apply(packages: [served.published.channel.appendingPathComponent(delta.path)], to: served.device,
                                    trustedKey: served.published.key.publicKey, publishFault: { if $0 == .sweep { throw CancellationError() } })
        }
        #expect(FileManager.default.fileExists(atPath: served.device.appendingPathComponent("rules.json").path))
        #expect(try ManifestVerifier.contentHashes(folder: #require(BundleFolder.currentContents(of: served.device))) == manifestHashes(served.published.built[1]))
        // The next run sees 2613 installed, goes on to 2614, and every file is in place.
        let outcome = try await served.client().update()
        #expect(outcome.fromVersion == "2613" && outcome.version == "2614")
        #expect(ManifestVerifier.verify(folder: served.device).isEmpty)
        #expect(FileManager.default.fileExists(atPath: served.device.appendingPathComponent("rules.json").path))
    }

    @Test func aCrashRightAfterTheSwitchToTheLatestIsRepairedByARunThatFindsItCurrent() async throws {
        let served = try Served(keep: 1)
        try served.addChainStart()
        try served.install(0)
        let delta = try #require(try served.published.index().packages.first { $0.from == "2612" })
        let repaired = served.published.folder.url.appendingPathComponent("repaired")
        try FileManager.default.copyItem(at: served.device, to: repaired)
        // A crash before the flip, with the new name linked: it leads nowhere, and the previous bundle is current.
        #expect(throws: CancellationError.self) {
            try BundleUpdater.apply(packages: [served.published.channel.appendingPathComponent(delta.path)], to: repaired,
                                    trustedKey: served.published.key.publicKey, publishFault: { if $0 == .prepareFlip { throw CancellationError() } })
        }
        #expect(!FileManager.default.fileExists(atPath: repaired.appendingPathComponent("rules.json").path))
        // A crash right after the flip: the new version is current and its files readable; a repair changes nothing.
        #expect(throws: CancellationError.self) {
            try BundleUpdater.apply(packages: [served.published.channel.appendingPathComponent(delta.path)], to: repaired,
                                    trustedKey: served.published.key.publicKey, publishFault: { if $0 == .sweep { throw CancellationError() } })
        }
        #expect(FileManager.default.fileExists(atPath: repaired.appendingPathComponent("rules.json").path))
        let again = try BundleUpdater.apply(package: served.published.channel.appendingPathComponent(delta.path), to: repaired,
                                            trustedKey: served.published.key.publicKey)
        #expect(!again.changed)
        #expect(ManifestVerifier.verify(folder: repaired).isEmpty)
        #expect(FileManager.default.fileExists(atPath: repaired.appendingPathComponent("rules.json").path))
    }
}
