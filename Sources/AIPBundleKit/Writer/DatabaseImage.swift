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
    /// - Returns: the file's bytes, for the manifest (hashed without reading the file back).
    @discardableResult
    static func write(to url: URL, _ fill: (Database) throws -> Void) throws -> Data {
        let queue = try DatabaseQueue()
        let image: Data = try queue.inDatabase { db in
            try db.inTransaction {
                try fill(db)
                return .commit
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
            throw BundleWriteError("cannot write \(url.path): \(error.localizedDescription)")
        }
        return image
    }
}
