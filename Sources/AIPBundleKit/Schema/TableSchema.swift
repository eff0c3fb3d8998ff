/// The declared type of a column; the contract uses these three only.
public enum SQLType: String, Sendable {
    case text = "TEXT"
    case integer = "INTEGER"
    case real = "REAL"
}

/// When a part of the contract appeared. The reference database predates euro_aip 0.13's additions, so
/// comparing with it must tell a missing 0.13 part (expected) from any other difference (a bug).
public enum ContractRevision: Sendable {
    case original
    case euroAIP013
}

/// One column as the contract declares it.
public struct ColumnSchema: Sendable {
    public var name: String
    public var type: SQLType
    public var isNotNull = false
    /// A single-column `PRIMARY KEY` declared on the column itself.
    public var isPrimaryKey = false
    public var isAutoincrement = false
    /// The default as SQL text (`0`, `'success'`, `''`).
    public var defaultSQL: String?
    public var introduced = ContractRevision.original
}

public struct ForeignKeySchema: Sendable {
    public var columns: [String]
    public var parentTable: String
    public var parentColumns: [String]
}

public struct IndexSchema: Sendable {
    public var name: String
    public var columns: [String]
    public var introduced = ContractRevision.original
}

/// One table: columns in contract order, table constraints and indexes.
public struct TableSchema: Sendable {
    public var name: String
    public var columns: [ColumnSchema]
    /// A table-level (possibly composite) primary key; empty when a column declares its own.
    public var primaryKey: [String] = []
    public var foreignKeys: [ForeignKeySchema] = []
    public var uniques: [[String]] = []
    public var indexes: [IndexSchema] = []
    public var introduced = ContractRevision.original

    public func column(_ name: String) -> ColumnSchema? { columns.first { $0.name == name } }
}

/// Every table of one database file, in creation order.
public struct DatabaseSchema: Sendable {
    public var fileName: String
    public var tables: [TableSchema]

    public func table(_ name: String) -> TableSchema? { tables.first { $0.name == name } }
}
