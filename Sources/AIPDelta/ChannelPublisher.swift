import AIPBundleFolder
import AIPManifest
import AIPUpdate
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lays out a static update channel — plain files an object store or CDN serves — and adds a bundle to it:
///
/// ```
/// CHANNEL/index.json                   the only file that ever changes: the signed index (ChannelIndex)
/// CHANNEL/packages/<sha256>/           one package per folder, named by the SHA-256 of its delta.json: the full
///                                      bundle of every version, and deltas into each version; never rewritten
/// ```
///
/// No symbolic links, no hidden state: a channel synced to object storage and back as plain files publishes as
/// before. Package folders are written first, each complete before it gets its name; index.json last, by one
/// rename(2) — the order uploads must keep too (docs/updates-for-app-developers.md).
public enum ChannelPublisher {
    /// What a publish did.
    public struct Result: Sendable, Equatable {
        /// False when the bundle was already the channel's latest, byte for byte, and no refresh was asked: nothing changed.
        public var changed: Bool
        public var version: String
        /// The versions that got a delta to `version`.
        public var deltasFrom: [String]
        /// The sequence of the channel's index now.
        public var sequence: Int
        public var expires: String
    }

    /// How long an index stays valid by default: a little over one AIRAC cycle, so a channel refreshed every cycle
    /// never lapses and one abandoned is noticed within five weeks.
    public static let defaultValidity: TimeInterval = 35 * 24 * 3600

    /// Publishes the bundle in `bundle` to the channel folder `channel` (created if needed), with deltas from the
    /// last `keep` versions; or, with `bundle` nil, re-signs the index with a new expiry (`refresh`).
    /// - Parameters:
    ///   - refresh: re-sign the index (new sequence and expiry) even when the bundle is already the latest.
    ///   - now: the signing time; the index expires at `now + validity`.
    ///   - beforeLock: called once the bundle is verified, before the channel is locked and its index read; tests
    ///     publish another version from it, as a publish running meanwhile would.
    ///
    /// The bundle is verified first (``VerifiedBundle``: names, every file's bytes and content, `manifest.sig` by
    /// `key`), before the channel is created or locked. Then the channel is locked, and only then is its index read,
    /// so a publish never decides on an index another one is replacing: `latest` only ever moves to a newer version.
    /// - Throws: `DeltaError` when the bundle does not match its manifest, is not signed by `key`, is not newer than
    ///   the channel's latest, its version is published already with other content, or another publish holds the
    ///   channel; then the channel is unchanged.
    @discardableResult
    public static func publish(bundle: URL?, channel: URL, keep: Int, key: SigningKey, refresh: Bool = false,
                               now: Date = Date(), validity: TimeInterval = defaultValidity,
                               beforeLock: () throws -> Void = {}) throws -> Result {
        let source = try bundle.map { try VerifiedBundle($0, role: "the bundle to publish", signedBy: key.publicKey, exactBytes: true) }
        try beforeLock()
        let lock = try ChannelLock(channel, create: source != nil)
        defer { withExtendedLifetime(lock) {} }
        let index = try readIndex(channel, key: key)
        guard source != nil || index != nil else {
            throw DeltaError("\(channel.path) has no \(ChannelIndex.fileName) to refresh; publish a bundle first")
        }
        var packages = index?.packages ?? []
        var versions = index?.versions ?? []
        var deltasFrom: [String] = []
        var version = index?.latest ?? ""
        if let source, let index, index.latest == source.manifest.bundleVersion {
            let latest = try UpdatePackage(folder: fullPackage(index, version: index.latest, channel: channel), trustedKey: key.publicKey)
            guard latest.targetManifestData == source.manifestData else {
                throw DeltaError("version \(index.latest) is already published with other content; build the new bundle with a new --bundle-version")
            }
            if !refresh {
                return Result(changed: false, version: index.latest, deltasFrom: [], sequence: index.sequence, expires: index.expires)
            }
        } else if let source {
            version = source.manifest.bundleVersion
            if let index {
                guard !index.versions.contains(version) else {
                    throw DeltaError("version \(version) was published before; the channel's latest is \(index.latest)")
                }
                let latest = try UpdatePackage(folder: fullPackage(index, version: index.latest, channel: channel), trustedKey: key.publicKey).targetManifest
                guard BundleVersionOrder.isNewer(source.manifest, than: latest) else {
                    throw DeltaError("the bundle (\(version), AIRAC \(source.manifest.airac.cycle)) is not newer than the channel's latest (\(latest.bundleVersion), AIRAC \(latest.airac.cycle))")
                }
            }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-channel-\(UUID().uuidString.lowercased())")
            defer { try? FileManager.default.removeItem(at: scratch) }
            packages.append(try addPackage(from: nil, to: source, channel: channel, key: key))
            for old in versions.suffix(max(keep, 0)) {
                // The old bundle as a device has it: its full package installed by the device-side updater.
                let oldFolder = scratch.appendingPathComponent("v-\(packages.count)")
                try BundleUpdater.apply(package: fullPackage(index!, version: old, channel: channel), to: oldFolder, trustedKey: key.publicKey)
                let oldBundle = try VerifiedBundle(manifestOf: oldFolder, role: "version \(old) as the channel has it")
                packages.append(try addPackage(from: oldBundle, to: source, channel: channel, key: key))
                deltasFrom.append(old)
            }
            versions.append(version)
        }
        let sequence = (index?.sequence ?? 0) + 1
        let newIndex = ChannelIndex(sequence: sequence, issued: now, expires: now.addingTimeInterval(validity), latest: version,
                                    versions: versions, packages: packages, signing: key.signing)
        let signed = try newIndex.jsonData()
        let envelope = ChannelIndex.Envelope(signed: signed, signature: try key.key.signature(for: signed))
        try writeAtomically(envelope.jsonData(), to: channel.appendingPathComponent(ChannelIndex.fileName))
        return Result(changed: true, version: version, deltasFrom: deltasFrom, sequence: sequence, expires: newIndex.expires)
    }

