import AIPContract
import GRDB

/// The SQL that compares one table of the new database (`main`) with the previous bundle's (`previous`).
///
/// The keys of the rows whose compared columns differ are first collected in `temp.changelog_changed` (one join
/// over the table); the change rows and the timestamps then read only those, plus the rows present on one side.
extension ChangeLogTable {
    static let changedKeys = "temp.changelog_changed"

    /// Collects the keys of rows present on both sides whose `compared` columns differ.
    static func changedKeysSQL(_ table: TableSchema, compared: [String]) -> String {
        let keys = table.keyColumns
        let differs = compared.isEmpty ? "0" : compared.map { "r.\($0.quoted) IS NOT o.\($0.quoted)" }.joined(separator: " OR ")
        return """
            CREATE TEMP TABLE changelog_changed AS
            SELECT \(keys.map { "r.\($0.quoted) AS \($0.quoted)" }.joined(separator: ", "))
            FROM main.\(table.name.quoted) AS r JOIN previous.\(table.name.quoted) AS o ON \(keyMatch(keys, "o", "r"))
            WHERE \(differs)
            """
    }

    /// Gives every row present in both bundles its previous `created_at`, and its previous `updated_at` unless its
    /// content changed (then it keeps this build's).
    static func timestampsSQL(_ table: TableSchema) -> String {
        let keys = table.keyColumns
        let name = table.name.quoted
        let createdAt = SharedColumns.createdAt.name.quoted, updatedAt = SharedColumns.updatedAt.name.quoted
        return """
            UPDATE main.\(name) SET \(createdAt) = o.\(createdAt),
                \(updatedAt) = CASE WHEN EXISTS (SELECT 1 FROM \(changedKeys) AS c WHERE \(keyMatch(keys, "c", name)))
                             THEN \(name).\(updatedAt) ELSE o.\(updatedAt) END
            FROM previous.\(name) AS o WHERE \(keyMatch(keys, "o", name))
            """
    }

    /// This build's change rows, collected in `temp.changelog_rows` ordered by key then by column (so their ids are
    /// deterministic), with the keys of removed rows still in them (the report counts them by country first).
    /// - Parameters:
    ///   - compared: the columns compared (both bundles have them), in table order.
    ///   - previousColumns: the columns the previous bundle's table has; a removed row reads NULL for the others.
    func collectSQL(compared: [ColumnSchema], previousColumns: Set<String>) throws -> String {
        let keys = table.keyColumns
        var branches: [(Branch, order: Int)] = [(.added, 0), (.removed, 0)]
        switch style {
        case .fields:
            branches += compared.enumerated().map { (.field($0.element), $0.offset + 1) }
        case .values(let value):
            if compared.contains(where: { $0.name == value.name }) {
                branches.append((.changed(condition: "r.\(value.name.quoted) IS NOT o.\(value.name.quoted)"), 1))
            }
        case .actions:
            branches.append((.changed(condition: "1"), 1))
        }
        let selects = try branches.map { branch, order in
            let values = try loggedColumns.map { "\(try expression(for: $0, in: branch)) AS \($0.quoted)" }
            let sort = keys.enumerated().map { "r.\($1.quoted) AS sort_\($0)" } + ["\(order) AS sort_order"]
            return "SELECT \((values + sort).joined(separator: ", ")) \(from(branch, previousColumns: previousColumns))"
        }
        let sortColumns = keys.indices.map { "sort_\($0)" } + ["sort_order"]
        return """
            CREATE TEMP TABLE changelog_rows AS
            SELECT \(loggedColumns.map(\.quoted).joined(separator: ", ")) FROM (
            \(selects.joined(separator: "\nUNION ALL\n"))
            ) ORDER BY \(sortColumns.joined(separator: ", "))
            """
    }

    static let collectedRows = "temp.changelog_rows"

    /// Appends the collected rows to the `*_changes` table.
    var appendSQL: String { Self.copySQL(changes, columns: loggedColumns, from: Self.collectedRows) }

    /// Copies `columns` of the rows of `source` into `main.<table>` in rowid order, with every single-column foreign
    /// key that names a row this bundle lacks set to NULL: the constraint holds, and no row is rewritten afterwards
    /// (an UPDATE would move it in its page, and two builds of the same content must give the same bytes).
    static func copySQL(_ table: TableSchema, columns: [String], from source: String) -> String {
        let values = columns.map { column in
            guard let key = table.foreignKeys.first(where: { $0.columns == [column] }) else { return "s.\(column.quoted)" }
            let parent = key.parentColumns[0].quoted
            return "(SELECT p.\(parent) FROM main.\(key.parentTable.quoted) AS p WHERE p.\(parent) = s.\(column.quoted))"
        }
        return """
            INSERT INTO main.\(table.name.quoted) (\(columns.map(\.quoted).joined(separator: ", ")))
            SELECT \(values.joined(separator: ", ")) FROM \(source) AS s ORDER BY s.rowid
            """
    }

