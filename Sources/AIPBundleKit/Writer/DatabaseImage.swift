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
enum DatabaseImage {
    /// Runs `fill` in one transaction on a fresh in-memory database, then writes the image to `url`.
    /// - Parameter attaching: databases `fill` may read, by schema name (``AttachedImage``); SQLite refuses an
    ///   `ATTACH` inside a transaction, so they are attached before it and detached before the image is taken.
    /// - Returns: the file's bytes, for the manifest (hashed without reading the file back).
    @discardableResult
    static func write(to url: URL, attaching: [String: URL] = [:], _ fill: (Database) throws -> Void) throws -> Data {
        let queue = try DatabaseQueue()
        let image: Data = try queue.inDatabase { db in
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
            guard let bytes = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
                throw BundleWriteError("SQLite could not serialize the database for \(url.lastPathComponent)")
            }
            return Data(bytesNoCopy: bytes, count: Int(size), deallocator: .custom { pointer, _ in sqlite3_free(pointer) })
        }
        do {
            try image.write(to: url, options: .withoutOverwriting)
        } catch {
            throw BundleWriteError("cannot write \(url.path): \(ErrorText.reason(error))")
        }
        return image
    }
}
