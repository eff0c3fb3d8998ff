import CSQLite
import Foundation

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
/// `text(s)` is `u64(byte count of s in UTF-8)` followed by those bytes; `sha256(x)` is the 32-byte digest of `x`.
///
/// ```
/// stream = "aipbundle-sqlite-content-1"      the 26 ASCII bytes, no terminator
///          table*
/// table  = 'T' (0x54) text(table name) u64(column count) column* u64(row count) sha256(row*)
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
/// - **Two levels**: each table's rows are hashed on their own and only their digest enters the stream, so the
///   tables of a file can be hashed in parallel (on both cores, each with its own read-only connection) and a
///   verifier can tell which table differs.
///
/// For example, a database holding only `CREATE TABLE t(k INTEGER PRIMARY KEY, v)` with the row `(1, 'a')`
/// hashes the bytes `aipbundle-sqlite-content-1`, `54`, `u64(1)` `74`, `u64(2)`, `u64(1)` `6B`, `u64(7)`
/// `INTEGER`, `u64(1)`, `u64(1)` `76`, `u64(0)`, `u64(0)`, `u64(1)`, then the 32 bytes of SHA-256 of
/// `52`, `01` `u64(1)`, `03` `u64(1)` `61`.
public struct SQLiteContentHash: Sendable, Equatable {
    /// SHA-256 of the encoding, as 64 lower-case hexadecimal digits.
    public var sha256: String
    /// The number of rows of every hashed table, by table name.
    public var rowCounts: [String: Int]

    /// Hashes the database at `url`, opened read-only (symbolic links are followed), its tables on two connections
    /// in parallel.
    /// - Throws: `ManifestError` when the file is not a readable SQLite database.
    public init(fileAt url: URL) throws {
        self = try Self.hashing(fileAt: url) { _ in () }.hash
    }

    /// Hashes the database at `url` as ``init(fileAt:)`` does, and reads `extra` on the first of its connections
    /// (one open less for a caller that needs something else from the file).
    public static func hashing<Extra>(fileAt url: URL, _ extra: (SQLiteReader) throws -> Extra) throws -> (hash: SQLiteContentHash, extra: Extra) {
        try hashing(open: { try SQLiteReader(fileAt: url) }, extra)
    }

    /// Hashes the database whose serialized image is `image` (what a writer has in memory), on two read-only
    /// in-memory connections: no file is read back.
    public static func hashing<Extra>(image: Data, _ extra: (SQLiteReader) throws -> Extra) throws -> (hash: SQLiteContentHash, extra: Extra) {
        guard !image.isEmpty else { throw ManifestError(.unreadable, "the database image is empty") }
        return try image.withUnsafeBytes { bytes in
            nonisolated(unsafe) let base = UnsafeMutableRawPointer(mutating: bytes.baseAddress!)
            let count = bytes.count
            return try hashing(open: { try SQLiteReader(image: base, count: count) }, extra)
        }
    }

    /// The two-worker hashing, on connections made by `open` (called once per worker, on that worker's thread).
    private static func hashing<Extra>(open: @escaping @Sendable () throws -> SQLiteReader, _ extra: (SQLiteReader) throws -> Extra) throws -> (hash: SQLiteContentHash, extra: Extra) {
        try open().reading { db in
            let plans = try Self.tableNames(db).map { try TablePlan(db, table: $0) }
            // Two workers, the tables dealt largest first to the less loaded one: airports.db is mostly two tables
            // of similar size, so each core gets one. The second worker has a connection of its own.
            var bins: [[Int]] = [[], []]
            var load = [0, 0]
            for index in plans.indices.sorted(by: { plans[$0].weight > plans[$1].weight }) {
                let bin = load[0] <= load[1] ? 0 : 1
                bins[bin].append(index)
                load[bin] += plans[index].weight
            }
            let second = bins[1]
            let secondDigests = UnsafeMutableBufferPointer<Result<[TableDigest], any Error>>.allocate(capacity: 1)
            defer { secondDigests.deallocate() }
            nonisolated(unsafe) let slot = secondDigests
            let done = DispatchGroup()
            // A queue of its own runs on a thread at once; an item of the global queue may wait for the system's next
            // look at its threads (up to a second) when the build's threads are all blocked in waits like this one.
            DispatchQueue(label: "SQLiteContentHash.second").async(group: done) {
                slot.initializeElement(at: 0, to: Result {
                    second.isEmpty ? [] : try open().reading { other in try second.map { try plans[$0].digest(other) } }
                })
            }
            let firstDigests = Result { try bins[0].map { try plans[$0].digest(db) } }
            let extraValue = Result { try extra(db) }
            done.wait()
            var digests = [TableDigest?](repeating: nil, count: plans.count)
            for (index, digest) in zip(bins[0], try firstDigests.get()) { digests[index] = digest }
            for (index, digest) in zip(bins[1], try secondDigests[0].get()) { digests[index] = digest }
            return (try SQLiteContentHash(plans: plans, digests: digests.map { $0! }), try extraValue.get())
        }
    }

