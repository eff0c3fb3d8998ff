import AIPErrorText
import AIPManifest
import AIPJSON
import Foundation

/// `delta.json`: what an update package holds and what it must produce; signed (`delta.sig`) like the manifest.
///
/// A package brings an installed bundle from `from_version` to `to_version`; a package with no `from_version` is
/// a full bundle, which installs over anything older (or into an empty folder). The package also holds the target
/// bundle's `manifest.json` and `manifest.sig`, whose SHA-256 is `target_manifest_sha256`.
///
/// ```json
/// { "files" : { "airports.db" : { "base_logical_sha256" : "…", "bytes" : 3121, "kind" : "changeset",
///                                 "payload" : "airports.db.changeset.xz", "sequence" : { "runways" : 300000 },
///                                 "sha256" : "…", "target_logical_sha256" : "…", "uncompressed_bytes" : 10240 } },
///   "format" : 1, "from_version" : "2612", "signing" : { "public_key_fingerprint" : "…" },
///   "target_manifest_sha256" : "…", "to_version" : "2613" }
/// ```
public struct DeltaManifest: Sendable, Equatable, Codable {
    public static let currentFormat = 1
    public static let fileName = "delta.json"
    public static let signatureName = "delta.sig"

    public var format: Int
    /// The installed version the package applies to; nil for a full bundle.
    public var fromVersion: String?
    public var toVersion: String
    /// SHA-256 of the target `manifest.json` bytes in the package.
    public var targetManifestSHA256: String
    /// Every file of the target bundle, by name. Installed files the target lacks are dropped.
    public var files: [String: DeltaFile]
    public var signing: Manifest.Signing?

    enum CodingKeys: String, CodingKey {
        case format
        case fromVersion = "from_version"
        case toVersion = "to_version"
        case targetManifestSHA256 = "target_manifest_sha256"
        case files, signing
    }

    public init(fromVersion: String?, toVersion: String, targetManifestSHA256: String, files: [String: DeltaFile],
                signing: Manifest.Signing?) {
        self.format = Self.currentFormat
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.targetManifestSHA256 = targetManifestSHA256
        self.files = files
        self.signing = signing
    }

    /// Its one byte form (the bytes that are signed).
    public func jsonData() throws -> Data { try JSONWriter.encode(self) }

    /// Decodes delta.json; another format is refused.
    public init(jsonData data: Data) throws {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw UpdateError("\(Self.fileName) is not a delta description: \(ErrorText.reason(error))")
        }
        guard format == Self.currentFormat else {
            throw UpdateError("\(Self.fileName) has format \(format); this updater reads format \(Self.currentFormat)")
        }
    }
}

/// How one file of the target bundle is obtained.
public struct DeltaFile: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// An SQLite changeset (session extension), xz-compressed, applied to the installed file.
        case changeset
        /// The whole file, xz-compressed.
        case full
        /// The installed file as it is.
        case unchanged
    }

    public var kind: Kind
    /// The payload's file name in the package; nil for `unchanged`.
    public var payload: String?
    /// Size and SHA-256 of the payload as stored (compressed).
    public var bytes: Int?
    public var sha256: String?
    /// Size of the payload once decompressed: the bound the decoder enforces.
    public var uncompressedBytes: Int?
    /// The logical hash the installed file must have; nil for `full`.
    public var baseLogicalSHA256: String?
    /// The logical hash the result must have (the target manifest's `logical_sha256`).
    public var targetLogicalSHA256: String
    /// `sqlite_sequence` of the target file, by table: a changeset does not carry it (that table has no primary
    /// key), so the updater sets it; nil when the target has none.
    public var sequence: [String: Int64]?

    enum CodingKeys: String, CodingKey {
        case kind, payload, bytes, sha256
        case uncompressedBytes = "uncompressed_bytes"
        case baseLogicalSHA256 = "base_logical_sha256"
        case targetLogicalSHA256 = "target_logical_sha256"
        case sequence
    }

    public init(kind: Kind, payload: String? = nil, bytes: Int? = nil, sha256: String? = nil, uncompressedBytes: Int? = nil,
                baseLogicalSHA256: String?, targetLogicalSHA256: String, sequence: [String: Int64]? = nil) {
        self.kind = kind
        self.payload = payload
        self.bytes = bytes
        self.sha256 = sha256
        self.uncompressedBytes = uncompressedBytes
        self.baseLogicalSHA256 = baseLogicalSHA256
        self.targetLogicalSHA256 = targetLogicalSHA256
        self.sequence = sequence
    }
}
