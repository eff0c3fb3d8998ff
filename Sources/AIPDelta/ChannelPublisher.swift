import AIPBundleFolder
import AIPManifest
import AIPUpdate
import Foundation

/// Lays out a static update channel — plain files a CDN serves — and adds a bundle to it, all or nothing:
///
/// ```
/// CHANNEL/index.json, index.sig          the latest version; per older version, the package to fetch (signed)
/// CHANNEL/bundles/<version>/             the full bundle of every published version (an update package with no base)
/// CHANNEL/deltas/<latest>/from-<old>/    deltas from each of the last N versions to the latest
/// ```
///
/// The channel is a ``BundleFolder``: these names are links into `.aipbundle/current`, and a publish assembles the
/// whole next state in a staging folder (earlier full bundles hard-linked) and switches with one rename(2).
public enum ChannelPublisher {
    public static let bundlesFolder = "bundles"
    public static let deltasFolder = "deltas"

    /// What a publish did.
    public struct Result: Sendable, Equatable {
        /// False when the bundle was already the channel's latest, byte for byte: nothing changed.
        public var changed: Bool
        public var version: String
        /// The versions that got a delta to `version`.
        public var deltasFrom: [String]
    }

    /// Publishes the bundle in `bundle` to the channel folder `channel` (created if needed), with deltas from the
    /// last `keep` versions.
    /// - Throws: `DeltaError` when the bundle is not newer than the channel's latest, its version is published
    ///   already with other content, or it is not signed by `key`; then the channel is unchanged.
    @discardableResult
    public static func publish(bundle: URL, channel: URL, keep: Int, key: SigningKey) throws -> Result {
        let bundleFolder = try DeltaPackageWriter.bundleContents(bundle, role: "the bundle to publish")
        let (manifestData, manifest) = try DeltaPackageWriter.manifest(of: bundle, in: bundleFolder, role: "the bundle to publish")
        let version = manifest.bundleVersion
        guard manifest.signing?.publicKeyFingerprint == key.publicKey.fingerprint else {
            throw DeltaError("the bundle's \(Manifest.fileName) is not signed by this key; build it with --signing-key and the same key")
        }
        let current = BundleFolder.currentContents(of: channel)
        let index = try current.flatMap { folder -> ChannelIndex? in
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(ChannelIndex.fileName).path) else { return nil }
            return try ChannelIndex(channel: folder, trustedKey: key.publicKey)
        }
        if let index, let current {
            let latestData = try Data(contentsOf: current.appendingPathComponent(index.full).appendingPathComponent(Manifest.fileName))
            if index.latest == version {
                guard latestData == manifestData else {
                    throw DeltaError("version \(version) is already published with other content; build the new bundle with a new --bundle-version")
                }
                return Result(changed: false, version: version, deltasFrom: [])
            }
            guard !index.versions.contains(version) else {
                throw DeltaError("version \(version) was published before; the channel's latest is \(index.latest)")
            }
            let latest = try Manifest(jsonData: latestData)
            guard BundleVersionOrder.isNewer(manifest, than: latest) else {
                throw DeltaError("the bundle (\(version), AIRAC \(manifest.airac.cycle)) is not newer than the channel's latest (\(latest.bundleVersion), AIRAC \(latest.airac.cycle))")
            }
        }

        let folder = try BundleFolder(root: channel)
        let staging = try folder.makeStaging()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-channel-\(UUID().uuidString.lowercased())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            let known = index?.versions ?? []
            let bundles = staging.appendingPathComponent(bundlesFolder)
            try FileManager.default.createDirectory(at: bundles, withIntermediateDirectories: true)
            for old in known {
                try linkFolder(folder.current!.appendingPathComponent(bundlesFolder).appendingPathComponent(old),
                               to: bundles.appendingPathComponent(old))
            }
            try DeltaPackageWriter.write(from: nil, to: bundle, out: bundles.appendingPathComponent(version), key: key)

            var updates: [String: String] = [:]
            let withDelta = Array(known.suffix(max(keep, 0)))
            for old in known {
                updates[old] = "\(bundlesFolder)/\(version)"
            }
            for old in withDelta {
                // The old bundle as a device has it: its full package installed by the device-side updater.
                let oldBundle = scratch.appendingPathComponent(old)
                try BundleUpdater.apply(package: bundles.appendingPathComponent(old), to: oldBundle, trustedKey: key.publicKey)
                let path = "\(deltasFolder)/\(version)/from-\(old)"
                try DeltaPackageWriter.write(from: oldBundle, to: bundle, out: staging.appendingPathComponent(path), key: key)
                updates[old] = path
            }
            let newIndex = ChannelIndex(latest: version, full: "\(bundlesFolder)/\(version)", versions: known + [version],
                                        updates: updates, signing: key.signing)
            let indexData = try newIndex.jsonData()
            try indexData.write(to: staging.appendingPathComponent(ChannelIndex.fileName))
            try key.signatureText(for: indexData).write(to: staging.appendingPathComponent(ChannelIndex.signatureName))

            var names = [bundlesFolder, ChannelIndex.fileName, ChannelIndex.signatureName]
            if !withDelta.isEmpty { names.append(deltasFolder) }
            try syncTree(staging)
            try folder.publish(staging, files: names.sorted())
            return Result(changed: true, version: version, deltasFrom: withDelta)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Recreates the folder `source` at `destination` with each file hard-linked (published files never change).
    private static func linkFolder(_ source: URL, to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try BundleFolder.linkOrCopy(source.appendingPathComponent(name), to: destination.appendingPathComponent(name))
        }
    }

    /// Flushes every file and folder below `root` (publish itself flushes only the top-level names).
    private static func syncTree(_ root: URL) throws {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return }
        for case let path as String in walker {
            try BundleFolder.sync(root.appendingPathComponent(path))
        }
    }
}
