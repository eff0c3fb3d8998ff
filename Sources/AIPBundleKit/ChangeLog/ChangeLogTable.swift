/// How the rows of one data table are compared with the previous bundle and written to its `*_changes` table.
///
/// Rows are matched by primary key (ids are stable across releases: OurAirports ids, or the id allocator's by
/// natural key). Every column except the key and `created_at`/`updated_at` is compared with `IS NOT`, so NULL and
/// REAL values compare exactly. Which columns a change row has comes from the `*_changes` table's schema; SQL
/// expressions here read the logged row as `r`.
struct ChangeLogTable: Sendable {
    /// The shape of the change rows the `*_changes` table allows.
    enum Style: Sendable {
        /// One row per changed column (`field_name`, `old_value`, `new_value`, `field_type` = declared type), and one
        /// per added or removed row: `field_name` `<ENTITY>_ADDED` / `<ENTITY>_REMOVED`, the row's `label` as
        /// `new_value` / `old_value` (euro_aip's `PROCEDURE_ADDED` convention, for every table).
        case fields(entity: String, label: String)
        /// `aip_entries_changes`: one row per entry whose `value` changed, appeared (`old_value` NULL) or vanished
        /// (`new_value` NULL). A change of another column (alt_value, mapping) only renews the entry's `updated_at`.
        case values
        /// `border_crossing_points_changes`: one row per point, `action` `ADDED`, `REMOVED` or `UPDATED`.
        case actions
    }

    var table: TableSchema
    var changes: TableSchema
    /// Columns of the change row that say which row changed, as SQL over `r`.
    var identity: [String: String]
    /// The change row's `source`: SQL over `r`, or `NULL` for a table whose rows carry no source.
    var source: String
    var style: Style

    /// The logged tables of `airports.db`. `firs` has no `*_changes` table: it only keeps its timestamps.
    static let airports: [ChangeLogTable] = [
        ChangeLogTable(table: AirportsSchema.airports, changes: AirportsSchema.airportsChanges,
                       identity: ["airport_icao": "r.icao_code"], source: "r.sources",
                       style: .fields(entity: "AIRPORT", label: "rtrim(r.icao_code || ' ' || ifnull(r.name, ''))")),
        ChangeLogTable(table: AirportsSchema.runways, changes: AirportsSchema.runwaysChanges,
                       identity: ["airport_icao": "r.airport_icao", "runway_id": "r.id"], source: "NULL",
                       style: .fields(entity: "RUNWAY", label: "ifnull(r.le_ident, '') || '/' || ifnull(r.he_ident, '')")),
        ChangeLogTable(table: AirportsSchema.procedures, changes: AirportsSchema.proceduresChanges,
                       identity: ["airport_icao": "r.airport_icao", "procedure_id": "r.id"], source: "r.source",
                       style: .fields(entity: "PROCEDURE", label: "ifnull(r.name, '') || ' (' || ifnull(r.procedure_type, '') || ')'")),
        ChangeLogTable(table: AirportsSchema.aipEntries, changes: AirportsSchema.aipEntriesChanges,
                       identity: ["airport_icao": "r.airport_icao", "section": "r.section", "field": "r.field",
                                  "std_field": "r.std_field", "std_field_id": "r.std_field_id", "mapping_score": "r.mapping_score"],
                       source: "r.source", style: .values),
        ChangeLogTable(table: AirportsSchema.borderCrossingPoints, changes: AirportsSchema.borderCrossingPointsChanges,
                       identity: ["icao_code": "r.icao_code", "country_iso": "r.country_iso"], source: "r.source", style: .actions),
        ChangeLogTable(table: AirportsSchema.waypoints, changes: AirportsSchema.waypointsChanges,
                       identity: ["waypoint_name": "r.name"], source: "r.source",
                       style: .fields(entity: "WAYPOINT", label: "r.name")),
    ]

    static func named(_ table: String) -> ChangeLogTable? { airports.first { $0.table.name == table } }
}

extension TableSchema {
    /// The primary-key columns, whether declared on a column or as a table constraint.
    var keyColumns: [String] {
        primaryKey.isEmpty ? columns.filter(\.isPrimaryKey).map(\.name) : primaryKey
    }

    /// Whether the table has the `created_at`/`updated_at` pair the change log carries over.
    var hasTimestamps: Bool { column("created_at") != nil && column("updated_at") != nil }
}
