import AIPContract
import GRDB

/// The `sqlite_sequence` high-water mark of an AUTOINCREMENT table: the id SQLite will never hand out again.
///
/// Ids must not be reused across releases (a delta would turn a deleted row's id into someone else's), so the
/// build carries the previous bundle's high-water mark over even when the rows that reached it are gone.
enum SQLiteSequence {
    /// Raises the high-water mark of `table` to `highWater`; a mark already higher (a new row above the previous
    /// bundle's mark) stays.
    ///
    /// This is also what SQLite does on a device applying a delta: inserting a row raises the mark, deleting one
    /// never lowers it. A build that carries the previous mark over therefore ends with the same `sqlite_sequence`
    /// as a device that applied the delta, and their logical content hashes agree.
    /// - Throws: `BundleWriteError` when `table` has no AUTOINCREMENT column.
    static func raise(_ table: TableSchema, to highWater: Int, in db: Database) throws {
        guard table.columns.contains(where: \.isAutoincrement) else {
            throw BundleWriteError("\(table.name): has no AUTOINCREMENT column, so no sqlite_sequence high-water mark")
        }
        try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", arguments: [highWater, table.name])
        if db.changesCount == 0 {
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table.name, highWater])
        }
    }

    /// Raises the marks of the tables of `schema` named in `highWaterMarks` (the previous bundle's), in name order.
    /// - Throws: `BundleWriteError` for a name that is no table of `schema`, or a table without AUTOINCREMENT.
    static func raise(_ highWaterMarks: [String: Int], of schema: DatabaseSchema, in db: Database) throws {
        for (name, highWater) in highWaterMarks.sorted(by: { $0.key < $1.key }) {
            guard let table = schema.table(name) else {
                throw BundleWriteError("\(name): no such table in \(schema.fileName) for an id high-water mark")
            }
            try raise(table, to: highWater, in: db)
        }
    }
}
