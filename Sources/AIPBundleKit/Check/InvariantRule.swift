import AIPContract

/// A value rule of one SQLite bundle file that a schema cannot express, as a query returning offending rows.
///
/// `check` skips a rule whose table or column is missing (that is already a schema finding) and reports a rule
/// whose query fails as a finding of its own: a rule that cannot run must never read as a clean file.
public struct InvariantRule: Sendable {
    /// A short identifier used when the rule cannot run (`airports.sources sorted`).
    public var name: String
    public var table: String
    /// The column the finding is about; nil for a rule about the whole table.
    public var column: String?
    /// What is wrong with each offending row, e.g. `is NULL or outside -90…90`.
    public var message: String
    /// Selects one text describing each offending row (its key, or the offending value).
    public var sql: String
    /// Other tables `sql` reads (`firs` for the FIR codes of `waypoints`): the rule is skipped when one is missing.
    public var alsoReads: [String]

    /// The table and column are the contract's values, so a rule cannot name one the contract lacks; `sql` stays
    /// SQL text, and the tests prepare every rule's on a database created from the contract.
    public init(name: String, table: TableSchema, column: ColumnSchema?, message: String, sql: String,
                alsoReads: [TableSchema] = []) {
        self.name = name
        self.table = table.name
        self.column = column?.name
        self.message = message
        self.sql = sql
        self.alsoReads = alsoReads.map(\.name)
    }
}
