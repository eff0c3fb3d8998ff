import AIPBundleFolder
import AIPErrorText
import AIPManifest
import AIPJSON
import Foundation

/// `index.json` of a static update channel (signed: `index.sig`): the latest version, and for every older version
/// the channel knows, the package to fetch — a delta to the latest, or the latest full bundle when there is none.
/// Paths are relative to the channel's root.
///
/// ```json
/// { "format" : 1, "full" : "bundles/2613", "latest" : "2613",
///   "signing" : { "public_key_fingerprint" : "…" },
///   "updates" : { "2611" : "bundles/2613", "2612" : "deltas/2613/from-2612" },
///   "versions" : [ "2611", "2612", "2613" ] }
/// ```
public struct ChannelIndex: Sendable, Equatable, Codable {
    public static let currentFormat = 1
    public static let fileName = "index.json"
    public static let signatureName = "index.sig"

    public var format: Int
    public var latest: String
    /// The latest full bundle's package.
    public var full: String
    /// Every version published, oldest first.
    public var versions: [String]
    /// Installed version → package that brings it to `latest`.
    public var updates: [String: String]
    public var signing: Manifest.Signing?

    public init(latest: String, full: String, versions: [String], updates: [String: String], signing: Manifest.Signing?) {
        self.format = Self.currentFormat
        self.latest = latest
        self.full = full
        self.versions = versions
        self.updates = updates
        self.signing = signing
    }

    public func jsonData() throws -> Data { try JSONWriter.encode(self) }

    /// Reads and verifies the index of the channel at `channel` (a local folder or mirror).
    /// - Throws: `UpdateError` when it is missing, unsigned or signed by another key, or not an index.
    public init(channel: URL, trustedKey: SigningPublicKey?) throws {
        let url = channel.appendingPathComponent(Self.fileName)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UpdateError("cannot read the channel's \(Self.fileName) (\(url.path)): \(ErrorText.reason(error))")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw UpdateError("the channel's \(Self.fileName) is not an index: \(ErrorText.reason(error)); publish the channel again")
        }
        guard format == Self.currentFormat else {
            throw UpdateError("the channel's \(Self.fileName) has format \(format); this updater reads format \(Self.currentFormat)")
        }
        try trustedKey?.verify(data, signatureFile: channel.appendingPathComponent(Self.signatureName),
                               signedBy: signing?.publicKeyFingerprint, what: Self.fileName)
    }

    /// The package an install of `version` should fetch: nil when it is the latest already, the delta when the
    /// channel has one, else the full bundle (also for nothing installed, or a version the channel does not know).
    public func package(forInstalled version: String?) -> String? {
        guard version != latest else { return nil }
        return version.flatMap { updates[$0] } ?? full
    }
}

/// The app's sync step against a channel: check the latest version, fetch a delta from the installed version
/// when there is one, else the full bundle, and apply it. Here the channel is a folder (a mirror of the CDN); an
/// app downloads the package folder the index names, then calls ``BundleUpdater/apply(package:to:trustedKey:afterFile:)``.
public enum ChannelClient {
    /// Brings `bundle` to the channel's latest version; nil when it is current already.
    @discardableResult
    public static func sync(bundle: URL, channel: URL, trustedKey: SigningPublicKey) throws -> BundleUpdater.Result? {
        let index = try ChannelIndex(channel: channel, trustedKey: trustedKey)
        let installed = try BundleUpdater.installedManifest(BundleFolder.currentContents(of: bundle))
        guard let path = index.package(forInstalled: installed?.bundleVersion) else { return nil }
        guard !path.split(separator: "/").contains("..") else {
            throw UpdateError("the channel's \(ChannelIndex.fileName) names \(path), outside the channel")
        }
        return try BundleUpdater.apply(package: channel.appendingPathComponent(path), to: bundle, trustedKey: trustedKey)
    }
}
