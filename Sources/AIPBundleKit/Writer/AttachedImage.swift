import AIPErrorText
import CSQLite
import Foundation
import GRDB

/// Attaches a database file as an in-memory copy of its bytes.
///
/// The bytes are handed to `sqlite3_deserialize`: nothing can write to the file, no lock or journal is ever taken on
/// it (it may sit in a published bundle another process reads), and no URI filename support is needed. The copy is
/// not marked read-only because SQLite then refuses the write transaction of the database it is attached to.
enum AttachedImage {
    /// - Throws: `BundleWriteError` naming the file when it cannot be read or SQLite refuses it.
    static func attach(_ url: URL, as schema: String, to db: Database) throws {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url, options: .mappedIfSafe)
        } catch {
            throw BundleWriteError("cannot read \(url.path): \(ErrorText.reason(error))")
        }
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(schema.quotedDatabaseIdentifier)")
        // SQLite owns the copy (FREEONCLOSE) and frees it on DETACH or when the connection closes.
        guard let buffer = sqlite3_malloc64(sqlite3_uint64(max(bytes.count, 1))) else {
            throw BundleWriteError("out of memory attaching \(url.path)")
        }
        bytes.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE)
        let code = sqlite3_deserialize(db.sqliteConnection, schema, buffer.assumingMemoryBound(to: UInt8.self),
                                       sqlite3_int64(bytes.count), sqlite3_int64(bytes.count), flags)
        guard code == SQLITE_OK else {
            throw BundleWriteError("SQLite cannot open \(url.path) (code \(code))")
        }
        // A file that is not a database is only noticed on the first read: read now, so the error names the file.
        do {
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(schema.quotedDatabaseIdentifier).sqlite_master")
        } catch {
            throw BundleWriteError("\(url.path) cannot be read as an SQLite database: \(ErrorText.reason(error))")
        }
    }
}
