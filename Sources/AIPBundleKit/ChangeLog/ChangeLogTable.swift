import AIPContract
import GRDB

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
        /// `aip_entries_changes`: one row per entry whose `value` (the column given) changed, appeared (`old_value`
        /// NULL) or vanished (`new_value` NULL). A change of another column (alt_value, mapping) only renews the
        /// entry's `updated_at`.
        case values(ColumnSchema)
        /// `border_crossing_points_changes`: one row per point, `action` `ADDED`, `REMOVED` or `UPDATED`.
        case actions
    }

    var table: TableSchema
    var changes: TableSchema
    /// Columns of the change row that say which row changed, each with the column of the logged row it copies.
    var identity: [(change: ColumnSchema, row: ColumnSchema)]
    /// The column of the logged row copied to the change row's `source`; nil for a table whose rows carry no source.
    var source: ColumnSchema?
    var style: Style

    /// The logged tables of `airports.db`. `firs` has no `*_changes` table: it only keeps its timestamps.
    static let airports: [ChangeLogTable] = {
        typealias Airports = AirportsContract.Airports
        typealias Runways = AirportsContract.Runways
        typealias Procedures = AirportsContract.Procedures
        typealias AIPEntries = AirportsContract.AIPEntries
        typealias Points = AirportsContract.BorderCrossingPoints
        typealias Waypoints = AirportsContract.Waypoints
        return [
            ChangeLogTable(table: Airports.table, changes: AirportsContract.AirportsChanges.table,
                           identity: [(SharedColumns.airportICAO, Airports.icaoCode)], source: Airports.sources,
                           style: .fields(entity: "AIRPORT", label: "rtrim(\(r(Airports.icaoCode)) || ' ' || ifnull(\(r(Airports.name)), ''))")),
            ChangeLogTable(table: Runways.table, changes: AirportsContract.RunwaysChanges.table,
                           identity: [(SharedColumns.airportICAO, Runways.airportICAO), (AirportsContract.RunwaysChanges.runwayID, Runways.id)],
                           source: nil,
                           style: .fields(entity: "RUNWAY", label: "ifnull(\(r(Runways.leIdent)), '') || '/' || ifnull(\(r(Runways.heIdent)), '')")),
            ChangeLogTable(table: Procedures.table, changes: AirportsContract.ProceduresChanges.table,
                           identity: [(SharedColumns.airportICAO, Procedures.airportICAO), (AirportsContract.ProceduresChanges.procedureID, Procedures.id)],
                           source: Procedures.source,
                           style: .fields(entity: "PROCEDURE",
                                          label: "ifnull(\(r(Procedures.name)), '') || ' (' || ifnull(\(r(Procedures.procedureType)), '') || ')'")),
            ChangeLogTable(table: AIPEntries.table, changes: AirportsContract.AIPEntriesChanges.table,
                           identity: [AIPEntries.airportICAO, AIPEntries.section, AIPEntries.field, AIPEntries.stdField, AIPEntries.stdFieldID,
                                      AIPEntries.mappingScore].map { ($0, $0) },
                           source: AIPEntries.source, style: .values(AIPEntries.value)),
            ChangeLogTable(table: Points.table, changes: AirportsContract.BorderCrossingPointsChanges.table,
                           identity: [Points.icaoCode, Points.countryISO].map { ($0, $0) }, source: Points.source, style: .actions),
            ChangeLogTable(table: Waypoints.table, changes: AirportsContract.WaypointsChanges.table,
                           identity: [(AirportsContract.WaypointsChanges.waypointName, Waypoints.name)], source: Waypoints.source,
                           style: .fields(entity: "WAYPOINT", label: r(Waypoints.name))),
        ]
    }()

    static func named(_ table: String) -> ChangeLogTable? { airports.first { $0.table.name == table } }

    /// `column` of the logged row, as SQL.
    static func r(_ column: ColumnSchema) -> String { "r.\(column.name.quotedDatabaseIdentifier)" }
}

extension TableSchema {
    /// Whether the table has the `created_at`/`updated_at` pair the change log carries over.
    var hasTimestamps: Bool { column(SharedColumns.createdAt.name) != nil && column(SharedColumns.updatedAt.name) != nil }
}
