import CSQLite
import Foundation
import GRDB

/// The logical content hash of an SQLite file: SHA-256 over its tables, columns and rows, independent of how
/// the pages are laid out.
///
/// A device recomputes this hash after applying a delta, to prove that the patched database holds exactly what
/// the build wrote, although its pages differ from the published file's. A VACUUMed copy therefore hashes the
/// same; any change to a value, an added or removed row, a renamed table or column, or a changed declared type
/// changes the hash. The encoding below is a format: any implementation (CryptoKit on the device) that follows
/// it gets the same digest.
///
/// ## Encoding (format 1)
///
/// The hash is SHA-256 of this byte stream. `u64(n)` is `n` as eight bytes, most significant first;
/// `text(s)` is `u64(byte count of s in UTF-8)` followed by those bytes.
///
/// ```
/// stream = "aipbundle-sqlite-content-1"      the 26 ASCII bytes, no terminator
///          table*
/// table  = 'T' (0x54) text(table name) u64(column count) column* row*
/// column = text(column name) text(declared type) u64(primary-key position)
/// row    = 'R' (0x52) value × column count
/// value  = 0x01 u64(two's complement of the INTEGER)
///        | 0x02 u64(IEEE-754 binary64 bits of the REAL)
///        | 0x03 text(the TEXT, as UTF-8)
///        | 0x04 u64(byte count) bytes             a BLOB
///        | 0x05                                   NULL
/// ```
///
/// - **Tables**: every row of `sqlite_master` with `type = 'table'` and a non-zero `rootpage`, except SQLite's
///   internal tables (names starting with `sqlite_`, in any case: `sqlite_stat1`, `sqlite_stat4`, which `ANALYZE`
///   rewrites at will). `sqlite_sequence` *is* included: it holds each AUTOINCREMENT table's high-water mark,
///   which keeps deleted row ids from being reused and so is part of what the next build and delta rely on.
///   Virtual tables (rootpage 0) are skipped; their shadow tables are ordinary tables and are included.
///   Tables come in byte-wise order of their names' UTF-8 bytes; the name is `sqlite_master.name` as stored.
/// - **Columns**: those of `PRAGMA table_info`, in its order (generated columns, being derived, are not among
///   them): name and declared type exactly as reported (empty text when none is declared), and the 1-based
///   position of the column in the primary key, or 0. The rowid of a table without an INTEGER PRIMARY KEY is
///   not hashed: VACUUM may renumber it.
/// - **Rows**: sorted by SQLite's `ORDER BY` with these terms, each ascending: the primary-key columns in key
///   order, then the other columns in table order, each with `COLLATE BINARY`; then `typeof(column)` of every
///   column in table order. For a table whose key is unique and never NULL the key alone decides (SQLite's planner
///   sees that and does not sort); for a table without a primary key, or a rowid table whose key columns allow
///   several NULLs, the other columns decide; the `typeof` terms order rows that compare equal yet differ in type
///   (INTEGER 1 and REAL 1.0), so rows that are still tied encode to the same bytes and the order is total.
///   BINARY compares TEXT with `memcmp` in the file's text encoding (UTF-8 for every bundle).
/// - **Values**: tagged with SQLite's fundamental type codes, so INTEGER 1 and REAL 1.0 differ. A REAL zero is
///   always encoded as +0.0 (bits all zero): SQL compares -0.0 equal to 0.0, and SQLite does not keep the sign
///   in REAL columns, so the sign is not content. A NaN needs no rule: SQLite reads and writes it as NULL.
///   TEXT is hashed as the UTF-8 bytes SQLite returns, without normalisation.
///
/// For example, a database holding only `CREATE TABLE t(k INTEGER PRIMARY KEY, v)` with the row `(1, 'a')`
/// hashes the bytes `aipbundle-sqlite-content-1`, `54`, `u64(1)` `74`, `u64(2)`, `u64(1)` `6B`, `u64(7)`
/// `INTEGER`, `u64(1)`, `u64(1)` `76`, `u64(0)`, `u64(0)`, `52`, `01` `u64(1)`, `03` `u64(1)` `61`.
public struct SQLiteContentHash: Sendable, Equatable {
    /// SHA-256 of the encoding, as 64 lower-case hexadecimal digits.
    public var sha256: String
    /// The number of rows of every hashed table, by table name.
    public var rowCounts: [String: Int]

