import AIPContract
import CSQLite
import GRDB

/// Inserts many rows into one contract table through one prepared GRDB statement, binding values **by column
/// name** with SQLite's C API.
///
/// Names, not positions: two swapped values of the same type (`le_latitude_deg` and `le_longitude_deg`) would pass
/// every count and type check and put runway ends in the wrong place without a word. Each row must set every
/// column of the table exactly once; an unknown name, a column set twice or left unset, or a value of another
/// type than the column's throws a `BundleWriteError` naming the table and column.
///
/// For example:
///
/// ```swift
/// typealias Runways = AirportsContract.Runways
/// var insert = try BulkInsert(db, into: Runways.table)
/// try insert.insert { row in
///     row.set(Runways.id, runway.id)
///     row.set(Runways.leLatitudeDeg, runway.leLatitudeDeg)
///     …
/// }
/// ```
///
/// Speed: going through `StatementArguments` cost about 10 µs per row (generic conversions), ten times the insert
/// itself, hence the C API. Names are resolved to parameter indexes once per statement: ``RowValues`` remembers
/// which column the n-th `set` of a row named, so later rows compare one string (the same contract constant, so
/// usually just its bits) instead of hashing it.
struct BulkInsert {
    private let statement: Statement
    private var values: RowValues

    /// Prepares `INSERT INTO table (every column in contract order) VALUES (?, …)`.
    init(_ db: Database, into table: TableSchema) throws {
        let names = table.columns.map(\.name)
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        statement = try db.makeStatement(sql: "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(placeholders))")
        values = RowValues(handle: statement.sqliteStatement, table: table)
    }

    /// Lets `fill` set the row's columns by name, checks that each was set exactly once, and inserts the row.
    ///
    /// - Throws: `BundleWriteError` for an unknown, repeated or missing column or a value of the wrong type (the
    ///   row is not inserted); GRDB's `DatabaseError` when SQLite refuses the row.
    mutating func insert(_ fill: (inout RowValues) -> Void) throws {
        values.startRow()
        fill(&values)
        try values.finishRow()
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
                                sql: statement.sql)
        }
    }
}
