import AIPContract
import AIPManifest
import GRDB

extension BundleComparison {
    /// Customs and prior-notice rules (`ga_notifications.db`) removed, added, or whose type or hours of notice
    /// changed, by ICAO code.
    static func customsChanges(_ db: Database) throws -> [CustomsChange] {
        typealias Requirements = NotificationsContract.Requirements
        let table = Requirements.table.name, icao = Requirements.icao.name
        let type = Requirements.notificationType.name, hours = Requirements.hoursNotice.name
        let sql = """
            SELECT o.\(icao), 'removed', o.\(type), o.\(hours), NULL, NULL FROM o_ntf.\(table) AS o
             WHERE NOT EXISTS (SELECT 1 FROM n_ntf.\(table) AS n WHERE n.\(icao) = o.\(icao))
            UNION ALL
            SELECT n.\(icao), 'added', NULL, NULL, n.\(type), n.\(hours) FROM n_ntf.\(table) AS n
             WHERE NOT EXISTS (SELECT 1 FROM o_ntf.\(table) AS o WHERE o.\(icao) = n.\(icao))
            UNION ALL
            SELECT n.\(icao), 'changed', o.\(type), o.\(hours), n.\(type), n.\(hours)
             FROM n_ntf.\(table) AS n JOIN o_ntf.\(table) AS o ON o.\(icao) = n.\(icao)
             WHERE n.\(type) IS NOT o.\(type) OR n.\(hours) IS NOT o.\(hours)
            """
        return try Row.fetchAll(db, sql: sql).map { row in
            let kind = ChangeKind(rawValue: row[1])!
            return CustomsChange(
                icao: row[0], kind: kind,
                old: kind == .added ? nil : CustomsChange.Reading(notificationType: row[2], hoursNotice: row[3]),
                new: kind == .removed ? nil : CustomsChange.Reading(notificationType: row[4], hoursNotice: row[5]))
        }.sorted { ($0.icao, $0.kind) < ($1.icao, $1.kind) }
    }

    /// Rows per table on each side (from the manifests), and for a table both databases have, how many rows were
    /// added, removed and changed, matched by primary key: one join per table, `added` and `removed` following from
    /// the rows matched. A database whose content (logical hash) is the same on both sides is not read at all.
    static func tableCounts(_ db: Database, attached: Set<String>, old: Manifest, new: Manifest) throws -> [BundleChanges.TableCount] {
        var counts: [BundleChanges.TableCount] = []
        for (schema, prefix) in databases {
            let file = schema.fileName
            let (before, after) = (old.files[file], new.files[file])
            guard before != nil || after != nil else { continue }
            let names = Set((before?.tables ?? [:]).keys).union((after?.tables ?? [:]).keys)
            let ordered = schema.tables.map(\.name).filter(names.contains) + names.subtracting(schema.tables.map(\.name)).sorted()
            let same = before != nil && before?.logicalSHA256 == after?.logicalSHA256
            for name in ordered {
                var count = BundleChanges.TableCount(file: file, table: name, rowsBefore: before?.tables?[name], rowsAfter: after?.tables?[name])
                if same {
                    (count.added, count.removed, count.changed) = (0, 0, 0)
                } else if let table = schema.table(name), !table.keyColumns.isEmpty, let rowsBefore = count.rowsBefore, let rowsAfter = count.rowsAfter,
                          attached.contains("o_\(prefix)"), attached.contains("n_\(prefix)") {
                    let (matched, changed) = try matchedRows(db, table: table, old: "o_\(prefix)", new: "n_\(prefix)")
                    (count.added, count.removed, count.changed) = (rowsAfter - matched, rowsBefore - matched, changed)
                }
                counts.append(count)
            }
        }
        return counts
    }

    /// Columns saying when a row was written, not what it holds.
    private static let timestampColumns = Set([SharedColumns.createdAt, SharedColumns.updatedAt, NotificationsContract.Requirements.createdUTC].map(\.name))

    /// How many rows of `table` both sides have (same key), and how many of those differ in a column both have
    /// (the timestamps aside, which say when, not what).
    private static func matchedRows(_ db: Database, table: TableSchema, old: String, new: String) throws -> (matched: Int, changed: Int) {
        func columns(_ schema: String) throws -> Set<String> {
            Set(try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, ?)", arguments: [table.name, schema]).map { $0[0] as String })
        }
        let common = try columns(old).intersection(columns(new))
        let keys = table.keyColumns
        guard keys.allSatisfy(common.contains) else { return (0, 0) }
        let compared = table.columns.map(\.name).filter { common.contains($0) && !keys.contains($0) && !timestampColumns.contains($0) }
        let differs = compared.isEmpty ? "0" : compared.map { "n.\"\($0)\" IS NOT o.\"\($0)\"" }.joined(separator: " OR ")
        let match = keys.map { "o.\"\($0)\" = n.\"\($0)\"" }.joined(separator: " AND ")
        let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(\(differs)), 0) FROM \(new).\"\(table.name)\" AS n JOIN \(old).\"\(table.name)\" AS o ON \(match)")!
        return (row[0], row[1])
    }
}