    private init(plans: [TablePlan], digests: [TableDigest]) throws {
        var stream = SHA256Stream()
        Self.magic.withUnsafeBytes { stream.append($0) }
        var rowCounts: [String: Int] = [:]
        for (plan, digest) in zip(plans, digests) {
            plan.appendHeader(to: &stream)
            stream.append(bigEndian: UInt64(digest.rowCount))
            digest.sha256.withUnsafeBytes { stream.append($0) }
            rowCounts[plan.table] = digest.rowCount
        }
        sha256 = stream.finalize()
        self.rowCounts = rowCounts
    }

    private static let magic = Array("aipbundle-sqlite-content-1".utf8)

    /// The tables the hash covers, in byte-wise order of their UTF-8 names.
    private static func tableNames(_ db: SQLiteReader) throws -> [String] {
        var names: [String] = []
        try db.forEachRow("SELECT name FROM sqlite_master WHERE type = 'table' AND rootpage <> 0") { names.append($0.text(0) ?? "") }
        return names
            .filter { $0 == "sqlite_sequence" || !$0.lowercased().hasPrefix("sqlite_") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Appends one table to `stream`.
    /// - Returns: the number of rows.
    /// What hashing one table needs: its columns, and the query that returns its rows in the specified order.
    struct TablePlan: Sendable {
        var table: String
        var columns: [(name: String, type: String, keyPosition: Int)]
        var query: String
        /// Rows × columns: how long the table takes to hash, for sharing tables between the workers.
        var weight: Int

        init(_ db: SQLiteReader, table: String) throws {
            self.table = table
            var columns: [(name: String, type: String, keyPosition: Int)] = []
            // table_info's columns: cid, name, type, notnull, dflt_value, pk.
            try db.forEachRow("PRAGMA table_info(\(Self.quoted(table)))") { row in
                columns.append((name: row.text(1) ?? "", type: row.text(2) ?? "", keyPosition: row.integer(5)))
            }
            self.columns = columns
            let names = columns.map { Self.quoted($0.name) }
            let keyColumns = columns.filter { $0.keyPosition > 0 }.sorted { $0.keyPosition < $1.keyPosition }
            let otherColumns = columns.filter { $0.keyPosition == 0 }
            let order = (keyColumns + otherColumns).map { "\(Self.quoted($0.name)) COLLATE BINARY" }
                + names.map { "typeof(\($0))" }
            query = "SELECT \(names.joined(separator: ", ")) FROM \(Self.quoted(table)) ORDER BY \(order.joined(separator: ", "))"
            var rows = 0
            try db.forEachRow("SELECT count(*) FROM \(Self.quoted(table))") { rows = $0.integer(0) }
            weight = rows * max(columns.count, 1)
        }

        /// `"name"` with inner quotes doubled: a table or column name as SQL text.
        private static func quoted(_ identifier: String) -> String {
            "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }

        func appendHeader(to stream: inout SHA256Stream) {
            stream.append(UInt8(ascii: "T"))
            stream.appendLengthPrefixed(table)
            stream.append(bigEndian: UInt64(columns.count))
            for column in columns {
                stream.appendLengthPrefixed(column.name)
                stream.appendLengthPrefixed(column.type)
                stream.append(bigEndian: UInt64(column.keyPosition))
            }
        }

        /// SHA-256 of the table's rows, in order, and how many there are.
        func digest(_ db: SQLiteReader) throws -> TableDigest {
            var stream = SHA256Stream()
            var count = 0
            try db.forEachRow(query) { row in
                stream.append(UInt8(ascii: "R"))
                for index in 0..<Int32(columns.count) {
                    SQLiteContentHash.appendValue(row.statement, index, to: &stream)
                }
                count += 1
            }
            return TableDigest(sha256: stream.finalizeBytes(), rowCount: count)
        }
    }

    struct TableDigest: Sendable {
        var sha256: [UInt8]
        var rowCount: Int
    }

    static func appendValue(_ handle: OpaquePointer, _ index: Int32, to stream: inout SHA256Stream) {
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
