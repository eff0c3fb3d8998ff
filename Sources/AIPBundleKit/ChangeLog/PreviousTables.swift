import GRDB

/// The tables of the attached previous `airports.db` and their columns (it may predate a column or a table).
struct PreviousTables {
    private var columnsByTable: [String: Set<String>] = [:]

    init(_ db: Database) throws {
        let tables = try String.fetchAll(db, sql: "SELECT name FROM \(ChangeLog.previousSchema).sqlite_master WHERE type = 'table'")
        for table in tables {
            let columns = try Row.fetchAll(db, sql: "PRAGMA \(ChangeLog.previousSchema).table_info(\(table.quotedDatabaseIdentifier))")
            columnsByTable[table] = Set(columns.map { $0["name"] as String })
        }
    }

    func columns(of table: String) -> Set<String>? { columnsByTable[table] }
}
