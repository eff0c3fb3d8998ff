import AIPErrorText
import AIPJSON
import AIPManifestCore
import Crypto
import Foundation

/// The signed index of an update channel: which versions exist, the latest, and every package a device may fetch
/// (full bundles and deltas), each named by the SHA-256 of its `delta.json` and sized in bytes so a client can plan
/// the cheapest path. `sequence` grows with every index the publisher signs and `expires` bounds how long one
/// stays valid, so a device refuses an index older than one it has seen (rollback) and one nobody refreshed
/// (freeze), the way TUF's timestamp role does.
///
/// `index.json` is the only file of a channel that ever changes, so it carries its own signature: a CDN can never
/// serve a new index beside an old signature. It is an envelope whose `signed` member is the base64 of the index
/// document's exact bytes (``SignedDocument/envelopeData()``); see docs/delta-format.md.
public struct ChannelIndex: Sendable, Equatable, Codable {
    public static let currentFormat = 2
    public static let fileName = "index.json"
    /// Packages live in `packages/<SHA-256 of their delta.json>/`: immutable, cacheable forever.
    public static let packagesFolder = "packages"
    /// The most bytes a device reads of `index.json` (a channel of hundreds of packages is a few tens of
    /// kilobytes): anything longer is refused while it arrives.
    public static let maximumBytes = 4 << 20

    public var format: Int
    /// Grows by at least one with every index the publisher signs.
    public var sequence: Int
    /// When the index was signed and until when a device accepts it: `YYYY-MM-DDTHH:MM:SSZ`, UTC.
    public var issued: String
    public var expires: String
    /// The newest version: what every device should end up with.
    public var latest: String
    /// Every version published, oldest first.
    public var versions: [String]
    /// Every package in the channel: full bundles (no `from`) and deltas.
    public var packages: [Entry]
    public var signing: Manifest.Signing

    public struct Entry: Sendable, Equatable, Codable {
        /// The version a delta applies to; nil for a full bundle.
        public var from: String?
        public var to: String
        /// SHA-256 of the package's delta.json: its name in the channel, and what pins every file in it.
        public var deltaSHA256: String
        /// The bytes of all the package's files together, for planning and progress.
        public var bytes: Int

        enum CodingKeys: String, CodingKey {
            case from, to, bytes
            case deltaSHA256 = "delta_sha256"
        }

        public init(from: String?, to: String, deltaSHA256: String, bytes: Int) {
            self.from = from
            self.to = to
            self.deltaSHA256 = deltaSHA256
            self.bytes = bytes
        }

        /// The package's folder, relative to the channel's root.
        public var path: String { "\(ChannelIndex.packagesFolder)/\(deltaSHA256)" }
    }

    public init(sequence: Int, issued: Date, expires: Date, latest: String, versions: [String], packages: [Entry],
                signing: Manifest.Signing) {
        format = Self.currentFormat
        self.sequence = sequence
        self.issued = Self.timestamp(issued)
        self.expires = Self.timestamp(expires)
        self.latest = latest
        self.versions = versions
        self.packages = packages
        self.signing = signing
    }

    /// The index document's one byte form: the bytes that are signed.
    public func jsonData() throws -> Data { try JSONWriter.encode(self) }

    /// Reads the published `index.json` bytes: checks the signature with `trustedKey` and the expiry against `now`.
    /// - Throws: `UpdateError` — `.badSignature`, `.expired`, or `.unsupported` for anything that is not an index.
    public init(published data: Data, trustedKey: SigningPublicKey, now: Date) throws {
        try self.init(published: data, trustedKeys: [trustedKey], now: now)
    }

    /// Reads the published `index.json` bytes, signed by whichever of `trustedKeys` it names.
    public init(published data: Data, trustedKeys: [SigningPublicKey], now: Date) throws {
        guard let document = SignedDocument(envelope: data) else {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) is not a signed index (an object with signed and signature, both base64)")
        }
        struct Header: Decodable {
            var format: Int
            var signing: Manifest.Signing?
        }
        // Whichever way it fails to decode, it is not an index document: the signature cannot even be checked.
        guard let header = try? JSONDecoder().decode(Header.self, from: document.bytes) else {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) does not hold an index document")
        }
        try document.verify(byAnyOf: trustedKeys, signedBy: header.signing?.publicKeyFingerprint, what: Self.fileName)
        guard header.format == Self.currentFormat else {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) has format \(header.format); this updater reads format \(Self.currentFormat)")
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: document.bytes)
        } catch {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) is not an index: \(ErrorText.reason(error))")
        }
        guard let expiry = Self.date(expires) else {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) has an expiry that is not a UTC timestamp: \(expires)")
        }
        guard now < expiry else {
            throw UpdateError(.expired, "the channel's \(Self.fileName) (sequence \(sequence)) expired at \(expires): its publisher has not refreshed it, or a mirror serves a frozen copy; keep the installed bundle and retry later")
        }
        guard sequence >= 0 else {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) has the sequence \(sequence), which no publisher signs")
        }
        for entry in packages where !SignedSize.isPlausible(entry.bytes) {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) gives the package \(entry.deltaSHA256.prefix(64)) \(entry.bytes) bytes, outside 0…\(SignedSize.maximum): a publisher's error; keep the installed bundle")
        }
        for entry in packages where !entry.deltaSHA256.allSatisfy({ "0123456789abcdef".contains($0) }) || entry.deltaSHA256.count != 64 {
            throw UpdateError(.unsupported, "the channel's \(Self.fileName) names a package \(entry.deltaSHA256), which is not a SHA-256")
        }
        // Versions are names a publisher or an app may turn into paths: the rule of a manifest's bundle_version.
        for version in [latest] + versions + packages.flatMap({ [$0.from, $0.to].compactMap { $0 } }) {
            do {
                _ = try PathName(version: version)
            } catch {
                throw UpdateError(.unsupported, "the channel's \(Self.fileName) names \(error)")
            }
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    public static func date(_ timestamp: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: timestamp)
    }
}
