/// Short forms that keep the contract files readable as the contract's tables.
extension ColumnSchema {
    static func text(_ name: String) -> ColumnSchema { ColumnSchema(name: name, type: .text) }
    static func integer(_ name: String) -> ColumnSchema { ColumnSchema(name: name, type: .integer) }
    static func real(_ name: String) -> ColumnSchema { ColumnSchema(name: name, type: .real) }

    var notNull: ColumnSchema { with { $0.isNotNull = true } }
    var primaryKey: ColumnSchema { with { $0.isPrimaryKey = true } }
    func defaults(_ sql: String) -> ColumnSchema { with { $0.defaultSQL = sql } }
    func within(_ range: ClosedRange<Double>) -> ColumnSchema { with { $0.range = range } }
    /// Added by euro_aip 0.13 (absent from the reference database).
    var since013: ColumnSchema { with { $0.introduced = .euroAIP013 } }

    private func with(_ change: (inout ColumnSchema) -> Void) -> ColumnSchema {
        var copy = self
        change(&copy)
        return copy
    }
}

extension ForeignKeySchema {
    /// A single-column foreign key.
    static func column(_ column: ColumnSchema, references table: TableSchema, _ parentColumn: ColumnSchema) -> ForeignKeySchema {
        ForeignKeySchema(columns: [column.name], parentTable: table.name, parentColumns: [parentColumn.name])
    }
}

extension IndexSchema {
    static func on(_ columns: ColumnSchema..., name: String) -> IndexSchema {
        IndexSchema(name: name, columns: columns.map(\.name))
    }

    /// An index on one column compared with `collation` (`NOCASE`): only such an index serves `= ? COLLATE NOCASE`.
    static func on(_ column: ColumnSchema, collate collation: String, name: String) -> IndexSchema {
        IndexSchema(name: name, columns: ["\(column.name) COLLATE \(collation)"])
    }

    var since013: IndexSchema {
        var copy = self
        copy.introduced = .euroAIP013
        return copy
    }
}
