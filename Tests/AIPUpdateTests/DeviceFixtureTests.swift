import AIPDelta
import AIPManifest
import AIPUpdate
import Foundation
import TestSupport
import Testing

/// The channel the updater package's own tests serve (Updater/Tests/AIPUpdateDeviceTests/Fixtures): made here by
/// the tool's publish code, since those tests run with nothing but the updater. Record it again after a change of
/// the delta format with `AIPBUNDLE_RECORD_DEVICE_FIXTURES=1 swift test --traits Tool --filter DeviceFixtureTests`.
@Suite struct DeviceFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Updater/Tests/AIPUpdateDeviceTests/Fixtures")

    @Test func theDeviceTestsChannelIsOneThisUpdaterReads() throws {
        let channel = Self.fixtures.appendingPathComponent("channel"), keyFile = Self.fixtures.appendingPathComponent("signing.pub")
        if ProcessInfo.processInfo.environment["AIPBUNDLE_RECORD_DEVICE_FIXTURES"] == "1" {
            let published = try PublishedChannel(keep: 3)
            try? FileManager.default.removeItem(at: Self.fixtures)
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: published.channel, to: channel)
            try Data(published.key.publicKey.fileText.utf8).write(to: keyFile)
        }
        let key = try SigningPublicKey(fileAt: keyFile)
        let envelope = try #require(SignedDocument(envelope: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName))))
        struct Issued: Decodable { var issued: String }
        let issued = try #require(ChannelIndex.date(JSONDecoder().decode(Issued.self, from: envelope.bytes).issued))
        let index = try ChannelIndex(published: Data(contentsOf: channel.appendingPathComponent(ChannelIndex.fileName)), trustedKey: key, now: issued)
        #expect(index.versions == ["2612", "2613", "2614"])
        // A full bundle of every version (to install one) and a delta from each older one into the latest.
        #expect(Set(index.packages.map { "\($0.from ?? "full")→\($0.to)" }) == ["full→2612", "full→2613", "full→2614", "2612→2614", "2613→2614"])
        for entry in index.packages {
            let package = try UpdatePackage(folder: channel.appendingPathComponent(entry.path), trustedKey: key)
            #expect(package.delta.toVersion == entry.to)
        }
    }
}
