import CSQLite
import Foundation

/// The SQLite C API, as little of it as the updater needs: values are bound and read with their exact storage
/// class and bytes, which is what a row payload must keep. Errors are `UpdateError`s naming the file.
public final class SQLiteConnection {
    private var handle: OpaquePointer?
    private let name: String

    /// Opens the database at `url` (read-only unless `writable`), with foreign keys off and no extension loading.
    public init(_ url: URL, writable: Bool, name: String) throws {
        self.name = name
        let flags = (writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(url.path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            // The object is whole, so throwing runs deinit: it must not close the handle a second time.
            handle = nil
            throw UpdateError(.fileSystem, "\(name): cannot open \(url.path) as an SQLite database: \(message)")
        }
    }

    deinit { sqlite3_close(handle) }

    /// Runs SQL without results (several statements allowed).
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard status == SQLITE_OK else {
            throw failure(status, message.map { String(cString: $0) } ?? "", doing: sql)
        }
    }

    public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw failure(status, String(cString: sqlite3_errmsg(handle)), doing: sql)
        }
        return Statement(statement, connection: self, sql: sql)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    fileprivate func failure(_ status: Int32, _ message: String, doing sql: String) -> UpdateError {
        let kind: UpdateError.Kind = status == SQLITE_FULL ? .outOfSpace
            : status == SQLITE_CORRUPT || status == SQLITE_NOTADB ? .corruptPayload : .fileSystem
        return UpdateError(kind, "\(name): SQLite error \(status) (\(message)) in: \(sql.prefix(200))")
    }

    /// `"name"` with inner quotes doubled: a table or column name as SQL text.
    public static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public final class Statement {
        private let statement: OpaquePointer
        private let connection: SQLiteConnection
        private let sql: String

        fileprivate init(_ statement: OpaquePointer, connection: SQLiteConnection, sql: String) {
            self.statement = statement
            self.connection = connection
            self.sql = sql
        }

        deinit { sqlite3_finalize(statement) }

        /// Binds `values` to the parameters 1…n, after resetting the statement.
        public func bind(_ values: [SQLValue]) throws {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                let status: Int32 = switch value {
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let bytes): bytes.withUnsafeBytes { buffer in
                    // An empty buffer may have no address; SQLite takes any non-null pointer with length 0.
                    sqlite3_bind_text(statement, index, (buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self),
                                      Int32(buffer.count), sqliteTransient)
                }
                case .blob(let bytes): bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, Int32(buffer.count), sqliteTransient)
                }
                case .null: sqlite3_bind_null(statement, index)
                }
                guard status == SQLITE_OK else { throw connection.failure(status, "cannot bind a value", doing: sql) }
            }
        }

        /// Steps once: true when a row is ready, false when done.
        public func step() throws -> Bool {
            let status = sqlite3_step(statement)
            switch status {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw connection.failure(status, String(cString: sqlite3_errmsg(sqlite3_db_handle(statement))), doing: sql)
            }
        }

        /// Binds `values` and runs the statement to its end.
        public func run(_ values: [SQLValue]) throws {
            try bind(values)
            while try step() {}
        }

        /// The value of column `index` of the current row.
        public func value(_ index: Int32) -> SQLValue {
            switch sqlite3_column_type(statement, index) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
            case SQLITE3_TEXT:
                let text = sqlite3_column_text(statement, index)
                let count = Int(sqlite3_column_bytes(statement, index))
                return .text(Array(UnsafeBufferPointer(start: text, count: count)))
            case SQLITE_BLOB:
                let blob = sqlite3_column_blob(statement, index)
                let count = Int(sqlite3_column_bytes(statement, index))
                return .blob(count == 0 ? [] : Array(UnsafeRawBufferPointer(start: blob, count: count)))
            default: return .null
            }
        }

        public var columnCount: Int32 { sqlite3_column_count(statement) }

        /// Every row of the statement (after binding `values`), each as its column values.
        public func rows(_ values: [SQLValue] = []) throws -> [[SQLValue]] {
            try bind(values)
            var rows: [[SQLValue]] = []
            while try step() { rows.append((0..<columnCount).map(value)) }
            return rows
        }
    }
}

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension SQLValue {
    /// The value as text, for names read from SQLite's own tables.
    public var text: String? {
        if case .text(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    public var integer: Int64? {
        if case .integer(let number) = self { return number }
        return nil
    }
}
