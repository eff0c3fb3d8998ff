import AIPContract
import Crypto
import Foundation
import GRDB

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

    /// Hashes the file at `url` (following symbolic links).
    /// - Throws: `ManifestError` when the file cannot be read, or is not an SQLite database although `kind` says
    ///   so, or has a `schema_version` that is not an integer.
    public init(fileAt url: URL, kind: ManifestFileKind) throws {
        try self.init(fileAt: url, kind: kind, digest: FileDigest(fileAt: url))
    }

    /// The entry of a file whose exact bytes are `contents`, as its writer has them in memory: nothing is read back
    /// from disk, and an SQLite image is hashed on two read-only in-memory connections.
    /// - Throws: `ManifestError` when an SQLite image cannot be opened or has a `schema_version` that is not an integer.
    public init(contents: Data, kind: ManifestFileKind, name: String) throws {
        let sha256 = SHA256.hash(data: contents).lowercaseHex
        switch kind {
        case .json:
            self.init(kind: kind, bytes: contents.count, sha256: sha256, logicalSHA256: sha256)
        case .sqlite:
            let (content, schemaVersion) = try SQLiteContentHash.hashing(image: contents) { db in
                try Self.schemaVersion(db, file: name)
            }
            self.init(kind: kind, bytes: contents.count, sha256: sha256, logicalSHA256: content.sha256,
                      schemaVersion: schemaVersion, tables: content.rowCounts)
        }
    }

    /// Completes `digest`, already taken of the file at `url`, with the content hash.
    init(fileAt url: URL, kind: ManifestFileKind, digest: FileDigest) throws {
        switch kind {
        case .json:
            self.init(kind: kind, bytes: digest.bytes, sha256: digest.sha256, logicalSHA256: digest.sha256)
        case .sqlite:
            let (content, schemaVersion) = try SQLiteContentHash.hashing(fileAt: url) { db in
                try Self.schemaVersion(db, file: url.lastPathComponent)
            }
            self.init(kind: kind, bytes: digest.bytes, sha256: digest.sha256, logicalSHA256: content.sha256,
                      schemaVersion: schemaVersion, tables: content.rowCounts)
        }
    }

    static func schemaVersion(_ db: Database, file: String) throws -> Int? {
        let table = MetadataTable.modelMetadataName
        guard try db.tableExists(table),
              let text = try String.fetchOne(db, sql: "SELECT \(MetadataTable.value.name) FROM \(table) WHERE \(MetadataTable.key.name) = ?",
                                             arguments: [MetadataKey.schemaVersion])
        else { return nil }
        guard let version = Int(text) else {
            throw ManifestError(.invalidContent, "\(file): \(table).\(MetadataKey.schemaVersion) is \"\(text)\", not an integer")
        }
        return version
    }
}
