import AIPManifest
import AIPUpdate
import Crypto
import Foundation

/// What a channel keeps as versions pile up, and how `publish` tells what it made from what others put there.
///
/// A channel keeps what the last `keep` versions need: the full bundle of each (the latest's for fresh installs, the
/// others' for the next publish to make deltas from) and the deltas into the latest. Every kept version has a direct
/// delta to the latest, so the index lists no chain of deltas; a device further behind takes the full bundle. The
/// device still picks its path by bytes (``UpdatePlan``): only it knows what it has installed and which packages its
/// mirror lacks, so the cheapest path is its choice; the publisher only leaves it no long chain to choose.
///
/// `publish` deletes only what it made: package folders an index it wrote named, folders whose name is the SHA-256
/// of a `delta.json` signed by its key, and its own temporaries, matched by their exact form. Anything else in the
/// channel (notes, a sync tool's temporaries, another publisher's packages) stays as it is.
enum ChannelHousekeeping {
    /// The packages of `packages` that the last `keep` of `versions` (oldest first, the latest last) need.
    static func needed(_ packages: [ChannelIndex.Entry], versions: [String], keep: Int) -> [ChannelIndex.Entry] {
        let kept = Set(versions.suffix(max(keep, 1)))
        return packages.filter { $0.from == nil ? kept.contains($0.to) : $0.to == versions.last }
    }

    /// The name of a new temporary: `.tmp-<uuid>` in `packages/` (a package being assembled), or
    /// `.<name>.tmp-<uuid>` beside the file `name` (an index not yet renamed).
    static func temporaryName(of name: String? = nil) -> String {
        "\(temporaryPrefix(of: name))\(UUID().uuidString.lowercased())"
    }

    private static func temporaryPrefix(of name: String?) -> String {
        name.map { ".\($0).tmp-" } ?? ".tmp-"
    }

    /// Removes the temporaries a killed publish left: in `packages/` and beside `index.json`. The caller holds the
    /// channel's lock, so no other publish is writing them.
    static func removeLeftovers(_ channel: URL) throws {
        let places = [(channel.appendingPathComponent(ChannelIndex.packagesFolder), temporaryPrefix(of: nil)),
                      (channel, temporaryPrefix(of: ChannelIndex.fileName))]
        for (folder, prefix) in places where FileManager.default.fileExists(atPath: folder.path) {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where isTemporary(name, prefix: prefix) {
                // One that stays is still nobody's, and the next publish tries again.
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
    }

    /// Whether `name` is `prefix` and a UUID in the lower-case form `temporaryName` writes.
    private static func isTemporary(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let rest = String(name.dropFirst(prefix.count))
        return UUID(uuidString: rest)?.uuidString.lowercased() == rest
    }

    /// Deletes, once `index.json` names only `kept`, the package folders publish made that it no longer names: those
    /// the `previous` index named, and those a killed publish left (named by the SHA-256 of a `delta.json` signed by
    /// `key`). A failure only leaves a folder nobody needs, which the next publish tries again: the new index stands.
    static func prune(_ channel: URL, keeping kept: [ChannelIndex.Entry], previous: ChannelIndex, key: SigningKey) {
        let packages = channel.appendingPathComponent(ChannelIndex.packagesFolder)
        let keptNames = Set(kept.map(\.deltaSHA256))
        let madeBefore = Set(previous.packages.map(\.deltaSHA256))
        // Unreadable, the folder cannot be pruned now; the index is written already, and the next publish tries again.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packages.path)) ?? []
        for name in names where !keptNames.contains(name) {
            let folder = packages.appendingPathComponent(name)
            guard madeBefore.contains(name) || isPackage(folder, named: name, signedBy: key) else { continue }
            // See above: a folder that stays costs space only.
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Whether `folder` holds a package `key` signed under its own name: its `delta.json`'s SHA-256 is `name` and
    /// `delta.sig` is `key`'s signature of it.
    private static func isPackage(_ folder: URL, named name: String, signedBy key: SigningKey) -> Bool {
        // No readable delta.json: not a package publish finished writing, so not one it may delete.
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(DeltaManifest.fileName)),
              SHA256.hash(data: data).lowercaseHex == name else { return false }
        do {
            try SignedDocument.verify(data, signatureFile: folder.appendingPathComponent(DeltaManifest.signatureName), by: key.publicKey,
                                      signedBy: key.publicKey.fingerprint, what: DeltaManifest.fileName)
            return true
        } catch {
            return false
        }
    }

    /// Whether `folder` holds exactly the files of `expected`, byte for byte.
    static func holdsExactly(_ folder: URL, filesOf expected: URL) throws -> Bool {
        let names = try FileManager.default.contentsOfDirectory(atPath: expected.path).sorted()
        // Not a readable folder: not the package.
        guard let found = try? FileManager.default.contentsOfDirectory(atPath: folder.path), found.sorted() == names else { return false }
        for name in names {
            let made = try FileDigest(fileAt: expected.appendingPathComponent(name))
            // Unreadable, or not a regular file: not the file made.
            guard (try? FileDigest(fileAt: folder.appendingPathComponent(name))) == made else { return false }
        }
        return true
    }
}
