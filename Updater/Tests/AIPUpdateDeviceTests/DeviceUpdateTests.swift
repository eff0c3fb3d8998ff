import AIPBundleFolder
import AIPManifestCore
import AIPUpdate
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The updater with nothing but itself and a small server on 127.0.0.1, over a channel the tool published
/// (Fixtures/channel: full bundles of 2612, 2613 and 2614, and deltas from the two older ones into 2614).
@Suite struct DeviceUpdateTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A copy of the fixture channel served on 127.0.0.1, a device folder and a work folder, all in a temporary folder.
    final class Device: @unchecked Sendable {
        let root: URL
        let server: LoopbackServer
        let key: SigningPublicKey
        let index: ChannelIndex
        /// When the fixture index was signed: the clock the client checks expiry against.
        let issued: Date
        var channel: URL { root.appendingPathComponent("channel") }
        var bundle: URL { root.appendingPathComponent("device") }
        var work: URL { root.appendingPathComponent("work") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("aipupdate-device-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: DeviceUpdateTests.fixtures.appendingPathComponent("channel"), to: root.appendingPathComponent("channel"))
            key = try SigningPublicKey(fileAt: DeviceUpdateTests.fixtures.appendingPathComponent("signing.pub"))
            let data = try Data(contentsOf: root.appendingPathComponent("channel/\(ChannelIndex.fileName)"))
            struct Issued: Decodable { var issued: String }
            let envelope = try #require(SignedDocument(envelope: data))
            issued = try #require(ChannelIndex.date(JSONDecoder().decode(Issued.self, from: envelope.bytes).issued))
            index = try ChannelIndex(published: data, trustedKey: key, now: issued)
            server = try LoopbackServer(root: root.appendingPathComponent("channel"))
        }

        deinit {
            server.stop()
            // A temporary folder: what cannot be removed now the system's cleaning removes later.
            try? FileManager.default.removeItem(at: root)
        }

        func client(observe: @escaping @Sendable (UpdateClient.State) -> Void = { _ in }) -> UpdateClient {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 10
            let issued = issued
            return UpdateClient(channel: server.baseURL, bundle: bundle, work: work, trustedKey: key,
                                session: URLSession(configuration: configuration), now: { issued }, onState: observe)
        }

        func package(from: String?, to: String) throws -> ChannelIndex.Entry {
            try #require(index.packages.first { $0.from == from && $0.to == to })
        }

        /// Installs `version` from its full package, as a first sync would.
        func install(_ version: String) throws {
            try BundleUpdater.apply(package: channel.appendingPathComponent(package(from: nil, to: version).path), to: bundle, trustedKey: key)
        }

        /// The installed version, each file checked against its manifest entry (exact bytes for JSON, the logical
        /// hash for SQLite).
        func verifiedVersion() throws -> String {
            let contents = try #require(BundleFolder.currentContents(of: bundle))
            let manifest = try Manifest(contentsOf: contents.appendingPathComponent(Manifest.fileName))
            for (name, entry) in manifest.files {
                let url = bundle.appendingPathComponent(name)
                let hash = entry.kind == .sqlite ? try SQLiteContentHash(fileAt: url).sha256 : try FileDigest(fileAt: url).sha256
                #expect(hash == entry.logicalSHA256, "\(name)")
            }
            return manifest.bundleVersion
        }
    }

    @Test func aDeviceAtTheFirstVersionTakesTheDeltaAndAnEmptyOneTheFullBundle() async throws {
        let device = try Device()
        try device.install("2612")
        let outcome = try await device.client().update()
        #expect(outcome.fromVersion == "2612" && outcome.version == "2614")
        #expect(outcome.steps == [try device.package(from: "2612", to: "2614")])
        #expect(try device.verifiedVersion() == "2614")
        let fresh = try Device()
        #expect(try await fresh.client().update().steps == [try fresh.package(from: nil, to: "2614")])
        #expect(try fresh.verifiedVersion() == "2614")
    }

    @Test func aDeletedDeltaFallsBackToTheFullBundle() async throws {
        let device = try Device()
        try device.install("2613")
        try FileManager.default.removeItem(at: device.channel.appendingPathComponent(device.package(from: "2613", to: "2614").path))
        let outcome = try await device.client().update()
        #expect(outcome.steps == [try device.package(from: nil, to: "2614")])
        #expect(try device.verifiedVersion() == "2614")
    }

    @Test func aTamperedPayloadIsRefusedAndTheBundleStaysAsItWas() async throws {
        let device = try Device()
        try device.install("2612")
        let folder = device.channel.appendingPathComponent(try device.package(from: "2612", to: "2614").path)
        let payload = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".deflate") && !$0.hasPrefix("manifest") })
        var bytes = try Data(contentsOf: folder.appendingPathComponent(payload))
        bytes[bytes.startIndex + 8] ^= 0xFF
        try bytes.write(to: folder.appendingPathComponent(payload))
        let error = await #expect(throws: UpdateError.self) { try await device.client().update() }
        #expect(error?.kind == .corruptPayload, "\(error?.description ?? "")")
        #expect(try device.verifiedVersion() == "2612")
    }

    @Test func aCorruptChannelStateIsAnErrorNamingItAndRemovingItLetsTheUpdateRun() async throws {
        let device = try Device()
        try device.install("2613")
        try FileManager.default.createDirectory(at: device.work, withIntermediateDirectories: true)
        let state = device.work.appendingPathComponent("channel-state.json")
        try Data("{\"sequence\": 4".utf8).write(to: state)
        let error = await #expect(throws: UpdateError.self) { try await device.client().update() }
        #expect(error?.kind == .state && error?.description.contains(state.path) == true, "\(error?.description ?? "")")
        #expect(try device.verifiedVersion() == "2613")
        try FileManager.default.removeItem(at: state)
        #expect(try await device.client().update().version == "2614")
    }

    /// The states a cancellation may come at: before any package request, while a payload arrives, before the switch.
    static let steps: [(name: String, when: @Sendable (UpdateClient.State) -> Bool)] = [
        ("between requests", { if case .downloading(let progress) = $0 { progress.bytes == 0 } else { false } }),
        ("during a download", { if case .downloading(let progress) = $0 { progress.bytes > 0 } else { false } }),
        ("before the switch", { $0 == .applying }),
    ]

    @Test(arguments: steps.indices)
    func aCancelledUpdateLeavesTheBundleAndTheNextRunFinishes(_ step: Int) async throws {
        let device = try Device()
        try device.install("2612")
        if step == 1 { device.server.throttle(bytesPerSecond: 2_000) }
        let holder = TaskHolder()
        let client = device.client { state in if Self.steps[step].when(state) { holder.cancel() } }
        let task = Task { try await client.update() }
        holder.hold(task)
        let result = await task.result
        guard case .failure(let error) = result else { Issue.record("\(Self.steps[step].name): not cancelled"); return }
        #expect((error as? UpdateError)?.kind == .cancelled, "\(Self.steps[step].name): \(error)")
        #expect(try device.verifiedVersion() == "2612")
        device.server.throttle(bytesPerSecond: nil)
        let logged = device.server.log.count
        #expect(try await device.client().update().version == "2614")
        #expect(try device.verifiedVersion() == "2614")
        let again = device.server.log.dropFirst(logged)
        if step == 1 { #expect(again.contains { $0.range != nil }, "resumed: \(Array(again))") }
        if step == 2 { #expect(again.map(\.path) == [ChannelIndex.fileName], "nothing downloaded again: \(Array(again))") }
    }

    @Test func threeUpdatesOfOneFolderAtOnceLeaveOneWorkingAndTheOthersBusy() async throws {
        let device = try Device()
        try device.install("2612")
        device.server.throttle(bytesPerSecond: 20_000)
        let results = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    do {
                        _ = try await device.client().update()
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for case let error? in results { #expect((error as? UpdateError)?.kind == .busy, "\(error)") }
        #expect(results.contains { $0 == nil })
        #expect(try device.verifiedVersion() == "2614")
    }
}