    /// The columns of a change row this build sets (all but the id).
    private var loggedColumns: [String] { changes.columns.map(\.name).filter { $0 != SharedColumns.id.name } }

    /// Which rows a branch of the insert reads: `r` is the logged row, `o` its previous version.
    enum Branch {
        case added
        case removed
        case field(ColumnSchema)
        case changed(condition: String)
    }

    private func from(_ branch: Branch, previousColumns: Set<String>) -> String {
        let keys = table.keyColumns
        let name = table.name.quoted
        switch branch {
        case .added:
            return "FROM main.\(name) AS r WHERE NOT EXISTS (SELECT 1 FROM previous.\(name) AS o WHERE \(Self.keyMatch(keys, "o", "r")))"
        case .removed:
            // A previous bundle may predate a column (or lack it after an edit by hand): the removed row reads it as NULL.
            let columns = table.columns.map { previousColumns.contains($0.name) ? $0.name.quoted : "NULL AS \($0.name.quoted)" }
            return "FROM (SELECT \(columns.joined(separator: ", ")) FROM previous.\(name)) AS r "
                + "WHERE NOT EXISTS (SELECT 1 FROM main.\(name) AS o WHERE \(Self.keyMatch(keys, "o", "r")))"
        case .field(let column):
            return "\(changedRows) WHERE r.\(column.name.quoted) IS NOT o.\(column.name.quoted)"
        case .changed(let condition):
            return "\(changedRows) WHERE \(condition)"
        }
    }

    private var changedRows: String {
        let keys = table.keyColumns
        let name = table.name.quoted
        return "FROM \(Self.changedKeys) AS c JOIN main.\(name) AS r ON \(Self.keyMatch(keys, "r", "c")) "
            + "JOIN previous.\(name) AS o ON \(Self.keyMatch(keys, "o", "c"))"
    }

    /// The value of one column of a change row, as SQL.
    private func expression(for column: String, in branch: Branch) throws -> String {
        typealias Change = AirportsContract.ChangeColumns
        let fieldName = Change.fieldName.name, oldValue = Change.oldValue.name, newValue = Change.newValue.name
        let fieldType = Change.fieldType.name, action = Change.action.name
        switch column {
        case Change.changedAt.name, Change.airacDate.name: return ":\(column)"
        case Change.source.name: return source.map(Self.r) ?? "NULL"
        default: break
        }
        if let identity = identity.first(where: { $0.change.name == column }) { return Self.r(identity.row) }
        switch (style, column, branch) {
        case (.fields(let entity, _), fieldName, .added): return "'\(entity)_ADDED'"
        case (.fields(let entity, _), fieldName, .removed): return "'\(entity)_REMOVED'"
        case (.fields, fieldName, .field(let changed)): return "'\(changed.name)'"
        case (.fields(_, let label), newValue, .added), (.fields(_, let label), oldValue, .removed): return label
        case (.fields, oldValue, .field(let changed)): return "CAST(o.\(changed.name.quoted) AS TEXT)"
        case (.fields, newValue, .field(let changed)): return "CAST(r.\(changed.name.quoted) AS TEXT)"
        case (.fields, fieldType, .field(let changed)): return "'\(changed.type.rawValue)'"
        case (.fields, fieldType, _), (.fields, oldValue, _), (.fields, newValue, _): return "NULL"
        case (.values(let value), oldValue, .removed), (.values(let value), newValue, .added), (.values(let value), newValue, .changed):
            return Self.r(value)
        case (.values(let value), oldValue, .changed): return "o.\(value.name.quoted)"
        case (.values, oldValue, _), (.values, newValue, _): return "NULL"
        case (.actions, action, .added): return "'ADDED'"
        case (.actions, action, .removed): return "'REMOVED'"
        case (.actions, action, _): return "'UPDATED'"
        default:
            throw BundleWriteError("change log: no value for \(changes.name).\(column)")
        }
    }

    static func keyMatch(_ keys: [String], _ left: String, _ right: String) -> String {
        keys.map { "\(left).\($0.quoted) = \(right).\($0.quoted)" }.joined(separator: " AND ")
    }
}

extension String {
    /// The name as an SQL identifier.
    fileprivate var quoted: String { quotedDatabaseIdentifier }
}
