import CSQLite
import GRDB
import Testing

/// The delta packages depend on SQLite's session extension; the CSQLite shim must make it visible and
/// Debian's libsqlite3 must provide it. This records a real change on a GRDB connection.
@Suite struct SQLiteSessionTests {
    @Test func sessionExtensionRecordsAChangeset() throws {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, v REAL)")
            var session: OpaquePointer?
            #expect(sqlite3session_create(db.sqliteConnection, "main", &session) == SQLITE_OK)
            defer { sqlite3session_delete(session) }
            #expect(sqlite3session_attach(session, nil) == SQLITE_OK)
            try db.execute(sql: "INSERT INTO t VALUES (1, 0.1)")
            var size: Int32 = 0
            var changeset: UnsafeMutableRawPointer?
            #expect(sqlite3session_changeset(session, &size, &changeset) == SQLITE_OK)
            defer { sqlite3_free(changeset) }
            #expect(size > 0)
        }
    }
}
