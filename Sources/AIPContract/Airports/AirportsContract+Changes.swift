/// The change log of `airports.db`: one `*_changes` table per logged table, filled by the build from the previous
/// bundle (euro_aip's tables and conventions).
extension AirportsContract {
    /// The columns the `*_changes` tables share, filled alike by the change log.
    public enum ChangeColumns {
        /// The changed column, or `<ENTITY>_ADDED` / `<ENTITY>_REMOVED` for a whole row.
        public static let fieldName = ColumnSchema.text("field_name")
        public static let oldValue = ColumnSchema.text("old_value")
        public static let newValue = ColumnSchema.text("new_value")
        /// The changed column's declared type.
        public static let fieldType = ColumnSchema.text("field_type")
        public static let source = SharedColumns.source
        /// The build's timestamp.
        public static let changedAt = ColumnSchema.text("changed_at")
        /// The build's AIRAC effective date; euro_aip 0.13 added it to the four tables that predate it.
        public static let airacDate = SharedColumns.airacDate
        /// `ADDED`, `REMOVED` or `UPDATED` (`border_crossing_points_changes`).
        public static let action = ColumnSchema.text("action").notNull
    }

    /// `aip_entries_changes`: one row per entry whose `value` changed, appeared or vanished.
    public enum AIPEntriesChanges {
        public static let table = TableSchema(
            name: "aip_entries_changes",
            columns: [
                SharedColumns.id, SharedColumns.airportICAO, AIPEntries.section, AIPEntries.field, ChangeColumns.oldValue,
                ChangeColumns.newValue, AIPEntries.stdField, AIPEntries.stdFieldID, AIPEntries.mappingScore, ChangeColumns.source,
                ChangeColumns.changedAt, ChangeColumns.airacDate.since013,
            ],
            foreignKeys: [airportForeignKey],
            indexes: [
                .on(SharedColumns.airportICAO, ChangeColumns.changedAt, name: "idx_aip_entries_changes_airport_time"),
                .on(AIPEntries.field, ChangeColumns.changedAt, name: "idx_aip_entries_changes_field_time"),
            ])
    }

    public enum AirportsChanges {
        public static let table = TableSchema(
            name: "airports_changes",
            columns: [
                SharedColumns.id, SharedColumns.airportICAO, ChangeColumns.fieldName, ChangeColumns.oldValue, ChangeColumns.newValue,
                ChangeColumns.fieldType, ChangeColumns.source, ChangeColumns.changedAt, ChangeColumns.airacDate.since013,
            ],
            foreignKeys: [airportForeignKey],
            indexes: [.on(SharedColumns.airportICAO, ChangeColumns.changedAt, name: "idx_airport_changes_airport_time")])
    }

    public enum RunwaysChanges {
        /// The changed runway's id (NULL once the runway is gone).
        public static let runwayID = ColumnSchema.integer("runway_id")

        public static let table = TableSchema(
            name: "runways_changes",
            columns: [
                SharedColumns.id, SharedColumns.airportICAO, runwayID, ChangeColumns.fieldName, ChangeColumns.oldValue,
                ChangeColumns.newValue, ChangeColumns.fieldType, ChangeColumns.source, ChangeColumns.changedAt,
                ChangeColumns.airacDate.since013,
            ],
            foreignKeys: [airportForeignKey, .column(runwayID, references: Runways.table, Runways.id)],
            indexes: [.on(SharedColumns.airportICAO, ChangeColumns.changedAt, name: "idx_runways_changes_airport_time")])
    }

    /// Unlike the other field-by-field logs, it has no `field_type` (euro_aip's table).
    public enum ProceduresChanges {
        /// The changed procedure's id (NULL once the procedure is gone).
        public static let procedureID = ColumnSchema.integer("procedure_id")

        public static let table = TableSchema(
            name: "procedures_changes",
            columns: [
                SharedColumns.id, SharedColumns.airportICAO, procedureID, ChangeColumns.fieldName, ChangeColumns.oldValue,
                ChangeColumns.newValue, ChangeColumns.source, ChangeColumns.changedAt, ChangeColumns.airacDate.since013,
            ],
            foreignKeys: [airportForeignKey, .column(procedureID, references: Procedures.table, Procedures.id)],
            indexes: [.on(SharedColumns.airportICAO, ChangeColumns.changedAt, name: "idx_procedures_changes_airport_time")])
    }

    public enum BorderCrossingPointsChanges {
        public static let table = TableSchema(
            name: "border_crossing_points_changes",
            columns: [
                SharedColumns.id, BorderCrossingPoints.icaoCode, BorderCrossingPoints.countryISO, ChangeColumns.action,
                ChangeColumns.source.notNull, ChangeColumns.changedAt,
            ],
            indexes: [.on(ChangeColumns.changedAt, name: "idx_border_crossing_points_changes_time")])
    }

    public enum WaypointsChanges {
        /// The changed waypoint's name.
        public static let waypointName = ColumnSchema.text("waypoint_name").notNull

        public static let table = TableSchema(
            name: "waypoints_changes",
            columns: [
                SharedColumns.id, waypointName, ChangeColumns.fieldName, ChangeColumns.oldValue, ChangeColumns.newValue,
                ChangeColumns.fieldType, ChangeColumns.source, ChangeColumns.changedAt, ChangeColumns.airacDate,
            ],
            indexes: [
                .on(ChangeColumns.changedAt, name: "idx_waypoints_changes_time"),
                .on(waypointName, name: "idx_waypoints_changes_name"),
            ],
            introduced: .euroAIP013)
    }
}
