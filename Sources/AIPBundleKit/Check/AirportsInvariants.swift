/// Value rules of `airports.db` that a schema cannot express, each as a query returning offending rows.
///
/// Every one of these is something RZFlight would not crash on but would show wrong: an airport at 0°/0°,
/// a runway on no airport, a flag that is neither true nor false.
enum AirportsInvariants {
    struct Rule {
        var table: String
        var column: String?
        var message: String
        /// Selects one text describing each offending row.
        var sql: String
    }

    static let rules: [Rule] = [
        Rule(table: "airports", column: "icao_code", message: "is not four upper-case letters",
             sql: "SELECT icao_code FROM airports WHERE icao_code NOT GLOB '[A-Z][A-Z][A-Z][A-Z]'"),
        Rule(table: "airports", column: "latitude_deg", message: "is NULL or outside -90…90",
             sql: "SELECT icao_code FROM airports WHERE latitude_deg IS NULL OR latitude_deg NOT BETWEEN -90 AND 90"),
        Rule(table: "airports", column: "longitude_deg", message: "is NULL or outside -180…180",
             sql: "SELECT icao_code FROM airports WHERE longitude_deg IS NULL OR longitude_deg NOT BETWEEN -180 AND 180"),
        Rule(table: "airports", column: "sources", message: "is not a sorted, space-free, comma-separated list",
             sql: """
             SELECT icao_code FROM airports WHERE sources IS NULL OR sources = '' OR instr(sources, ' ') > 0 OR sources <> (
                 SELECT group_concat(value, ',') FROM (SELECT value FROM json_each('["' || replace(sources, ',', '","') || '"]') ORDER BY value))
             """),
        Rule(table: "runways", column: "airport_icao", message: "names no airport in airports",
             sql: "SELECT id FROM runways WHERE airport_icao NOT IN (SELECT icao_code FROM airports)"),
        Rule(table: "runways", column: "le_latitude_deg", message: "end coordinates out of range",
             sql: """
             SELECT id FROM runways WHERE le_latitude_deg NOT BETWEEN -90 AND 90 OR he_latitude_deg NOT BETWEEN -90 AND 90
                 OR le_longitude_deg NOT BETWEEN -180 AND 180 OR he_longitude_deg NOT BETWEEN -180 AND 180
             """),
        Rule(table: "runways", column: "lighted", message: "is not 0, 1 or NULL",
             sql: "SELECT id FROM runways WHERE lighted NOT IN (0, 1)"),
        Rule(table: "runways", column: "closed", message: "is not 0, 1 or NULL",
             sql: "SELECT id FROM runways WHERE closed NOT IN (0, 1)"),
        Rule(table: "border_crossing_points", column: "is_airport", message: "is not 0, 1 or NULL",
             sql: "SELECT id FROM border_crossing_points WHERE is_airport NOT IN (0, 1)"),
        Rule(table: "firs", column: "is_oceanic", message: "is not 0, 1 or NULL",
             sql: "SELECT icao FROM firs WHERE is_oceanic NOT IN (0, 1)"),
        Rule(table: "airports", column: nil, message: "is empty; the app would show no airport",
             sql: "SELECT 'no rows' WHERE NOT EXISTS (SELECT 1 FROM airports)"),
        Rule(table: "model_metadata", column: "value", message: "schema_version is not '1'",
             sql: "SELECT coalesce((SELECT value FROM model_metadata WHERE key = 'schema_version'), 'missing') AS v WHERE v IS NOT '1'"),
        Rule(table: "model_metadata", column: "value", message: "statistics is not a JSON object",
             sql: """
             SELECT coalesce((SELECT value FROM model_metadata WHERE key = 'statistics'), 'missing') AS v
             WHERE NOT json_valid(v) OR json_type(v) <> 'object'
             """),
    ]
}
