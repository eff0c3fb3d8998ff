/// `airports.db`, exactly as `data-contract.md` lists it: tables in creation order, columns in order.
///
/// The writer creates the file from this value and `check` compares files against it, so the two cannot drift.
/// Index names follow the reference database written by euro_aip where it has them.
public enum AirportsSchema {
    public static let fileName = "airports.db"

    /// Value of `model_metadata.schema_version`.
    public static let schemaVersion = "1"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [
        airports, runways, procedures, aipEntries, aipEntriesChanges, airportsChanges, runwaysChanges,
        proceduresChanges, borderCrossingPoints, borderCrossingPointsChanges, waypoints, waypointsChanges,
        modelMetadata, sources, airacUpdates, airacCountryCoverage, firs,
    ])

    static let createdUpdated: [ColumnSchema] = [.text("created_at"), .text("updated_at")]
    static let airportFK = ForeignKeySchema.column("airport_icao", references: "airports", "icao_code")

    static let airports = TableSchema(
        name: "airports",
        columns: [
            .text("icao_code").notNull, .text("name"), .text("type"), .real("latitude_deg"), .real("longitude_deg"),
            .real("elevation_ft"), .text("continent"), .text("iso_country"), .text("iso_region"), .text("municipality"),
            .text("scheduled_service"), .text("gps_code"), .text("iata_code"), .text("local_code"), .text("home_link"),
            .text("wikipedia_link"), .text("keywords"), .text("sources"),
        ] + createdUpdated,
        primaryKey: ["icao_code"])

    static let runways = TableSchema(
        name: "runways",
        columns: [
            .autoincrementID, .text("airport_icao").notNull, .text("le_ident"), .text("he_ident"), .real("length_ft"),
            .real("width_ft"), .text("surface"), .integer("lighted"), .integer("closed"),
            .real("le_latitude_deg"), .real("le_longitude_deg"), .real("le_elevation_ft"), .real("le_heading_degT"),
            .real("le_displaced_threshold_ft"),
            .real("he_latitude_deg"), .real("he_longitude_deg"), .real("he_elevation_ft"), .real("he_heading_degT"),
            .real("he_displaced_threshold_ft"),
        ] + createdUpdated,
        indexes: [.on("airport_icao", name: "idx_runways_airport")])

    static let procedures = TableSchema(
        name: "procedures",
        columns: [
            .autoincrementID, .text("airport_icao").notNull, .text("name"), .text("procedure_type"), .text("approach_type"),
            .text("runway_ident"), .text("runway_letter"), .text("runway_number"), .text("source"), .text("authority"),
            .text("raw_name"),
        ] + createdUpdated,
        indexes: [.on("airport_icao", name: "idx_procedures_airport")])

    static let aipEntries = TableSchema(
        name: "aip_entries",
        columns: [
            .autoincrementID, .text("airport_icao"), .text("section"), .text("field"), .text("value"), .text("std_field"),
            .integer("std_field_id"), .real("mapping_score"), .text("alt_field"), .text("alt_value"), .text("source"),
            .integer("source_priority").defaults("0"),
        ] + createdUpdated,
        foreignKeys: [airportFK],
        uniques: [["airport_icao", "section", "field", "source"]],
        indexes: [.on("airport_icao", "section", name: "idx_aip_entries_airport_section")])

    static let aipEntriesChanges = TableSchema(
        name: "aip_entries_changes",
        columns: [
            .autoincrementID, .text("airport_icao"), .text("section"), .text("field"), .text("old_value"), .text("new_value"),
            .text("std_field"), .integer("std_field_id"), .real("mapping_score"), .text("source"), .text("changed_at"),
            .text("airac_date").since013,
        ],
        foreignKeys: [airportFK],
        indexes: [
            .on("airport_icao", "changed_at", name: "idx_aip_entries_changes_airport_time"),
            .on("field", "changed_at", name: "idx_aip_entries_changes_field_time"),
        ])

    static let airportsChanges = TableSchema(
        name: "airports_changes",
        columns: [
            .autoincrementID, .text("airport_icao"), .text("field_name"), .text("old_value"), .text("new_value"),
            .text("field_type"), .text("source"), .text("changed_at"), .text("airac_date").since013,
        ],
        foreignKeys: [airportFK],
        indexes: [.on("airport_icao", "changed_at", name: "idx_airport_changes_airport_time")])

    static let runwaysChanges = TableSchema(
        name: "runways_changes",
        columns: [
            .autoincrementID, .text("airport_icao"), .integer("runway_id"), .text("field_name"), .text("old_value"),
            .text("new_value"), .text("field_type"), .text("source"), .text("changed_at"), .text("airac_date").since013,
        ],
        foreignKeys: [airportFK, .column("runway_id", references: "runways", "id")],
        indexes: [.on("airport_icao", "changed_at", name: "idx_runways_changes_airport_time")])

    static let proceduresChanges = TableSchema(
        name: "procedures_changes",
        columns: [
            .autoincrementID, .text("airport_icao"), .integer("procedure_id"), .text("field_name"), .text("old_value"),
            .text("new_value"), .text("source"), .text("changed_at"), .text("airac_date").since013,
        ],
        foreignKeys: [airportFK, .column("procedure_id", references: "procedures", "id")],
        indexes: [.on("airport_icao", "changed_at", name: "idx_procedures_changes_airport_time")])

    static let borderCrossingPoints = TableSchema(
        name: "border_crossing_points",
        columns: [
            .autoincrementID, .text("icao_code").notNull, .text("country_iso").notNull, .text("airport_name").notNull,
            .integer("is_airport"), .text("source").notNull, .text("extraction_method"), .text("metadata_json"),
            .text("matched_airport_icao"), .real("match_score"),
        ] + createdUpdated,
        foreignKeys: [.column("matched_airport_icao", references: "airports", "icao_code")],
        uniques: [["icao_code", "country_iso"]],
        indexes: [
            .on("matched_airport_icao", name: "idx_border_crossing_matched_airport"),
            .on("country_iso", name: "idx_border_crossing_country"),
            .on("source", name: "idx_border_crossing_source"),
        ])

    static let borderCrossingPointsChanges = TableSchema(
        name: "border_crossing_points_changes",
        columns: [
            .autoincrementID, .text("icao_code").notNull, .text("country_iso").notNull, .text("action").notNull,
            .text("source").notNull, .text("changed_at"),
        ],
        indexes: [.on("changed_at", name: "idx_border_crossing_points_changes_time")])

    /// 0.13 turned the primary key from `name` alone into (`name`, `source_id`) and added the indexes.
    static let waypoints = TableSchema(
        name: "waypoints",
        columns: [
            .text("name").notNull, .real("latitude_deg"), .real("longitude_deg"), .text("point_type"), .text("fir_codes"),
            .text("level_availability"), .text("source"), .text("source_id").notNull.defaults("''").since013,
        ] + createdUpdated,
        primaryKey: ["name", "source_id"],
        indexes: [
            IndexSchema.on("name", name: "idx_waypoints_name").since013,
            IndexSchema.on("point_type", name: "idx_waypoints_point_type").since013,
            IndexSchema.on("source", name: "idx_waypoints_source").since013,
        ])

    static let waypointsChanges = TableSchema(
        name: "waypoints_changes",
        columns: [
            .autoincrementID, .text("waypoint_name").notNull, .text("field_name"), .text("old_value"), .text("new_value"),
            .text("field_type"), .text("source"), .text("changed_at"), .text("airac_date"),
        ],
        indexes: [
            .on("changed_at", name: "idx_waypoints_changes_time"),
            .on("waypoint_name", name: "idx_waypoints_changes_name"),
        ],
        introduced: .euroAIP013)

    static let modelMetadata = TableSchema(
        name: "model_metadata",
        columns: [.text("key").primaryKey, .text("value"), .text("updated_at")])

    static let sources = TableSchema(
        name: "sources",
        columns: [.text("name").primaryKey, .text("last_updated"), .integer("record_count")])

    static let airacUpdates = TableSchema(
        name: "airac_updates",
        columns: [
            .autoincrementID, .text("airac_date").notNull, .text("source").notNull, .text("fetched_at").notNull,
            .integer("airports_updated").defaults("0"), .integer("changes_count").defaults("0"),
            .text("status").defaults("'success'"),
        ],
        uniques: [["airac_date", "source"]],
        introduced: .euroAIP013)

    static let airacCountryCoverage = TableSchema(
        name: "airac_country_coverage",
        columns: [
            .text("country_iso").notNull, .text("airac_date").notNull, .text("source").notNull,
            .integer("airports_count").defaults("0"), .text("updated_at").notNull,
        ],
        primaryKey: ["country_iso", "source"],
        introduced: .euroAIP013)

    static let firs = TableSchema(
        name: "firs",
        columns: [
            .text("icao").notNull.primaryKey, .text("name"), .text("polygons_json").notNull,
            .real("bbox_min_lon").notNull, .real("bbox_min_lat").notNull, .real("bbox_max_lon").notNull,
            .real("bbox_max_lat").notNull, .integer("is_oceanic").defaults("0"), .text("region"), .real("label_lon"),
            .real("label_lat"), .text("source"),
        ] + createdUpdated,
        indexes: [
            .on("bbox_min_lon", "bbox_min_lat", "bbox_max_lon", "bbox_max_lat", name: "idx_firs_bbox"),
            .on("source", name: "idx_firs_source"),
        ],
        introduced: .euroAIP013)
}