    /// Hashes the database at `url`, opened read-only (symbolic links are followed).
    /// - Throws: `ManifestError` when the file is not a readable SQLite database.
    public init(fileAt url: URL) throws {
        self = try SQLiteFile.read(url) { try SQLiteContentHash($0) }
    }

    /// Hashes the database `db` is connected to, in one read of its current state.
    init(_ db: Database) throws {
        var stream = SHA256Stream()
        Self.magic.withUnsafeBytes { stream.append($0) }
        var rowCounts: [String: Int] = [:]
        for table in try Self.tableNames(db) {
            rowCounts[table] = try Self.hashTable(table, db: db, into: &stream)
        }
        sha256 = stream.finalize()
        self.rowCounts = rowCounts
    }

    private static let magic = Array("aipbundle-sqlite-content-1".utf8)

    /// The tables the hash covers, in byte-wise order of their UTF-8 names.
    private static func tableNames(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage <> 0")
            .filter { $0 == "sqlite_sequence" || !$0.lowercased().hasPrefix("sqlite_") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Appends one table to `stream`.
    /// - Returns: the number of rows.
    private static func hashTable(_ table: String, db: Database, into stream: inout SHA256Stream) throws -> Int {
        let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))").map { row in
            (name: row["name"] as String, type: row["type"] as String? ?? "", keyPosition: row["pk"] as Int)
        }
        stream.append(UInt8(ascii: "T"))
        stream.appendLengthPrefixed(table)
        stream.append(bigEndian: UInt64(columns.count))
        for column in columns {
            stream.appendLengthPrefixed(column.name)
            stream.appendLengthPrefixed(column.type)
            stream.append(bigEndian: UInt64(column.keyPosition))
        }

        let names = columns.map(\.name.quotedDatabaseIdentifier)
        let keyColumns = columns.filter { $0.keyPosition > 0 }.sorted { $0.keyPosition < $1.keyPosition }
        let otherColumns = columns.filter { $0.keyPosition == 0 }
        let order = (keyColumns + otherColumns).map { "\($0.name.quotedDatabaseIdentifier) COLLATE BINARY" }
            + names.map { "typeof(\($0))" }
        let statement = try db.makeStatement(sql: """
            SELECT \(names.joined(separator: ", ")) FROM \(table.quotedDatabaseIdentifier) \
            ORDER BY \(order.joined(separator: ", "))
            """)
        let handle = statement.sqliteStatement
        let cursor = try Row.fetchCursor(statement)
        var count = 0
        while try cursor.next() != nil {
            stream.append(UInt8(ascii: "R"))
            for index in 0..<Int32(columns.count) {
                appendValue(handle, index, to: &stream)
            }
            count += 1
        }
        return count
    }

    /// Appends the value of column `index` of the current row, read straight from the statement so that no
    /// String or Data is made per value.
    private static func appendValue(_ handle: OpaquePointer, _ index: Int32, to stream: inout SHA256Stream) {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            stream.append(0x01)
            stream.append(bigEndian: UInt64(bitPattern: sqlite3_column_int64(handle, index)))
        case SQLITE_FLOAT:
            let value = sqlite3_column_double(handle, index)
            stream.append(0x02)
            stream.append(bigEndian: value == 0 ? 0 : value.bitPattern)
        case SQLITE3_TEXT:
            // Per the SQLite docs: ask for the text first, then its length.
            let text = sqlite3_column_text(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            stream.append(0x03)
            stream.append(bigEndian: UInt64(count))
            stream.append(UnsafeRawBufferPointer(start: text, count: count))
        case SQLITE_BLOB:
            let blob = sqlite3_column_blob(handle, index)
            let count = Int(sqlite3_column_bytes(handle, index))
            stream.append(0x04)
            stream.append(bigEndian: UInt64(count))
            stream.append(UnsafeRawBufferPointer(start: blob, count: count))
        default:
            stream.append(0x05)
        }
    }
}
