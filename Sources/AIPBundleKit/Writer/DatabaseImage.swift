import AIPErrorText
import CSQLite
import Foundation
import GRDB

/// Builds a database in memory and writes it to disk in one piece.
///
/// The whole file is produced by `sqlite3_serialize` and written with a single `write`: no journal, no page
/// written twice, and no half-built file on disk if a step fails. (Page-by-page writes cost more than the
/// inserts themselves on the CI machine's file system.) GRDB has no wrapper for serialize, so this file reaches
/// SQLite directly through `sqliteConnection`.
///
/// The database lives in one growable buffer (SQLite's `memdb`, made by deserializing nothing), so the image is
/// that buffer itself (`SQLITE_SERIALIZE_NOCOPY`): a copy of a 27 MB `european_cities.db` would be 27 MB more at
/// the build's peak. No journal is kept: a failed fill throws the whole database away.
enum DatabaseImage {
    /// Header bytes of the file change counter (24–27), the version-valid-for number and the SQLite version (92–99).
    static let changeCounterFields = Array(24..<28) + Array(92..<100)

    /// Runs `fill` in one transaction on a fresh in-memory database, then writes the image to `url`.
    /// - Parameter attaching: databases `fill` may read, by schema name (``AttachedImage``); SQLite refuses an
    ///   `ATTACH` inside a transaction, so they are attached before it and detached before the image is taken.
    /// - Returns: the file's bytes, for the manifest (hashed without reading the file back).
    @discardableResult
    static func write(to url: URL, attaching: [String: URL] = [:], _ fill: (Database) throws -> Void) throws -> Data {
        // The stages check every reference before a row is written (and `check` runs foreign_key_check on the file):
        // SQLite enforcing the foreign keys again looked up the parent of each of a build's 400,000 rows.
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        let image: Data = try queue.inDatabase { db in
            let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
            guard sqlite3_deserialize(db.sqliteConnection, "main", nil, 0, 0, flags) == SQLITE_OK else {
                throw BundleWriteError("SQLite could not make an in-memory database for \(url.lastPathComponent)")
            }
            try db.execute(sql: "PRAGMA main.journal_mode = OFF")
            for (schema, file) in attaching.sorted(by: { $0.key < $1.key }) {
                try AttachedImage.attach(file, as: schema, to: db)
            }
            try db.inTransaction {
                try fill(db)
                return .commit
            }
            for schema in attaching.keys.sorted() {
                try db.execute(sql: "DETACH DATABASE \(schema.quotedDatabaseIdentifier)")
            }
            var size: sqlite3_int64 = 0
            guard let bytes = sqlite3_serialize(db.sqliteConnection, "main", &size, UInt32(SQLITE_SERIALIZE_NOCOPY)) else {
                throw BundleWriteError("SQLite could not serialize the database for \(url.lastPathComponent)")
            }
            // A file database counts its writes in the header and stamps the SQLite version that made it; zeroed, as
            // an in-memory database leaves them, the file depends on its rows only, not on the library's version.
            for offset in Self.changeCounterFields { bytes[offset] = 0 }
            // The bytes are the database's own: the connection stays open, unchanged, while they are in use.
            return Data(bytesNoCopy: bytes, count: Int(size), deallocator: .custom { _, _ in withExtendedLifetime(queue) {} })
        }
        do {
            try image.write(to: url, options: .withoutOverwriting)
        } catch {
            throw BundleWriteError("cannot write \(url.path): \(ErrorText.reason(error))")
        }
        return image
    }
}
