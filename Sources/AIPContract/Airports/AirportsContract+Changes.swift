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

    public enum AIPEntriesChanges {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO
        public static let section = AIPEntries.section
        public static let field = AIPEntries.field
        public static let oldValue = ChangeColumns.oldValue
        public static let newValue = ChangeColumns.newValue
        public static let stdField = AIPEntries.stdField
        public static let stdFieldID = AIPEntries.stdFieldID
        public static let mappingScore = AIPEntries.mappingScore
        public static let source = ChangeColumns.source
        public static let changedAt = ChangeColumns.changedAt
        public static let airacDate = ChangeColumns.airacDate.since013

        public static let table = TableSchema(
            name: "aip_entries_changes",
            columns: [id, airportICAO, section, field, oldValue, newValue, stdField, stdFieldID, mappingScore, source, changedAt, airacDate],
            foreignKeys: [airportForeignKey],
            indexes: [
                .on(airportICAO, changedAt, name: "idx_aip_entries_changes_airport_time"),
                .on(field, changedAt, name: "idx_aip_entries_changes_field_time"),
            ])
    }

    public enum AirportsChanges {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO
        public static let fieldName = ChangeColumns.fieldName
        public static let oldValue = ChangeColumns.oldValue
        public static let newValue = ChangeColumns.newValue
        public static let fieldType = ChangeColumns.fieldType
        public static let source = ChangeColumns.source
        public static let changedAt = ChangeColumns.changedAt
        public static let airacDate = ChangeColumns.airacDate.since013

        public static let table = TableSchema(
            name: "airports_changes",
            columns: [id, airportICAO, fieldName, oldValue, newValue, fieldType, source, changedAt, airacDate],
            foreignKeys: [airportForeignKey],
            indexes: [.on(airportICAO, changedAt, name: "idx_airport_changes_airport_time")])
    }

    public enum RunwaysChanges {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO
        public static let runwayID = ColumnSchema.integer("runway_id")
        public static let fieldName = ChangeColumns.fieldName
        public static let oldValue = ChangeColumns.oldValue
        public static let newValue = ChangeColumns.newValue
        public static let fieldType = ChangeColumns.fieldType
        public static let source = ChangeColumns.source
        public static let changedAt = ChangeColumns.changedAt
        public static let airacDate = ChangeColumns.airacDate.since013

        public static let table = TableSchema(
            name: "runways_changes",
            columns: [id, airportICAO, runwayID, fieldName, oldValue, newValue, fieldType, source, changedAt, airacDate],
            foreignKeys: [airportForeignKey, .column(runwayID, references: Runways.table, Runways.id)],
            indexes: [.on(airportICAO, changedAt, name: "idx_runways_changes_airport_time")])
    }

    public enum ProceduresChanges {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO
        public static let procedureID = ColumnSchema.integer("procedure_id")
        public static let fieldName = ChangeColumns.fieldName
        public static let oldValue = ChangeColumns.oldValue
        public static let newValue = ChangeColumns.newValue
        public static let source = ChangeColumns.source
        public static let changedAt = ChangeColumns.changedAt
        public static let airacDate = ChangeColumns.airacDate.since013

        public static let table = TableSchema(
            name: "procedures_changes",
            columns: [id, airportICAO, procedureID, fieldName, oldValue, newValue, source, changedAt, airacDate],
            foreignKeys: [airportForeignKey, .column(procedureID, references: Procedures.table, Procedures.id)],
            indexes: [.on(airportICAO, changedAt, name: "idx_procedures_changes_airport_time")])
    }

    public enum BorderCrossingPointsChanges {
        public static let id = SharedColumns.id
        public static let icaoCode = BorderCrossingPoints.icaoCode
        public static let countryISO = BorderCrossingPoints.countryISO
        public static let action = ChangeColumns.action
        public static let source = ChangeColumns.source.notNull
        public static let changedAt = ChangeColumns.changedAt

        public static let table = TableSchema(
            name: "border_crossing_points_changes",
            columns: [id, icaoCode, countryISO, action, source, changedAt],
            indexes: [.on(changedAt, name: "idx_border_crossing_points_changes_time")])
    }

    public enum WaypointsChanges {
        public static let id = SharedColumns.id
        public static let waypointName = ColumnSchema.text("waypoint_name").notNull
        public static let fieldName = ChangeColumns.fieldName
        public static let oldValue = ChangeColumns.oldValue
        public static let newValue = ChangeColumns.newValue
        public static let fieldType = ChangeColumns.fieldType
        public static let source = ChangeColumns.source
        public static let changedAt = ChangeColumns.changedAt
        public static let airacDate = ChangeColumns.airacDate

        public static let table = TableSchema(
            name: "waypoints_changes",
            columns: [id, waypointName, fieldName, oldValue, newValue, fieldType, source, changedAt, airacDate],
            indexes: [
                .on(changedAt, name: "idx_waypoints_changes_time"),
                .on(waypointName, name: "idx_waypoints_changes_name"),
            ],
            introduced: .euroAIP013)
    }
}
