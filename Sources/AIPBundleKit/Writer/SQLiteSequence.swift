import GRDB

/// The `sqlite_sequence` high-water mark of an AUTOINCREMENT table: the id SQLite will never hand out again.
///
/// Ids must not be reused across releases (a delta would turn a deleted row's id into someone else's), so the
/// build carries the previous bundle's high-water mark over even when the rows that reached it are gone.
enum SQLiteSequence {
    /// Raises the high-water mark of `table` to `highWater` (leaves it when already higher).
    ///
    /// - Throws: `BundleWriteError` when `table` has no AUTOINCREMENT column, or when `highWater` is below an id
    ///   already in the table (the mark would not protect that id).
    static func raise(_ table: TableSchema, to highWater: Int, in db: Database) throws {
        guard let id = table.columns.first(where: \.isAutoincrement) else {
            throw BundleWriteError("\(table.name): has no AUTOINCREMENT column, so no sqlite_sequence high-water mark")
        }
        let largest = try Int.fetchOne(db, sql: "SELECT max(\(id.name)) FROM \(table.name)") ?? 0
        guard highWater >= largest else {
            throw BundleWriteError("\(table.name).\(id.name): high-water mark \(highWater) is below the largest id \(largest)")
        }
        try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", arguments: [highWater, table.name])
        if db.changesCount == 0 {
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table.name, highWater])
        }
    }
}
