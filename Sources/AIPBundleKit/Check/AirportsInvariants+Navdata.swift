import AIPContract

private typealias Waypoints = AirportsContract.Waypoints
private typealias FIRs = AirportsContract.FIRs

/// Value rules of the navigation tables: what RZFlight needs of `waypoints` (a position, an upper-case name, FIR
/// codes it can match), and what a map needs of `firs` (closed rings of positions inside the bounding box the app
/// filters on).
extension AirportsInvariants {
    /// `waypoints.fir_codes` split into one row per code (`name`, `code`, and the code before it as `previous`), for
    /// any text. Rows are named by `name` alone, which files from before euro_aip 0.13 (no `source_id`) have too.
    static let firCodes = """
        WITH RECURSIVE parts(id, name, code, rest, previous) AS (
            SELECT rowid, name, NULL, fir_codes || ',', NULL FROM waypoints WHERE fir_codes IS NOT NULL
            UNION ALL
            SELECT id, name, substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1), code
            FROM parts WHERE rest <> '')
        """

    /// Every ring of `firs.polygons_json` (`icao`, `ring`, `type`), and every position (`icao`, `position`, `type`):
    /// a value that is not JSON, or a level that is not a list, yields nothing below it, so the rules always run.
    static let firRings = """
        WITH rings AS (
            SELECT f.icao, r.value AS ring, r.type AS type
            FROM firs AS f,
                 json_each(CASE WHEN json_valid(f.polygons_json) AND json_type(f.polygons_json) = 'array' THEN f.polygons_json ELSE '[]' END) AS p,
                 json_each(CASE WHEN p.type = 'array' THEN p.value ELSE '[]' END) AS r),
        positions AS (
            SELECT rings.icao, q.value AS position, q.type AS type
            FROM rings, json_each(CASE WHEN rings.type = 'array' THEN rings.ring ELSE '[]' END) AS q)
        """

    static let navdataRules: [InvariantRule] = [
        InvariantRule(name: "waypoints.name upper-case", table: Waypoints.table, column: Waypoints.name,
                      message: "is empty or not upper-case (RZFlight looks names up upper-cased)",
                      sql: "SELECT name FROM waypoints WHERE name = '' OR name <> upper(name)"),
        InvariantRule(name: "waypoints.latitude_deg range", table: Waypoints.table, column: Waypoints.latitudeDeg,
                      message: "is NULL (RZFlight reads NULL as 0)",
                      sql: "SELECT name FROM waypoints WHERE latitude_deg IS NULL"),
        InvariantRule(name: "waypoints.longitude_deg range", table: Waypoints.table, column: Waypoints.longitudeDeg,
                      message: "is NULL (RZFlight reads NULL as 0)",
                      sql: "SELECT name FROM waypoints WHERE longitude_deg IS NULL"),
        InvariantRule(name: "waypoints.fir_codes sorted", table: Waypoints.table, column: Waypoints.firCodes,
                      message: "is not a sorted, space-free, comma-separated list of distinct codes", sql: """
            \(firCodes)
            SELECT name FROM waypoints WHERE fir_codes = '' OR instr(fir_codes, ' ') > 0
                OR rowid IN (SELECT id FROM parts WHERE code IS NOT NULL AND (code = '' OR code <= previous))
            """),
        InvariantRule(name: "waypoints.fir_codes in firs", table: Waypoints.table, column: Waypoints.firCodes,
                      message: "names a FIR that has no row in firs", sql: """
            \(firCodes)
            SELECT name || ': ' || code FROM parts
            WHERE code IS NOT NULL AND code <> '' AND code NOT IN (SELECT icao FROM firs)
            """, alsoReads: [FIRs.table]),
        InvariantRule(name: "firs.polygons_json shape", table: FIRs.table, column: FIRs.polygonsJSON,
                      message: "is not a list of polygons, each a list of rings, each a list of [longitude, latitude] in range", sql: """
            \(firRings)
            SELECT icao FROM firs WHERE NOT json_valid(polygons_json) OR json_type(polygons_json) <> 'array' OR json_array_length(polygons_json) = 0
            UNION SELECT icao FROM firs, json_each(CASE WHEN json_valid(polygons_json) AND json_type(polygons_json) = 'array' THEN polygons_json ELSE '[]' END) AS p
                WHERE p.type <> 'array' OR json_array_length(p.value) = 0
            UNION SELECT icao FROM rings WHERE type <> 'array'
            UNION SELECT icao FROM positions WHERE type <> 'array' OR json_array_length(position) <> 2
                OR json_type(position, '$[0]') NOT IN ('integer', 'real') OR json_type(position, '$[1]') NOT IN ('integer', 'real')
                OR json_extract(position, '$[0]') NOT BETWEEN -180 AND 180 OR json_extract(position, '$[1]') NOT BETWEEN -90 AND 90
            """),
        InvariantRule(name: "firs rings closed", table: FIRs.table, column: FIRs.polygonsJSON,
                      message: "holds a ring of fewer than four positions or whose last position is not its first", sql: """
            \(firRings)
            SELECT DISTINCT icao FROM rings
            WHERE type = 'array' AND (json_array_length(ring) < 4 OR json_extract(ring, '$[0]') IS NOT json_extract(ring, '$[#-1]'))
            """),
        InvariantRule(name: "firs bbox holds the polygon", table: FIRs.table, column: FIRs.bboxMinLon,
                      message: "bounding box leaves out a position of the polygon (the app filters FIRs by it)", sql: """
            \(firRings)
            SELECT icao FROM firs WHERE bbox_min_lon > bbox_max_lon OR bbox_min_lat > bbox_max_lat
            UNION SELECT DISTINCT p.icao FROM positions AS p JOIN firs AS f ON f.icao = p.icao
            WHERE p.type = 'array' AND (json_extract(p.position, '$[0]') < f.bbox_min_lon OR json_extract(p.position, '$[0]') > f.bbox_max_lon
                OR json_extract(p.position, '$[1]') < f.bbox_min_lat OR json_extract(p.position, '$[1]') > f.bbox_max_lat)
            """),
    ]
}
