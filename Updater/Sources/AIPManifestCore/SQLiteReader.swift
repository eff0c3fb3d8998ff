import AIPErrorText
import CSQLite
import Foundation

/// A read-only SQLite connection through the C API, as little of it as the logical hash needs (and a build reading
/// one value beside it): no SQLite library above the platform's own, so the device links nothing else.
public final class SQLiteReader {
    private var handle: OpaquePointer?
    /// The file's name, or what an image stands for, for messages.
    private let name: String

    /// Opens the database at `url` read-only (symbolic links are followed).
    /// - Throws: `ManifestError` naming the file when it cannot be opened or is not an SQLite database.
    public init(fileAt url: URL) throws {
        name = url.lastPathComponent
        try open(url.path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
        // Opening is lazy: the first read tells a file that is not a database.
        try check(sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil))
    }

    /// Opens the serialized database `image` (`count` bytes, which must outlive the reader) in memory, read-only.
    /// - Throws: `ManifestError` when it is not an SQLite image.
    public init(image: UnsafeMutableRawPointer, count: Int) throws {
        name = "the database image"
        try open(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX)
        let code = sqlite3_deserialize(handle, "main", image.assumingMemoryBound(to: UInt8.self), sqlite3_int64(count),
                                       sqlite3_int64(count), UInt32(SQLITE_DESERIALIZE_READONLY))
        guard code == SQLITE_OK else { throw ManifestError(.unreadable, "the database image cannot be opened (SQLite error \(code))") }
        try check(sqlite3_exec(handle, "SELECT count(*) FROM sqlite_master", nil, nil, nil))
    }

    deinit { sqlite3_close_v2(handle) }

    private func open(_ path: String, _ flags: Int32) throws {
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK else {
            let error = failure(code)
            sqlite3_close_v2(handle)
            // The object is whole, so throwing runs deinit: it must not close the handle a second time.
            handle = nil
            throw error
        }
    }

    /// Runs `body` in one read transaction, so that every statement sees the same state of the file.
    public func reading<T>(_ body: (SQLiteReader) throws -> T) throws -> T {
        try check(sqlite3_exec(handle, "BEGIN", nil, nil, nil))
        // Nothing was written: ending the transaction cannot lose anything, and its status changes nothing.
        defer { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
        return try body(self)
    }

    /// Runs `sql` with `arguments` bound as text, calling `row` with the statement positioned on each row.
    public func forEachRow(_ sql: String, _ arguments: [String] = [], _ row: (Row) throws -> Void) throws {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        defer { sqlite3_finalize(statement) }
        for (offset, argument) in arguments.enumerated() {
            try check(sqlite3_bind_text(statement, Int32(offset + 1), argument, -1, sqliteTransient))
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW, let statement else { throw failure(code) }
            try row(Row(statement: statement))
        }
    }

    /// Whether the database has a table named `table`.
    public func tableExists(_ table: String) throws -> Bool {
        var found = false
        try forEachRow("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) { _ in found = true }
        return found
    }

    /// One row of a result: its columns read with their storage class as SQLite reports it.
    public struct Row {
        /// The statement, positioned on this row; valid only while the row is being read.
        public let statement: OpaquePointer

        public func text(_ column: Int32) -> String? {
            sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : String(cString: sqlite3_column_text(statement, column))
        }

        public func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else { throw failure(code) }
    }

    private func failure(_ code: Int32) -> ManifestError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return ManifestError(.unreadable, "\(name) cannot be read as an SQLite database: SQLite error \(code): \(message)")
    }
}

/// SQLite's "copy the bytes now" destructor, which the C macro SQLITE_TRANSIENT spells as a cast Swift cannot import.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
