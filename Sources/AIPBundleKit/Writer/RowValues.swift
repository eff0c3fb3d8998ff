import AIPContract
import CSQLite
import GRDB

/// The values of the row a ``BulkInsert`` is inserting, set by column (the contract's values, matched by name) and
/// bound at once. nil binds NULL.
struct RowValues {
    private let handle: SQLiteStatement
    private let table: TableSchema
    private let types: [SQLType]
    /// Column index by name; consulted only when a `set` is not the one seen at the same place in the last row.
    private let indexByName: [String: Int]
    /// The column name and index of the n-th `set` call of the last row.
    private var order: [(name: String, index: Int)] = []
    private var position = 0
    /// `setInRow[index] == row` once column `index` has been set in the current row (no clearing between rows).
    private var setInRow: [Int]
    private var row = 0
    private var setCount = 0
    /// The first mistake of the current row; later values of that row are not bound.
    private var error: BundleWriteError?

    init(handle: SQLiteStatement, table: TableSchema) {
        self.handle = handle
        self.table = table
        types = table.columns.map(\.type)
        indexByName = Dictionary(table.columns.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        setInRow = Array(repeating: 0, count: table.columns.count)
    }

    mutating func set(_ column: ColumnSchema, _ value: String?) {
        guard let parameter = parameter(column.name, .text, "a String") else { return }
        guard let value else { return bound(sqlite3_bind_null(handle, parameter), column) }
        // A native string's bytes are read in place; `withUTF8` (mutating) first copied the string, a retain and
        // a release for each of a build's million text values.
        let handle = handle
        func bind(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
            sqlite3_bind_text(handle, parameter, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                              Int32(bytes.count), sqliteTransient)
        }
        if let code = value.utf8.withContiguousStorageIfAvailable(bind) { return bound(code, column) }
        var copy = value
        bound(copy.withUTF8(bind), column)
    }

    mutating func set(_ column: ColumnSchema, _ value: Double?) {
        guard let parameter = parameter(column.name, .real, "a Double") else { return }
        bound(value.map { sqlite3_bind_double(handle, parameter, $0) } ?? sqlite3_bind_null(handle, parameter), column)
    }

    mutating func set(_ column: ColumnSchema, _ value: Int?) {
        guard let parameter = parameter(column.name, .integer, "an Int") else { return }
        bound(value.map { sqlite3_bind_int64(handle, parameter, Int64($0)) } ?? sqlite3_bind_null(handle, parameter), column)
    }

    /// Booleans are INTEGER 0/1 in the contract.
    mutating func set(_ column: ColumnSchema, _ value: Bool?) {
        guard let parameter = parameter(column.name, .integer, "a Bool") else { return }
        bound(value.map { sqlite3_bind_int64(handle, parameter, $0 ? 1 : 0) } ?? sqlite3_bind_null(handle, parameter), column)
    }

    /// Keeps SQLite's refusal of a bind (too big, out of memory) as the row's mistake, so the row is not inserted with
    /// the column's previous value.
    private mutating func bound(_ code: Int32, _ column: ColumnSchema) {
        guard code != SQLITE_OK, error == nil else { return }
        error = BundleWriteError("\(table.name).\(column.name): SQLite refused the value: \(String(cString: sqlite3_errstr(code)))")
    }

    mutating func startRow() {
        row += 1
        position = 0
        setCount = 0
        error = nil
    }

    func finishRow() throws {
        if let error { throw error }
        guard setCount == types.count else {
            let unset = table.columns.indices.filter { setInRow[$0] != row }.map { table.columns[$0].name }
            throw BundleWriteError("\(table.name): \(unset.joined(separator: ", ")) not set in a row; every column must be set (nil for NULL)")
        }
    }

    /// The 1-based SQLite parameter of `column`, or nil (after recording why) when it cannot take this value.
    private mutating func parameter(_ column: String, _ type: SQLType, _ valueType: String) -> Int32? {
        guard error == nil else { return nil }
        let index: Int
        if position < order.count, order[position].name == column {
            index = order[position].index
        } else {
            guard let found = indexByName[column] else {
                error = BundleWriteError("\(table.name).\(column): no such column in the contract")
                return nil
            }
            index = found
            if position < order.count { order[position] = (column, found) } else { order.append((column, found)) }
        }
        position += 1
        guard setInRow[index] != row else {
            error = BundleWriteError("\(table.name).\(column): set twice in one row")
            return nil
        }
        guard types[index] == type else {
            error = BundleWriteError("\(table.name).\(column): is \(types[index].rawValue), cannot take \(valueType)")
            return nil
        }
        setInRow[index] = row
        setCount += 1
        return Int32(index + 1)
    }
}

/// SQLITE_TRANSIENT: SQLite copies the bytes before the call returns (a C macro Swift cannot import).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
