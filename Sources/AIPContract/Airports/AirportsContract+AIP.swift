/// The tables filled from eAIP pages, AIP chapters and border crossing lists: rows without a stable id in their
/// source, so each declares the ``NaturalKey`` its ids carry over by.
extension AirportsContract {
    /// `procedures`: instrument procedures (approaches, departures, arrivals) by airport.
    public enum Procedures {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO.notNull
        public static let name = ColumnSchema.text("name")
        /// `approach`, `departure` or `arrival`.
        public static let procedureType = ColumnSchema.text("procedure_type")
        public static let approachType = ColumnSchema.text("approach_type")
        public static let runwayIdent = ColumnSchema.text("runway_ident")
        public static let runwayLetter = ColumnSchema.text("runway_letter")
        public static let runwayNumber = ColumnSchema.text("runway_number")
        public static let source = SharedColumns.source
        public static let authority = ColumnSchema.text("authority")
        public static let rawName = ColumnSchema.text("raw_name")
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(
            name: "procedures",
            columns: [
                id, airportICAO, name, procedureType, approachType, runwayIdent, runwayLetter, runwayNumber, source, authority,
                rawName, createdAt, updatedAt,
            ],
            indexes: [.on(airportICAO, name: "idx_procedures_airport")])

        /// Airport, name, procedure type: one procedure whichever source lists it.
        public static let naturalKey = NaturalKey(file: fileName, table: table, columns: [airportICAO, name, procedureType])
    }

    /// `aip_entries`: one row per item of an AD 2.2–2.5 section, per airport and source.
    public enum AIPEntries {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO
        /// `admin`, `operational`, `handling` or `passenger`.
        public static let section = ColumnSchema.text("section")
        public static let field = ColumnSchema.text("field")
        public static let value = ColumnSchema.text("value")
        public static let stdField = ColumnSchema.text("std_field")
        /// Section number × 100 + item number (302 = Customs and immigration).
        public static let stdFieldID = ColumnSchema.integer("std_field_id")
        public static let mappingScore = ColumnSchema.real("mapping_score")
        public static let altField = ColumnSchema.text("alt_field")
        public static let altValue = ColumnSchema.text("alt_value")
        public static let source = SharedColumns.source
        public static let sourcePriority = ColumnSchema.integer("source_priority").defaults("0")
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        /// Airport, section, field, source: the table's UNIQUE constraint, and the key its ids carry over by.
        static let keyColumns = [airportICAO, section, field, source]

        public static let table = TableSchema(
            name: "aip_entries",
            columns: [
                id, airportICAO, section, field, value, stdField, stdFieldID, mappingScore, altField, altValue, source,
                sourcePriority, createdAt, updatedAt,
            ],
            foreignKeys: [airportForeignKey],
            uniques: [keyColumns],
            indexes: [.on(airportICAO, section, name: "idx_aip_entries_airport_section")])

        public static let naturalKey = NaturalKey(file: fileName, table: table, columns: keyColumns)
    }

    /// `border_crossing_points`: airports where a flight may cross a border (customs), per country list.
    public enum BorderCrossingPoints {
        public static let id = SharedColumns.id
        public static let icaoCode = ColumnSchema.text("icao_code").notNull
        public static let countryISO = ColumnSchema.text("country_iso").notNull
        public static let airportName = ColumnSchema.text("airport_name").notNull
        public static let isAirport = ColumnSchema.integer("is_airport")
        public static let source = SharedColumns.source.notNull
        public static let extractionMethod = ColumnSchema.text("extraction_method")
        public static let metadataJSON = ColumnSchema.text("metadata_json")
        public static let matchedAirportICAO = ColumnSchema.text("matched_airport_icao")
        public static let matchScore = ColumnSchema.real("match_score")
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        /// ICAO code, country: the table's UNIQUE constraint, and the key its ids carry over by.
        static let keyColumns = [icaoCode, countryISO]

        public static let table = TableSchema(
            name: "border_crossing_points",
            columns: [
                id, icaoCode, countryISO, airportName, isAirport, source, extractionMethod, metadataJSON, matchedAirportICAO,
                matchScore, createdAt, updatedAt,
            ],
            foreignKeys: [.column(matchedAirportICAO, references: Airports.table, Airports.icaoCode)],
            uniques: [keyColumns],
            indexes: [
                .on(matchedAirportICAO, name: "idx_border_crossing_matched_airport"),
                .on(countryISO, name: "idx_border_crossing_country"),
                .on(source, name: "idx_border_crossing_source"),
            ])

        public static let naturalKey = NaturalKey(file: fileName, table: table, columns: keyColumns)
    }
}