    /// The channel's index, its signature checked (its expiry is not: publishing is how an expired index is renewed).
    private static func readIndex(_ channel: URL, key: SigningKey) throws -> ChannelIndex? {
        let url = channel.appendingPathComponent(ChannelIndex.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try ChannelIndex(published: Data(contentsOf: url), trustedKey: key.publicKey, now: .distantPast)
        } catch let error as UpdateError where error.kind == .unsupported {
            throw DeltaError("\(url.path) is not an index this publisher writes (\(error)); a channel of an earlier aipbundle cannot be extended: publish into a new folder")
        }
    }

    /// The folder of the full package of `version`.
    private static func fullPackage(_ index: ChannelIndex, version: String, channel: URL) throws -> URL {
        guard let entry = index.packages.first(where: { $0.from == nil && $0.to == version }) else {
            throw DeltaError("the channel's index has no full bundle of version \(version)")
        }
        let folder = channel.appendingPathComponent(entry.path)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(DeltaManifest.fileName).path) else {
            throw DeltaError("the channel lacks \(entry.path), which its index names; sync the whole channel folder back before publishing")
        }
        return folder
    }

    /// Writes the package from `old` (nil: the full bundle) to `new` into `packages/<sha256 of delta.json>/`:
    /// assembled in a temporary folder beside it, flushed, then renamed. A folder of that name is the same
    /// package already (the name pins every byte), and is kept.
    private static func addPackage(from old: VerifiedBundle?, to new: VerifiedBundle, channel: URL, key: SigningKey) throws -> ChannelIndex.Entry {
        let packages = channel.appendingPathComponent(ChannelIndex.packagesFolder)
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: packages.path)) ?? [] where name.hasPrefix(".tmp-") {
            try? FileManager.default.removeItem(at: packages.appendingPathComponent(name))
        }
        let temporary = packages.appendingPathComponent(".tmp-\(UUID().uuidString.lowercased())")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let delta = try DeltaPackageWriter.write(from: old, to: new, out: temporary, key: key)
        let deltaSHA256 = SHA256.hash(data: try delta.jsonData()).lowercaseHex
        var bytes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: temporary.path) {
            let file = temporary.appendingPathComponent(name)
            bytes += try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            try BundleFolder.sync(file)
        }
        try BundleFolder.sync(temporary)
        let final = packages.appendingPathComponent(deltaSHA256)
        if !FileManager.default.fileExists(atPath: final.path) {
            try FileManager.default.moveItem(at: temporary, to: final)
            try BundleFolder.sync(packages)
        }
        return ChannelIndex.Entry(from: delta.fromVersion, to: delta.toVersion, deltaSHA256: deltaSHA256, bytes: bytes)
    }

    /// Replaces `url` at once: a temporary file beside it, flushed, renamed over it.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(UUID().uuidString.lowercased())")
        try data.write(to: temporary)
        try BundleFolder.sync(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw DeltaError("cannot replace \(url.path): \(reason)")
        }
        try BundleFolder.sync(url.deletingLastPathComponent())
    }
}

/// Keeps two publishers off one channel: flock(2) on the channel folder itself, so nothing is created in it.
private final class ChannelLock {
    private let descriptor: Int32

    init(_ channel: URL, create: Bool) throws {
        if create { try FileManager.default.createDirectory(at: channel, withIntermediateDirectories: true) }
        // Kept in a local until locked: once the stored property is set, a throw runs deinit, which would close the
        // descriptor a second time, and in a process with other threads that closes whatever file got its number.
        let descriptor = open(channel.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DeltaError("cannot open the channel folder \(channel.path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw DeltaError("another publish is writing to \(channel.path); wait for it to finish")
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
