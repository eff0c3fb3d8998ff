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
    public var isNotNull: Bool
    /// A single-column `PRIMARY KEY` declared on the column itself.
    public var isPrimaryKey: Bool
    public var isAutoincrement: Bool
    /// The default as SQL text (`0`, `'success'`, `''`).
    public var defaultSQL: String?
    public var introduced: ContractRevision
    /// The values a number of this column can physically take (``PhysicalRange``); nil for text and for numbers
    /// with no physical meaning (ids, flags, counts).
    public var range: ClosedRange<Double>?

    public init(name: String, type: SQLType, isNotNull: Bool = false, isPrimaryKey: Bool = false, isAutoincrement: Bool = false,
                defaultSQL: String? = nil, introduced: ContractRevision = .original) {
        self.name = name
        self.type = type
        self.isNotNull = isNotNull
        self.isPrimaryKey = isPrimaryKey
        self.isAutoincrement = isAutoincrement
        self.defaultSQL = defaultSQL
        self.introduced = introduced
    }
}

public struct ForeignKeySchema: Sendable {
    public var columns: [String]
    public var parentTable: String
    public var parentColumns: [String]
}

public struct IndexSchema: Sendable {
    public var name: String
    /// Column names, each followed by ` COLLATE X` when the index uses another collation than BINARY.
    public var columns: [String]
    public var introduced = ContractRevision.original
}

/// One table: columns in contract order, table constraints and indexes.
public struct TableSchema: Sendable {
    public var name: String
    public var columns: [ColumnSchema]
    /// A table-level (possibly composite) primary key; empty when a column declares its own.
    public var primaryKey: [String]
    public var foreignKeys: [ForeignKeySchema]
    public var uniques: [[String]]
    public var indexes: [IndexSchema]
    public var introduced: ContractRevision

    /// Constraints name the table's own columns as values, so a constraint cannot name a column the table lacks.
    public init(name: String, columns: [ColumnSchema], primaryKey: [ColumnSchema] = [], foreignKeys: [ForeignKeySchema] = [],
                uniques: [[ColumnSchema]] = [], indexes: [IndexSchema] = [], introduced: ContractRevision = .original) {
        self.name = name
        self.columns = columns
        self.primaryKey = primaryKey.map(\.name)
        self.foreignKeys = foreignKeys
        self.uniques = uniques.map { $0.map(\.name) }
        self.indexes = indexes
        self.introduced = introduced
    }

    public func column(_ name: String) -> ColumnSchema? { columns.first { $0.name == name } }

    /// The primary-key columns, whether declared on a column or as a table constraint.
    public var keyColumns: [String] {
        primaryKey.isEmpty ? columns.filter(\.isPrimaryKey).map(\.name) : primaryKey
    }
}

/// Every table of one database file, in creation order.
public struct DatabaseSchema: Sendable {
    public var fileName: String
    public var tables: [TableSchema]

    public init(fileName: String, tables: [TableSchema]) {
        self.fileName = fileName
        self.tables = tables
    }

    public func table(_ name: String) -> TableSchema? { tables.first { $0.name == name } }
}
