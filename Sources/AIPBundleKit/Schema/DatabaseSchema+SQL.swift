import AIPContract

extension DatabaseSchema {
    /// The statements that create every table and index, in contract order.
    public var createStatements: [String] {
        tables.flatMap { [$0.createTableSQL] + $0.createIndexSQL }
    }
}

extension TableSchema {
    var createTableSQL: String {
        var parts = columns.map(\.definitionSQL)
        if !primaryKey.isEmpty { parts.append("PRIMARY KEY (\(primaryKey.joined(separator: ", ")))") }
        for key in foreignKeys {
            parts.append("FOREIGN KEY (\(key.columns.joined(separator: ", "))) REFERENCES \(key.parentTable) (\(key.parentColumns.joined(separator: ", ")))")
        }
        for unique in uniques { parts.append("UNIQUE (\(unique.joined(separator: ", ")))") }
        return "CREATE TABLE \(name) (\n    \(parts.joined(separator: ",\n    "))\n)"
    }

    var createIndexSQL: [String] {
        indexes.map { "CREATE INDEX \($0.name) ON \(name) (\($0.columns.joined(separator: ", ")))" }
    }
}

extension ColumnSchema {
    var definitionSQL: String {
        var sql = "\(name) \(type.rawValue)"
        if isNotNull { sql += " NOT NULL" }
        if isPrimaryKey { sql += " PRIMARY KEY" }
        if isAutoincrement { sql += " AUTOINCREMENT" }
        if let defaultSQL { sql += " DEFAULT \(defaultSQL)" }
        return sql
    }
}
