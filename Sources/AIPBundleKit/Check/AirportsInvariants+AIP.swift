import AIPContract
import AIPStages

private typealias AIPEntries = AirportsContract.AIPEntries
private typealias Procedures = AirportsContract.Procedures
private typealias BorderCrossingPoints = AirportsContract.BorderCrossingPoints

/// Value rules of `aip_entries`, `procedures` and `border_crossing_points`: the strings RZFlight and Android match
/// exactly, and would otherwise ignore without a word.
extension AirportsInvariants {
    /// The field catalogue as an SQL table `catalogue(id, name)`.
    static let catalogue: String = {
        let rows = AIPFieldCatalogue.names.sorted { $0.key < $1.key }
            .map { "(\($0.key), '\($0.value.replacingOccurrences(of: "'", with: "''"))')" }
        return "WITH catalogue(id, name) AS (VALUES \(rows.joined(separator: ", ")))"
    }()

    static let aipRules: [InvariantRule] = [
        InvariantRule(name: "aip_entries.section domain", table: AIPEntries.table, column: AIPEntries.section,
                      message: "is not admin, operational, handling or passenger",
                      sql: "SELECT id FROM aip_entries WHERE section IS NULL OR section NOT IN ('admin', 'operational', 'handling', 'passenger')"),
        InvariantRule(name: "aip_entries.std_field_id catalogue", table: AIPEntries.table, column: AIPEntries.stdFieldID,
                      message: "is not an id of the standard field catalogue, or std_field is not its name", sql: """
            \(catalogue)
            SELECT aip_entries.id FROM aip_entries LEFT JOIN catalogue ON catalogue.id = aip_entries.std_field_id
            WHERE aip_entries.std_field_id IS NOT NULL AND (catalogue.id IS NULL OR aip_entries.std_field IS NOT catalogue.name)
                OR aip_entries.std_field_id IS NULL AND aip_entries.std_field IS NOT NULL
            """),
        InvariantRule(name: "aip_entries.std_field_id section", table: AIPEntries.table, column: AIPEntries.stdFieldID,
                      message: "belongs to another section than the row's", sql: """
            SELECT id FROM aip_entries WHERE std_field_id IS NOT NULL
                AND std_field_id / 100 <> CASE section WHEN 'admin' THEN 2 WHEN 'operational' THEN 3 WHEN 'handling' THEN 4 WHEN 'passenger' THEN 5 END
            """),
        InvariantRule(name: "aip_entries.source set", table: AIPEntries.table, column: AIPEntries.source,
                      message: "is NULL or empty (the UNIQUE key needs it)",
                      sql: "SELECT id FROM aip_entries WHERE source IS NULL OR source = ''"),
        // aip_entries has a foreign key to airports (checked by foreign_key_check); procedures has none.
        InvariantRule(name: "procedures.airport_icao exists", table: Procedures.table, column: Procedures.airportICAO,
                      message: "names no airport in airports",
                      sql: "SELECT id FROM procedures WHERE airport_icao NOT IN (SELECT icao_code FROM airports)"),
        InvariantRule(name: "procedures.procedure_type domain", table: Procedures.table, column: Procedures.procedureType,
                      message: "is not approach, departure or arrival (RZFlight reads anything else as approach)",
                      sql: "SELECT id FROM procedures WHERE procedure_type IS NULL OR procedure_type NOT IN ('approach', 'departure', 'arrival')"),
        InvariantRule(name: "procedures.approach_type domain", table: Procedures.table, column: Procedures.approachType,
                      message: "is set on a departure or arrival, or is not upper-case letters", sql: """
            SELECT id FROM procedures WHERE approach_type IS NOT NULL
                AND (procedure_type <> 'approach' OR approach_type = '' OR approach_type GLOB '*[^A-Z]*')
            """),
        InvariantRule(name: "procedures runway parts", table: Procedures.table, column: Procedures.runwayIdent,
                      message: "runway_number is not two digits 01–36, runway_letter not L/R/C, or runway_ident is not their concatenation", sql: """
            SELECT id FROM procedures WHERE runway_number IS NOT NULL
                AND (runway_number NOT GLOB '[0-3][0-9]' OR CAST(runway_number AS INTEGER) NOT BETWEEN 1 AND 36
                     OR runway_letter IS NOT NULL AND runway_letter NOT IN ('L', 'R', 'C')
                     OR runway_ident IS NOT runway_number || coalesce(runway_letter, ''))
                OR runway_number IS NULL AND (runway_ident IS NOT NULL OR runway_letter IS NOT NULL)
            """),
        InvariantRule(name: "procedures runway end", table: Procedures.table, column: Procedures.runwayIdent,
                      message: "names no runway end of an airport that has runways", sql: """
            SELECT id FROM procedures p WHERE runway_ident IS NOT NULL
                AND EXISTS (SELECT 1 FROM runways r WHERE r.airport_icao = p.airport_icao)
                AND NOT EXISTS (SELECT 1 FROM runways r WHERE r.airport_icao = p.airport_icao
                                AND (r.le_ident = p.runway_ident OR r.he_ident = p.runway_ident))
            """),
        // RZFlight keeps the first of an untyped and a typed approach to one runway as the "most precise".
        InvariantRule(name: "procedures typed approaches first", table: Procedures.table, column: Procedures.approachType,
                      message: "is an untyped approach stored before a typed approach of the same runway", sql: """
            SELECT u.id FROM procedures u WHERE u.procedure_type = 'approach' AND u.runway_ident IS NOT NULL
                AND coalesce(u.approach_type, '') NOT IN ('ILS', 'RNP', 'RNAV', 'VOR', 'NDB', 'LOC', 'LDA', 'SDF')
                AND EXISTS (SELECT 1 FROM procedures t WHERE t.airport_icao = u.airport_icao AND t.runway_ident = u.runway_ident
                            AND t.procedure_type = 'approach' AND t.approach_type IN ('ILS', 'RNP', 'RNAV', 'VOR', 'NDB', 'LOC', 'LDA', 'SDF')
                            AND t.rowid > u.rowid)
            """),
        InvariantRule(name: "border_crossing_points.icao_code airport", table: BorderCrossingPoints.table, column: BorderCrossingPoints.icaoCode,
                      message: "is not four upper-case letters naming an airport of the bundle", sql: """
            SELECT id FROM border_crossing_points
            WHERE icao_code NOT GLOB '[A-Z][A-Z][A-Z][A-Z]' OR icao_code NOT IN (SELECT icao_code FROM airports)
            """),
        InvariantRule(name: "border_crossing_points.country_iso shape", table: BorderCrossingPoints.table, column: BorderCrossingPoints.countryISO,
                      message: "is not two upper-case letters",
                      sql: "SELECT id FROM border_crossing_points WHERE country_iso NOT GLOB '[A-Z][A-Z]'"),
        InvariantRule(name: "border_crossing_points.matched_airport_icao", table: BorderCrossingPoints.table, column: BorderCrossingPoints.matchedAirportICAO,
                      message: "differs from icao_code",
                      sql: "SELECT id FROM border_crossing_points WHERE matched_airport_icao IS NOT NULL AND matched_airport_icao <> icao_code"),
        InvariantRule(name: "border_crossing_points.metadata_json", table: BorderCrossingPoints.table, column: BorderCrossingPoints.metadataJSON,
                      message: "is not a JSON object",
                      sql: "SELECT id FROM border_crossing_points WHERE metadata_json IS NOT NULL AND (NOT json_valid(metadata_json) OR json_type(metadata_json) <> 'object')"),
    ]
}
