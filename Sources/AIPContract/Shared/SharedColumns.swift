/// Columns that several tables declare alike, declared here once; each table names them among its own columns.
public enum SharedColumns {
    /// `id INTEGER PRIMARY KEY AUTOINCREMENT`: the row id of every table whose ids are handed out by the build (and
    /// carried over from the previous bundle, ``NaturalKey``).
    public static let id = ColumnSchema(name: "id", type: .integer, isPrimaryKey: true, isAutoincrement: true)
    /// When the row's content first appeared; carried over from the previous bundle while the row exists.
    public static let createdAt = ColumnSchema(name: "created_at", type: .text)
    /// When the row's content last changed; carried over from the previous bundle while it does not change.
    public static let updatedAt = ColumnSchema(name: "updated_at", type: .text)
    /// `airport_icao`, the airport a row belongs to (NOT NULL where the table says so).
    public static let airportICAO = ColumnSchema(name: "airport_icao", type: .text)
    /// `source`: the source tag a row came from (`uk_eaip_html`, `border_crossing`, …).
    public static let source = ColumnSchema(name: "source", type: .text)
    /// `airac_date`: the effective date (`2026-11-26`) of the AIRAC cycle a row belongs to.
    public static let airacDate = ColumnSchema(name: "airac_date", type: .text)

    static let timestamps = [createdAt, updatedAt]
}
