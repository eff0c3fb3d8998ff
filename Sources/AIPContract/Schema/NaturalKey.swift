/// What says which real-world thing a row is, for a table whose rows have no stable id in their source (an AIP
/// entry, a procedure, a border crossing point, an airport's notification rule).
///
/// The build hands such rows their `id`s and carries each over from the previous bundle by the values of these
/// columns, so that a delta carries only rows that really changed (`design.md`, Determinism and identity).
public struct NaturalKey: Sendable {
    /// The bundle file the table belongs to (`airports.db`).
    public var file: String
    public var table: TableSchema
    /// The column holding the id handed out (an AUTOINCREMENT primary key).
    public var id: ColumnSchema
    /// The columns whose values identify the row, in key order.
    public var columns: [ColumnSchema]

    public init(file: String, table: TableSchema, id: ColumnSchema = SharedColumns.id, columns: [ColumnSchema]) {
        self.file = file
        self.table = table
        self.id = id
        self.columns = columns
    }
}
