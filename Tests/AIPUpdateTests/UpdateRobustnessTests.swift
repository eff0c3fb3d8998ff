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

/// What a hostile run of the updater found: cancellation at each step, concurrent updaters of one folder, an
/// oversized index, out-of-range signed sizes, and an index older than the installed bundle once the record of
/// the indexes seen is gone.
@Suite struct UpdateRobustnessTests {
    typealias Served = UpdateClientTests.Served

    /// The steps a cancellation may come at, each told by the state the client reports there.
    enum Step: String, CaseIterable, Sendable {
        /// The index is fetched; no package request is sent yet.
        case betweenRequests
        /// Part of a payload has arrived.
        case duringADownload
        /// Every file is downloaded and verified; the new version is being built, not yet switched to.
        case beforeTheSwitch

        func matches(_ state: UpdateClient.State) -> Bool {
            switch (self, state) {
            case (.betweenRequests, .downloading(let progress)): progress.bytes == 0
            case (.duringADownload, .downloading(let progress)): progress.bytes > 0
            case (.beforeTheSwitch, .applying): true
            default: false
            }
        }
    }

    @Test(arguments: Step.allCases)
    func aCancelledUpdateLeavesTheBundleAsItWasAndTheNextRunResumes(_ step: Step) async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        let before = try snapshot(served.device)
        // Slow enough for a cancellation to land while a payload is still arriving.
        if step == .duringADownload { served.server.throttle(bytesPerSecond: 2_000) }
        let states = UpdateClientTests.StateLog()
        let holder = TaskHolder()
        let client = served.client(states: states) { state in if step.matches(state) { holder.cancel() } }
        let task = Task { try await client.update() }
        holder.hold(task)
        let result = await task.result
        let error = try #require(result.failure as? UpdateError, "\(result)")
        #expect(error.kind == .cancelled, "\(error)")
        #expect(states.all.last == .failed(.cancelled))
        #expect(try snapshot(served.device) == before)
        let requested = served.server.log.map(\.path)
        switch step {
        case .betweenRequests:
            #expect(requested == [ChannelIndex.fileName])
        case .duringADownload:
            // What arrived stays for the next run, which asks only for the rest.
            let parts = try FileManager.default.subpathsOfDirectory(atPath: served.work.appendingPathComponent("downloads").path)
            #expect(parts.contains { $0.hasSuffix(".part") }, "\(parts)")
        case .beforeTheSwitch:
            #expect(requested.count > 1)
        }
        served.server.throttle(bytesPerSecond: nil)
        let logged = served.server.log.count
        let outcome = try await served.client().update()
        #expect(outcome.version == "2614" && outcome.changed)
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
        let again = served.server.log.dropFirst(logged)
        switch step {
        case .betweenRequests:
            break
        case .duringADownload:
            #expect(again.contains { $0.range != nil }, "\(Array(again))")
        case .beforeTheSwitch:
            // Everything was downloaded and kept: the next run fetches the index only.
            #expect(again.map(\.path) == [ChannelIndex.fileName], "\(Array(again))")
        }
    }

    /// A foreground sync and a background one (and a third) on one folder: one works, the others are told the folder
    /// is busy, and nothing they do harms the one working.
    @Test func threeUpdatesOfOneFolderAtOnceEndAtTheLatestAndTheOthersAreBusy() async throws {
        let served = try Served(keep: 1)
        // Slow enough that the three overlap.
        served.server.throttle(bytesPerSecond: 20_000)
        var busy = 0
        for round in 0..<5 {
            for url in [served.device, served.work] where FileManager.default.fileExists(atPath: url.path) {
                try FileManager.default.removeItem(at: url)
            }
            try served.install(round % 2)
            let results = await withTaskGroup(of: Result<UpdateClient.Outcome, any Error>.self) { group in
                for _ in 0..<3 { group.addTask { await Result.of { try await served.client().update() } } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for case .failure(let error) in results {
                #expect((error as? UpdateError)?.kind == .busy, "round \(round): \(error)")
                #expect("\(error)".contains(served.work.appendingPathComponent("update.lock").path))
                busy += 1
            }
            #expect(results.contains { (try? $0.get())?.version == "2614" }, "round \(round)")
            #expect(ManifestVerifier.verify(folder: served.device).isEmpty, "round \(round)")
            #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
        }
        #expect(busy > 0)
    }

    /// An answer far over the index's cap (a captive portal, a broken mirror) is refused while it arrives, whether or
    /// not the server says its length, and nothing of it is kept.
    @Test(arguments: [false, true])
    func anOversizedIndexIsRefusedWhileItArrives(hidingLength: Bool) async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        let before = try snapshot(served.device)
        try Data(repeating: 0x20, count: ChannelIndex.maximumBytes * 3)
            .write(to: served.published.channel.appendingPathComponent(ChannelIndex.fileName))
        served.server.hideLength(hidingLength)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .unsupported && error?.description.contains("over \(ChannelIndex.maximumBytes) bytes") == true,
                "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: served.work.path)
        #expect(!left.contains { $0.hasPrefix(ChannelIndex.fileName) }, "\(left)")
    }

    /// A signed index whose package sizes are out of range (a publisher's bug) is refused; the device never crashes
    /// summing them, nor takes a negative size for the cheapest path.
    @Test(arguments: [Int.max - 1, Int.max / 2, -5])
    func aSignedIndexWithAnOutOfRangeSizeIsRefused(bytes: Int) async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        var index = try served.published.index()
        for position in index.packages.indices { index.packages[position].bytes = bytes }
        index.sequence += 1
        try served.published.key.sign(index.jsonData()).envelopeData()
            .write(to: served.published.channel.appendingPathComponent(ChannelIndex.fileName))
        let before = try snapshot(served.device)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .unsupported && error?.description.contains("\(bytes) bytes") == true, "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
    }

    /// A key rotation: the channel's index is signed by the publisher's next key while its packages stay signed by
    /// the current one. A device trusting both takes the update; one trusting the current key only refuses the index.
    @Test func aDeviceTrustingTheNextKeyBesideTheCurrentOneFollowsAKeyRotation() async throws {
        let served = try Served(keep: 1)
        try served.install(1)
        let next = SigningKey()
        var index = try served.published.index()
        index.signing = next.signing
        index.sequence += 1
        try next.sign(index.jsonData()).envelopeData().write(to: served.published.channel.appendingPathComponent(ChannelIndex.fileName))
        let before = try snapshot(served.device)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .badSignature && error?.description.contains("none of the 1 trusted keys") == true, "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
        let both = UpdateClient(channel: served.server.baseURL, bundle: served.device, work: served.work,
                                trustedKeys: [served.published.key.publicKey, next.publicKey])
        #expect(try await both.update().version == "2614")
        #expect(try ManifestVerifier.contentHashes(folder: served.device) == manifestHashes(served.published.built[2]))
    }

    /// With the record of the indexes seen deleted (a work folder wiped), a signed index of an older version is not
    /// a way back: the installed bundle is the floor.
    @Test func anOlderVersionIsNeverInstalledOnceTheRecordOfIndexesSeenIsGone() async throws {
        let served = try Served(keep: 2)
        let older = try served.published.index()
        try await served.client().update()
        try FileManager.default.removeItem(at: served.work)
        var index = older
        index.latest = "2613"
        index.versions = index.versions.filter { $0 != "2614" }
        index.packages = index.packages.filter { $0.to == "2613" }
        try served.published.key.sign(index.jsonData()).envelopeData()
            .write(to: served.published.channel.appendingPathComponent(ChannelIndex.fileName))
        let before = try snapshot(served.device)
        let error = await #expect(throws: UpdateError.self) { try await served.client().update() }
        #expect(error?.kind == .notNewer, "\(error?.description ?? "")")
        #expect(try snapshot(served.device) == before)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Result where Failure == any Error {
    static func of(_ body: () async throws -> Success) async -> Result {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
