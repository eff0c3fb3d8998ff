import CSQLite
import Foundation
import GRDB

/// The SQLite changeset that turns one database into another, computed with the session extension's
/// `sqlite3session_diff` on the new file with the old one attached.
package enum ChangesetDiff {
    /// The changeset from `old` to `new`, or nil when a changeset cannot express the change: the two files do not
    /// have the same tables, or a table has no primary key (the session extension skips such tables silently).
    /// Column changes make `sqlite3session_diff` fail, which is also nil. The caller still proves the changeset
    /// by applying it.
    package static func changeset(from old: URL, to new: URL) throws -> Data? {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: new.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.inDatabase { db -> Data? in
            try db.execute(sql: "ATTACH DATABASE ? AS old", arguments: [old.path])
            defer { try? db.execute(sql: "DETACH DATABASE old") }
            let tables = try userTables(db, schema: "main")
            guard tables == (try userTables(db, schema: "old")) else { return nil }
            for table in tables {
                let keyed = try Bool.fetchOne(db, sql: "SELECT count(*) > 0 FROM pragma_table_info(?, 'main') WHERE pk > 0", arguments: [table]) ?? false
                if !keyed { return nil }
            }
            var session: OpaquePointer?
            guard sqlite3session_create(db.sqliteConnection, "main", &session) == SQLITE_OK, let session else {
                throw DeltaError("cannot start an SQLite session on \(new.lastPathComponent)")
            }
            defer { sqlite3session_delete(session) }
            // Every table is attached before any diff: on this SQLite, diffing a table the session has not attached
            // yields an empty changeset without an error.
            for table in tables where sqlite3session_attach(session, table) != SQLITE_OK {
                throw DeltaError("cannot attach table \(table) to the SQLite session")
            }
            for table in tables {
                var message: UnsafeMutablePointer<CChar>?
                let status = sqlite3session_diff(session, "old", table, &message)
                defer { sqlite3_free(message) }
                if status == SQLITE_SCHEMA { return nil }
                guard status == SQLITE_OK else {
                    throw DeltaError("cannot diff table \(table): \(message.map { String(cString: $0) } ?? "SQLite error \(status)")")
                }
            }
            var size: Int32 = 0
            var bytes: UnsafeMutableRawPointer?
            guard sqlite3session_changeset(session, &size, &bytes) == SQLITE_OK else {
                throw DeltaError("cannot collect the changeset of \(new.lastPathComponent)")
            }
            defer { sqlite3_free(bytes) }
            return bytes.map { Data(bytes: $0, count: Int(size)) } ?? Data()
        }
    }

    /// Tables the changeset covers: all but SQLite's own (`sqlite_sequence` goes in delta.json instead), by name.
    private static func userTables(_ db: Database, schema: String) throws -> [String] {
        try String.fetchAll(db, sql: """
            SELECT name FROM \(schema).sqlite_master WHERE type = 'table' AND rootpage != 0 AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name
            """)
    }

    /// The `sqlite_sequence` rows of the database at `url`; nil when it has no such table.
    static func sequence(of url: URL) throws -> [String: Int64]? {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            guard try db.tableExists("sqlite_sequence") else { return nil }
            let rows = try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence")
            return Dictionary(rows.map { ($0["name"] as String, $0["seq"] as Int64) }, uniquingKeysWith: max)
        }
    }
}
