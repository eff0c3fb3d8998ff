import AIPErrorText
import Foundation

/// Applies a rows payload to a database file in one transaction, with plain SQL every SQLite runs
/// (docs/delta-format.md, "Applying"): per table, delete every key the payload deletes or upserts, then insert the
/// upserted rows; `sqlite_sequence` last. Any failure rolls the whole transaction back.
public enum RowApplier {
    public static func apply(_ payload: RowPayload, to url: URL, name: String) throws {
        let db = try SQLiteConnection(url, writable: true, name: name)
        // The file is a staging copy: a crash discards it, and the switch flushes it before it counts. Syncing
        // SQLite's journal on the way would only cost time (a third of a one-cycle apply).
        try db.execute("PRAGMA synchronous=OFF; PRAGMA journal_mode=MEMORY")
        try db.execute("BEGIN IMMEDIATE")
        do {
            let ordered = payload.tables.filter { $0.name != sequenceTable } + payload.tables.filter { $0.name == sequenceTable }
            for table in ordered { try apply(table, db: db, name: name) }
            try db.execute("COMMIT")
        } catch {
            // The error that aborted is the one to report; the staging copy is discarded whether or not this works.
            try? db.execute("ROLLBACK")
            if let error = error as? UpdateError, error.kind != .fileSystem { throw error }
            throw UpdateError(.corruptPayload, "\(name): the rows payload does not apply (\(ErrorText.reason(error))); nothing was changed")
        }
    }

    static let sequenceTable = "sqlite_sequence"

    private static func apply(_ table: RowPayload.Table, db: SQLiteConnection, name: String) throws {
        let quoted = SQLiteConnection.quoted(table.name)
        let columnNames = try db.prepare("SELECT name FROM pragma_table_info(?) ORDER BY cid").rows([.text(Array(table.name.utf8))]).compactMap { $0.first?.text }
        guard columnNames.count == table.columnCount else {
            throw UpdateError(.wrongBase, "\(name): \(table.name) has \(columnNames.count) columns, the payload's rows \(table.columnCount): the database is not the delta's base")
        }
        let keyTest = table.keyColumns.map { "\(SQLiteConnection.quoted(columnNames[$0])) IS ?" }.joined(separator: " AND ")
        let delete = try db.prepare("DELETE FROM \(quoted) WHERE \(keyTest)")
        for key in table.deletes {
            try delete.run(key)
            guard db.changes == 1 else {
                throw UpdateError(.wrongBase, "\(name): \(table.name) has \(db.changes) rows with a key the payload deletes (expected 1): the database is not the delta's base")
            }
        }
        for row in table.upserts {
            guard row.count == table.columnCount else {
                throw UpdateError(.corruptPayload, "\(name): a row of \(table.name) has \(row.count) values for \(table.columnCount) columns")
            }
            try delete.run(table.keyColumns.map { row[$0] })
        }
        let columns = columnNames.map(SQLiteConnection.quoted).joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: table.columnCount).joined(separator: ", ")
        let insert = try db.prepare("INSERT INTO \(quoted) (\(columns)) VALUES (\(placeholders))")
        for row in table.upserts { try insert.run(row) }
    }
}
