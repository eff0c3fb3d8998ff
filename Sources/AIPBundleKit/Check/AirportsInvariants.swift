import AIPContract

private typealias Airports = AirportsContract.Airports
private typealias Runways = AirportsContract.Runways
private typealias BorderCrossingPoints = AirportsContract.BorderCrossingPoints
private typealias FIRs = AirportsContract.FIRs
private typealias ModelMetadata = AirportsContract.ModelMetadata

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
        InvariantRule(name: "airports.icao_code shape", table: Airports.table, column: Airports.icaoCode,
                      message: "is not four upper-case letters",
                      sql: "SELECT icao_code FROM airports WHERE icao_code NOT GLOB '[A-Z][A-Z][A-Z][A-Z]'"),
        // The range of a position is the contract's (``PhysicalRange``), checked for every column that declares one.
        InvariantRule(name: "airports.latitude_deg set", table: Airports.table, column: Airports.latitudeDeg, message: "is NULL",
                      sql: "SELECT icao_code FROM airports WHERE latitude_deg IS NULL"),
        InvariantRule(name: "airports.longitude_deg set", table: Airports.table, column: Airports.longitudeDeg, message: "is NULL",
                      sql: "SELECT icao_code FROM airports WHERE longitude_deg IS NULL"),
        // An empty tag (`a,,b`) or a repeated one counts as unsorted: the value must be the sorted set of tags.
        InvariantRule(name: "airports.sources sorted", table: Airports.table, column: Airports.sources,
                      message: "is not a sorted, space-free, comma-separated list", sql: """
            \(sourceTags)
            SELECT icao_code FROM airports WHERE sources IS NULL OR sources = '' OR instr(sources, ' ') > 0 OR icao_code IN (
                SELECT icao_code FROM parts WHERE tag IS NOT NULL AND (tag = '' OR tag <= previous))
            """),
        InvariantRule(name: "airports.sources tags", table: Airports.table, column: Airports.sources,
                      message: "holds a tag that is not lower-case letters, digits and _", sql: """
            \(sourceTags)
            SELECT DISTINCT icao_code FROM parts WHERE tag GLOB '*[^a-z0-9_]*'
            """),
        InvariantRule(name: "runways.airport_icao exists", table: Runways.table, column: Runways.airportICAO,
                      message: "names no airport in airports",
                      sql: "SELECT id FROM runways WHERE airport_icao NOT IN (SELECT icao_code FROM airports)"),
        InvariantRule(name: "runways.lighted flag", table: Runways.table, column: Runways.lighted, message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM runways WHERE lighted NOT IN (0, 1)"),
        InvariantRule(name: "runways.closed flag", table: Runways.table, column: Runways.closed, message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM runways WHERE closed NOT IN (0, 1)"),
        InvariantRule(name: "border_crossing_points.is_airport flag", table: BorderCrossingPoints.table, column: BorderCrossingPoints.isAirport,
                      message: "is not 0, 1 or NULL",
                      sql: "SELECT id FROM border_crossing_points WHERE is_airport NOT IN (0, 1)"),
        InvariantRule(name: "firs.is_oceanic flag", table: FIRs.table, column: FIRs.isOceanic, message: "is not 0, 1 or NULL",
                      sql: "SELECT icao FROM firs WHERE is_oceanic NOT IN (0, 1)"),
        InvariantRule(name: "airports not empty", table: Airports.table, column: nil, message: "is empty; the app would show no airport",
                      sql: "SELECT 'no rows' WHERE NOT EXISTS (SELECT 1 FROM airports)"),
        ModelMetadataInvariants.schemaVersion(in: ModelMetadata.table),
        InvariantRule(name: "model_metadata.statistics", table: ModelMetadata.table, column: ModelMetadata.value,
                      message: "statistics is not a JSON object", sql: """
            SELECT coalesce((SELECT value FROM model_metadata WHERE key = 'statistics'), 'missing') AS v
            WHERE NOT json_valid(v) OR json_type(v) <> 'object'
            """),
        ModelMetadataInvariants.stamp(in: ModelMetadata.table),
        ModelMetadataInvariants.airacDate(in: ModelMetadata.table),
    ] + aipRules + navdataRules + ChangeLogInvariants.rules
}
