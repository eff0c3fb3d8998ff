import Foundation

/// What manifest.json records about one bundle file: enough for a device to verify it after a download or a delta.
public struct ManifestFile: Sendable, Equatable, Codable {
    public var kind: ManifestFileKind
    /// The size of the file in bytes.
    public var bytes: Int
    /// SHA-256 of the exact bytes, lower-case hexadecimal: what a full download must match.
    public var sha256: String
    /// The hash of the content (see `ManifestFileKind`): what a database patched by a delta must match, since
    /// its pages differ from the published file's.
    public var logicalSHA256: String
    /// `model_metadata.schema_version` of an SQLite file that has one; nil (omitted) otherwise.
    public var schemaVersion: Int?
    /// The row count of every table the logical hash covers, by name; nil (omitted) for JSON files.
    public var tables: [String: Int]?

    enum CodingKeys: String, CodingKey {
        case kind, bytes, sha256
        case logicalSHA256 = "logical_sha256"
        case schemaVersion = "schema_version"
        case tables
    }

    public init(kind: ManifestFileKind, bytes: Int, sha256: String, logicalSHA256: String, schemaVersion: Int? = nil,
                tables: [String: Int]? = nil) {
        self.kind = kind
        self.bytes = bytes
        self.sha256 = sha256
        self.logicalSHA256 = logicalSHA256
        self.schemaVersion = schemaVersion
        self.tables = tables
    }
}
