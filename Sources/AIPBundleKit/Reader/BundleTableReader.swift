import AIPManifest
import AIPStages
import Foundation
import GRDB

/// Reads tables of bundle databases as plain values for stages (which never open a database themselves).
public enum BundleTableReader {
    /// The rows of `table` in the SQLite file at `url`, in primary-key (rowid) order; nil when the table is absent.
    ///
    /// The file is opened read-only; a file that is not a database is a `ManifestError` naming it.
    public static func read(_ url: URL, table: String) throws -> PlainTable? {
        try SQLiteFile.read(url) { db in
            guard try db.tableExists(table) else { return nil }
            let columns = try db.columns(in: table).map(\.name)
            let order = table == "sqlite_sequence" ? "name" : "rowid"
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier) ORDER BY \(order)").map { row in
                Array(row.databaseValues.map(PlainValue.init))
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
        }, readBytes: { file in
            [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
        })
    }
}

extension PlainValue {
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

