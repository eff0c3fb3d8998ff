import AIPBundleFolder
import AIPErrorText
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
///                                      bundles of the last `keep` versions, and deltas into the latest from them;
///                                      never rewritten, deleted once no index names them (ChannelHousekeeping)
/// ```
///
/// No symbolic links, no hidden state: a channel synced to object storage and back as plain files publishes as
/// before. Package folders are written first, each complete before it gets its name; index.json next, by one
/// rename(2); packages the new index no longer names last — the order uploads must keep too
/// (docs/updates-for-app-developers.md).
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
    /// last `keep` versions whose full bundle the channel still has; or, with `bundle` nil, re-signs the index with a
    /// new expiry (`refresh`).
    /// - Parameters:
    ///   - refresh: re-sign the index (new sequence and expiry) even when the bundle is already the latest.
    ///   - now: the signing time; the index expires at `now + validity`, and its sequence is at least `now` in Unix
    ///     seconds.
    ///   - beforeLock: called once the bundle is verified, before the channel is locked and its index read; tests
    ///     publish another version from it, as a publish running meanwhile would.
    ///
    /// The bundle is verified first (``VerifiedBundle``: names, every file's bytes and content, `manifest.sig` by
    /// `key`), before the channel is created or locked. Then the channel is locked, and only then is its index read,
    /// so a publish never decides on an index another one is replacing: `latest` only ever moves to a newer version.
    /// Publishing a new version also removes the packages publish made that no `keep` path needs any more
    /// (``ChannelHousekeeping``), after the new index is in place.
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
            throw DeltaError(.badChannel, "\(channel.path) has no \(ChannelIndex.fileName) to refresh; publish a bundle first")
        }
        try ChannelHousekeeping.removeLeftovers(channel)
        var packages = index?.packages ?? []
        var versions = index?.versions ?? []
        var deltasFrom: [String] = []
        var version = index?.latest ?? ""
        var added = false
        if let source, let index, index.latest == source.manifest.bundleVersion {
            let latest = try UpdatePackage(folder: fullPackage(index, version: index.latest, channel: channel), trustedKey: key.publicKey)
            guard latest.targetManifestData == source.manifestData else {
                throw DeltaError(.versionTaken, "version \(index.latest) is already published with other content; build the new bundle with a new --bundle-version")
            }
            if !refresh {
                return Result(changed: false, version: index.latest, deltasFrom: [], sequence: index.sequence, expires: index.expires)
            }
        } else if let source {
            version = source.manifest.bundleVersion
            if let index {
                guard !index.versions.contains(version) else {
                    throw DeltaError(.versionTaken, "version \(version) was published before; the channel's latest is \(index.latest)")
                }
                let latest = try UpdatePackage(folder: fullPackage(index, version: index.latest, channel: channel), trustedKey: key.publicKey).targetManifest
                guard BundleVersionOrder.isNewer(source.manifest, than: latest) else {
                    throw DeltaError(.notNewer, "the bundle (\(version), AIRAC \(source.manifest.airac.cycle)) is not newer than the channel's latest (\(latest.bundleVersion), AIRAC \(latest.airac.cycle))")
                }
            }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-channel-\(UUID().uuidString.lowercased())")
            // Old bundles installed for reading, outside the channel: one left behind changes nothing published.
            defer { try? FileManager.default.removeItem(at: scratch) }
            packages.append(try addPackage(from: nil, to: source, channel: channel, key: key))
            // Deltas only from versions whose full bundle is still there: a --keep larger than the last one's finds
            // the others pruned.
            for old in versions.suffix(max(keep, 0)) where index?.packages.contains(where: { $0.from == nil && $0.to == old }) == true {
                // The old bundle as a device has it: its full package installed by the device-side updater.
                let oldFolder = scratch.appendingPathComponent("v-\(packages.count)")
                try BundleUpdater.apply(package: fullPackage(index!, version: old, channel: channel), to: oldFolder, trustedKey: key.publicKey)
                let oldBundle = try VerifiedBundle(manifestOf: oldFolder, role: "version \(old) as the channel has it")
                packages.append(try addPackage(from: oldBundle, to: source, channel: channel, key: key))
                deltasFrom.append(old)
            }
            versions.append(version)
            packages = ChannelHousekeeping.needed(packages, versions: versions, keep: keep)
            added = true
        }
        // A sequence no device can have seen: a publish from a stale copy of the channel (a restored backup, another
        // machine's cache) counts on from that copy's index, which devices may have seen overtaken already.
        let sequence = max((index?.sequence ?? 0) + 1, Int(now.timeIntervalSince1970))
        let newIndex = ChannelIndex(sequence: sequence, issued: now, expires: now.addingTimeInterval(validity), latest: version,
                                    versions: versions, packages: packages, signing: key.signing)
        try writeAtomically(key.sign(newIndex.jsonData()).envelopeData(), to: channel.appendingPathComponent(ChannelIndex.fileName))
        if added, let index {
            ChannelHousekeeping.prune(channel, keeping: packages, previous: index, key: key)
        }
        return Result(changed: true, version: version, deltasFrom: deltasFrom, sequence: sequence, expires: newIndex.expires)
    }

    /// The channel's index, its signature checked (its expiry is not: publishing is how an expired index is renewed).
    private static func readIndex(_ channel: URL, key: SigningKey) throws -> ChannelIndex? {
        let url = channel.appendingPathComponent(ChannelIndex.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try ChannelIndex(published: Data(contentsOf: url), trustedKey: key.publicKey, now: .distantPast)
        } catch let error as UpdateError where error.kind == .unsupported {
            throw DeltaError(.badChannel, "\(url.path) is not an index this publisher writes (\(error)); a channel of an earlier aipbundle cannot be extended: publish into a new folder")
        }
    }

    /// The folder of the full package of `version`.
    private static func fullPackage(_ index: ChannelIndex, version: String, channel: URL) throws -> URL {
        guard let entry = index.packages.first(where: { $0.from == nil && $0.to == version }) else {
            throw DeltaError(.badChannel, "the channel's index has no full bundle of version \(version)")
        }
        let folder = channel.appendingPathComponent(entry.path)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(DeltaManifest.fileName).path) else {
            throw DeltaError(.badChannel, "the channel lacks \(entry.path), which its index names; sync the whole channel folder back before publishing")
        }
        return folder
    }

    /// Writes the package from `old` (nil: the full bundle) to `new` into `packages/<sha256 of delta.json>/`:
    /// assembled in a temporary folder beside it, flushed, then renamed. A folder of that name already there is kept
    /// only when it holds exactly the files just made: the name pins delta.json, not what an upload cut short, a
    /// sync or a disk did to the rest of the folder; any other is replaced.
    private static func addPackage(from old: VerifiedBundle?, to new: VerifiedBundle, channel: URL, key: SigningKey) throws -> ChannelIndex.Entry {
        let packages = channel.appendingPathComponent(ChannelIndex.packagesFolder)
        let temporary = packages.appendingPathComponent(ChannelHousekeeping.temporaryName())
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // Empty once the package is renamed into place; otherwise the next publish sweeps it (ChannelHousekeeping).
        defer { try? FileManager.default.removeItem(at: temporary) }
        let assembled = temporary.appendingPathComponent("package")
        let delta = try DeltaPackageWriter.write(from: old, to: new, out: assembled, key: key)
        let deltaSHA256 = SHA256.hash(data: try delta.jsonData()).lowercaseHex
        var bytes = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: assembled.path) {
            let file = assembled.appendingPathComponent(name)
            bytes += try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            try BundleFolder.sync(file)
        }
        try BundleFolder.sync(assembled)
        let entry = ChannelIndex.Entry(from: delta.fromVersion, to: delta.toVersion, deltaSHA256: deltaSHA256, bytes: bytes)
        let final = packages.appendingPathComponent(deltaSHA256)
        if FileManager.default.fileExists(atPath: final.path) {
            if try ChannelHousekeeping.holdsExactly(final, filesOf: assembled) { return entry }
            // Moved into the temporary folder, which goes when this returns.
            try FileManager.default.moveItem(at: final, to: temporary.appendingPathComponent("replaced"))
        }
        try FileManager.default.moveItem(at: assembled, to: final)
        try BundleFolder.sync(packages)
        return entry
    }

    /// Replaces `url` at once: a temporary file beside it, flushed, renamed over it.
    private static func writeAtomically(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(ChannelHousekeeping.temporaryName(of: url.lastPathComponent))
        try data.write(to: temporary)
        try BundleFolder.sync(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = ErrorText.reason(errno: errno)
            // The rename's error is the one to report; a temporary that stays is swept by the next publish.
            try? FileManager.default.removeItem(at: temporary)
            throw DeltaError(.fileSystem, "cannot replace \(url.path): \(reason)")
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
        guard descriptor >= 0 else { throw DeltaError(.fileSystem, "cannot open the channel folder \(channel.path): \(ErrorText.reason(errno: errno))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw DeltaError(.busy, "another publish is writing to \(channel.path); wait for it to finish")
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
