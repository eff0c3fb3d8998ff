/// Value rules of `airports.db` that a schema cannot express, each as a query returning offending rows.
///
/// Every one of these is something RZFlight would not crash on but would show wrong: an airport at 0°/0°,
/// a runway on no airport, a flag that is neither true nor false.
enum AirportsInvariants {
    /// `airports.sources` split into one row per tag (`icao_code`, `tag`, and the tag before it as `previous`),
    /// for any text: a value is never spliced into JSON or SQL, so a `"` or `\` in it cannot make a rule fail.
    static let sourceTags = """
        WITH RECURSIVE parts(icao_code, tag, rest, previous) AS (
            SELECT icao_code, NULL, sources || ',', NULL FROM airports WHERE sources <> ''
            UNION ALL
            SELECT icao_code, substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1), tag
            FROM parts WHERE rest <> '')
        """

    static let rules: [InvariantRule] = [
        InvariantRule(name: "airports.icao_code shape", table: "airports", column: "icao_code",
                      message: "is not four upper-case letters",
                      sql: "SELECT icao_code FROM airports WHERE icao_code NOT GLOB '[A-Z][A-Z][A-Z][A-Z]'"),
        InvariantRule(name: "airports.latitude_deg range", table: "airports", column: "latitude_deg",
                      message: "is NULL or outside -90…90",
                      sql: "SELECT icao_code FROM airports WHERE latitude_deg IS NULL OR latitude_deg NOT BETWEEN -90 AND 90"),
        InvariantRule(name: "airports.longitude_deg range", table: "airports", column: "longitude_deg",
                      message: "is NULL or outside -180…180",
                      sql: "SELECT icao_code FROM airports WHERE longitude_deg IS NULL OR longitude_deg NOT BETWEEN -180 AND 180"),
        // An empty tag (`a,,b`) or a repeated one counts as unsorted: the value must be the sorted set of tags.
        InvariantRule(name: "airports.sources sorted", table: "airports", column: "sources",
                      message: "is not a sorted, space-free, comma-separated list", sql: """
            \(sourceTags)
            SELECT icao_code FROM airports WHERE sources IS NULL OR sources = '' OR instr(sources, ' ') > 0 OR icao_code IN (
                SELECT icao_code FROM parts WHERE tag IS NOT NULL AND (tag = '' OR tag <= previous))
            """),
        InvariantRule(name: "airports.sources tags", table: "airports", column: "sources",
                      message: "holds a tag that is not lower-case letters, digits and _", sql: """
            \(sourceTags)
            SELECT DISTINCT icao_code FROM parts WHERE tag GLOB '*[^a-z0-9_]*'
            """),
        InvariantRule(name: "runways.airport_icao exists", table: "runways", column: "airport_icao",
                      message: "names no airport in airports",
                      sql: "SELECT id FROM runways WHERE airport_icao NOT IN (SELECT icao_code FROM airports)"),
        InvariantRule(name: "runways end coordinates", table: "runways", column: "le_latitude_deg",
                      message: "end coordinates out of range", sql: """
            SELECT id FROM runways WHERE le_latitude_deg NOT BETWEEN -90 AND 90 OR he_latitude_deg NOT BETWEEN -90 AND 90
                OR le_longitude_deg NOT BETWEEN -180 AND 180 OR he_longitude_deg NOT BETWEEN -180 AND 180
            """),
        InvariantRule(name: "runways.lighted flag", table: "runways", column: "lighted", message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM runways WHERE lighted NOT IN (0, 1)"),
        InvariantRule(name: "runways.closed flag", table: "runways", column: "closed", message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM runways WHERE closed NOT IN (0, 1)"),
        InvariantRule(name: "border_crossing_points.is_airport flag", table: "border_crossing_points", column: "is_airport",
                      message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM border_crossing_points WHERE is_airport NOT IN (0, 1)"),
        InvariantRule(name: "firs.is_oceanic flag", table: "firs", column: "is_oceanic", message: "is not 0, 1 or NULL",
                      sql: "SELECT icao FROM firs WHERE is_oceanic NOT IN (0, 1)"),
        InvariantRule(name: "airports not empty", table: "airports", column: nil, message: "is empty; the app would show no airport",
                      sql: "SELECT 'no rows' WHERE NOT EXISTS (SELECT 1 FROM airports)"),
        ModelMetadataInvariants.schemaVersion,
        InvariantRule(name: "model_metadata.statistics", table: "model_metadata", column: "value",
                      message: "statistics is not a JSON object", sql: """
            SELECT coalesce((SELECT value FROM model_metadata WHERE key = 'statistics'), 'missing') AS v
            WHERE NOT json_valid(v) OR json_type(v) <> 'object'
            """),
        ModelMetadataInvariants.stamp,
        ModelMetadataInvariants.airacDate,
    ] + aipRules + navdataRules + ChangeLogInvariants.rules
}
