import AIPUpdate
import Foundation

/// The rows payload that turns one database into another, computed with plain SQL on the new file with the old
/// one attached: per table, the keys of old rows the new file lacks, and every new row that the old file lacks or
/// holds with another value or storage class in any column.
package enum RowDiff {
    /// The payload from `old` to `new`, or nil when rows cannot express the change: the schemas differ in any
    /// table, index, view or trigger; there is a trigger (applying rows would fire it); or a table other than
    /// `sqlite_sequence` has no primary key. The caller still proves the payload by applying it.
    package static func payload(from old: URL, to new: URL) throws -> RowPayload? {
        let db = try SQLiteConnection(new, writable: false, name: new.lastPathComponent)
        try db.execute("ATTACH DATABASE '\(old.path.replacingOccurrences(of: "'", with: "''"))' AS old")
        let schema = "SELECT type, name, tbl_name, sql FROM %@.sqlite_master ORDER BY type, name"
        guard try db.prepare(schema.replacingOccurrences(of: "%@", with: "main")).rows()
                == db.prepare(schema.replacingOccurrences(of: "%@", with: "old")).rows(),
              try db.prepare("SELECT count(*) FROM main.sqlite_master WHERE type = 'trigger'").rows() == [[.integer(0)]] else {
            return nil
        }
        let tables = try db.prepare("""
            SELECT name FROM main.sqlite_master WHERE type = 'table' AND rootpage <> 0
              AND (name = 'sqlite_sequence' OR name NOT LIKE 'sqlite\\_%' ESCAPE '\\')
            """).rows().compactMap { $0.first?.text }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var diffs: [RowPayload.Table] = []
        for table in tables {
            let info = try db.prepare("SELECT name, pk FROM pragma_table_info(?, 'main') ORDER BY cid").rows([.text(Array(table.utf8))])
            let columns = info.compactMap { $0[0].text }
            let keyed = info.enumerated().filter { ($0.element[1].integer ?? 0) > 0 }.sorted { $0.element[1].integer! < $1.element[1].integer! }
            let keys = table == "sqlite_sequence" ? columns.indices.filter { columns[$0] == "name" } : keyed.map(\.offset)
            guard !keys.isEmpty else { return nil }
            let diff = try difference(db, table: table, columns: columns, keys: keys)
            if !diff.deletes.isEmpty || !diff.upserts.isEmpty { diffs.append(diff) }
        }
        return RowPayload(tables: diffs)
    }

    private static func difference(_ db: SQLiteConnection, table: String, columns: [String], keys: [Int]) throws -> RowPayload.Table {
        let quoted = SQLiteConnection.quoted(table)
        let column = columns.map(SQLiteConnection.quoted)
        let keyMatch = keys.map { "o.\(column[$0]) IS n.\(column[$0])" }.joined(separator: " AND ")
        let order = keys.map { column[$0] }.joined(separator: ", ")
        let deletes = try db.prepare("""
            SELECT \(keys.map { "o.\(column[$0])" }.joined(separator: ", ")) FROM old.\(quoted) AS o
            WHERE NOT EXISTS (SELECT 1 FROM main.\(quoted) AS n WHERE \(keyMatch)) ORDER BY \(order)
            """).rows()
        let sameValues = columns.indices.filter { !keys.contains($0) }
            .map { "o.\(column[$0]) IS n.\(column[$0]) AND typeof(o.\(column[$0])) = typeof(n.\(column[$0]))" }
        let upserts = try db.prepare("""
            SELECT \(column.map { "n.\($0)" }.joined(separator: ", ")) FROM main.\(quoted) AS n
            WHERE NOT EXISTS (SELECT 1 FROM old.\(quoted) AS o WHERE \(([keyMatch] + sameValues).joined(separator: " AND "))) ORDER BY \(order)
            """).rows()
        return RowPayload.Table(name: table, columnCount: columns.count, keyColumns: keys, deletes: deletes, upserts: upserts)
    }
}
