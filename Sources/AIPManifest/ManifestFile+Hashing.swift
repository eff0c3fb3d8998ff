import AIPContract
import Crypto
import Foundation

/// Making a manifest entry: hashing a file (or the image a writer has in memory) and reading the data contract's
/// `schema_version` beside the logical hash, on the same connection.
extension ManifestFile {
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

    static func schemaVersion(_ db: SQLiteReader, file: String) throws -> Int? {
        let table = MetadataTable.modelMetadataName
        guard try db.tableExists(table) else { return nil }
        var value: String?
        try db.forEachRow("SELECT \(MetadataTable.value.name) FROM \(table) WHERE \(MetadataTable.key.name) = ?",
                          [MetadataKey.schemaVersion]) { row in value = value ?? row.text(0) }
        guard let text = value else { return nil }
        guard let version = Int(text) else {
            throw ManifestError(.invalidContent, "\(file): \(table).\(MetadataKey.schemaVersion) is \"\(text)\", not an integer")
        }
        return version
    }
}
