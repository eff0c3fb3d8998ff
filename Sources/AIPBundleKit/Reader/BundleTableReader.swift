import AIPManifest
import AIPStages
import Foundation
import GRDB

/// Reads tables of bundle databases as plain values for stages (which never open a database themselves).
public enum BundleTableReader {
    /// The rows of `table` in the SQLite file at `url`, in primary-key (rowid) order, only those `filter` keeps when
    /// the table has its column; nil when the table is absent.
    ///
    /// The file is opened read-only; a file that is not a database is a `ManifestError` naming it.
    public static func read(_ url: URL, table: String, where filter: PlainFilter? = nil) throws -> PlainTable? {
        try SQLiteFile.read(url) { db in
            guard try db.tableExists(table) else { return nil }
            let columns = try db.columns(in: table).map(\.name)
            var sql = "SELECT * FROM \(table.quotedDatabaseIdentifier)"
            var arguments = StatementArguments()
            if let filter, columns.contains(filter.column), !filter.values.isEmpty {
                // SQLite compares with the column's affinity, as the stage's own test of each value would.
                sql += " WHERE \(filter.column.quotedDatabaseIdentifier) IN (\(Array(repeating: "?", count: filter.values.count).joined(separator: ", ")))"
                arguments = StatementArguments(filter.values.map(\.databaseValue))
            }
            sql += " ORDER BY \(table == "sqlite_sequence" ? "name" : "rowid")"
            // A cursor: each row is converted as it is stepped, never copied into a GRDB row first.
            var rows: [[PlainValue]] = []
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try cursor.next() {
                rows.append(row.databaseValues.map(PlainValue.init))
            }
            return PlainTable(columns: columns, rows: rows)
        }
    }

    /// A plain-value view of a bundle folder's files, for a stage's context.
    public static func contents(of folder: URL?, fileNames: [String]) -> BundleContents {
        guard let folder else { return .empty }
        let present = fileNames.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        return BundleContents(fileNames: present, folder: folder, read: { file, table in
            try read(folder.appendingPathComponent(file), table: table)
        }, readMatching: { file, table, filter in
            try read(folder.appendingPathComponent(file), table: table, where: filter)
        }, readBytes: { file in
            [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        })
    }
}

extension PlainValue {
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let double): double.databaseValue
        case .text(let string): string.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let double): self = .real(double)
        case .string(let string): self = .text(string)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }
}

