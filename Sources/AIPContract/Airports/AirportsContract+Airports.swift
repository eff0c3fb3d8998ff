extension AirportsContract {
    /// `airports`: one row per aerodrome, keyed by its ICAO code.
    public enum Airports {
        public static let icaoCode = ColumnSchema.text("icao_code").notNull
        public static let name = ColumnSchema.text("name")
        public static let type = ColumnSchema.text("type")
        public static let latitudeDeg = ColumnSchema.real("latitude_deg").within(PhysicalRange.latitude)
        public static let longitudeDeg = ColumnSchema.real("longitude_deg").within(PhysicalRange.longitude)
        public static let elevationFt = ColumnSchema.real("elevation_ft").within(PhysicalRange.elevationFt)
        public static let continent = ColumnSchema.text("continent")
        public static let isoCountry = ColumnSchema.text("iso_country")
        public static let isoRegion = ColumnSchema.text("iso_region")
        public static let municipality = ColumnSchema.text("municipality")
        public static let scheduledService = ColumnSchema.text("scheduled_service")
        public static let gpsCode = ColumnSchema.text("gps_code")
        public static let iataCode = ColumnSchema.text("iata_code")
        public static let localCode = ColumnSchema.text("local_code")
        public static let homeLink = ColumnSchema.text("home_link")
        public static let wikipediaLink = ColumnSchema.text("wikipedia_link")
        public static let keywords = ColumnSchema.text("keywords")
        /// Source tags, sorted, comma-separated, no spaces (`worldairports,uk_eaip_html`).
        public static let sources = ColumnSchema.text("sources")
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(
            name: "airports",
            columns: [
                icaoCode, name, type, latitudeDeg, longitudeDeg, elevationFt, continent, isoCountry, isoRegion, municipality,
                scheduledService, gpsCode, iataCode, localCode, homeLink, wikipediaLink, keywords, sources, createdAt, updatedAt,
            ],
            primaryKey: [icaoCode])
    }

    /// `runways`: one row per runway, its id the OurAirports runway id.
    public enum Runways {
        public static let id = SharedColumns.id
        public static let airportICAO = SharedColumns.airportICAO.notNull
        public static let leIdent = ColumnSchema.text("le_ident")
        public static let heIdent = ColumnSchema.text("he_ident")
        public static let lengthFt = ColumnSchema.real("length_ft").within(PhysicalRange.runwayLengthFt)
        public static let widthFt = ColumnSchema.real("width_ft").within(PhysicalRange.runwayWidthFt)
        public static let surface = ColumnSchema.text("surface")
        public static let lighted = ColumnSchema.integer("lighted")
        public static let closed = ColumnSchema.integer("closed")
        public static let leLatitudeDeg = ColumnSchema.real("le_latitude_deg").within(PhysicalRange.latitude)
        public static let leLongitudeDeg = ColumnSchema.real("le_longitude_deg").within(PhysicalRange.longitude)
        public static let leElevationFt = ColumnSchema.real("le_elevation_ft").within(PhysicalRange.elevationFt)
        public static let leHeadingDegT = ColumnSchema.real("le_heading_degT").within(PhysicalRange.headingDeg)
        public static let leDisplacedThresholdFt = ColumnSchema.real("le_displaced_threshold_ft").within(PhysicalRange.runwayLengthFt)
        public static let heLatitudeDeg = ColumnSchema.real("he_latitude_deg").within(PhysicalRange.latitude)
        public static let heLongitudeDeg = ColumnSchema.real("he_longitude_deg").within(PhysicalRange.longitude)
        public static let heElevationFt = ColumnSchema.real("he_elevation_ft").within(PhysicalRange.elevationFt)
        public static let heHeadingDegT = ColumnSchema.real("he_heading_degT").within(PhysicalRange.headingDeg)
        public static let heDisplacedThresholdFt = ColumnSchema.real("he_displaced_threshold_ft").within(PhysicalRange.runwayLengthFt)
        public static let createdAt = SharedColumns.createdAt
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(
            name: "runways",
            columns: [
                id, airportICAO, leIdent, heIdent, lengthFt, widthFt, surface, lighted, closed,
                leLatitudeDeg, leLongitudeDeg, leElevationFt, leHeadingDegT, leDisplacedThresholdFt,
                heLatitudeDeg, heLongitudeDeg, heElevationFt, heHeadingDegT, heDisplacedThresholdFt, createdAt, updatedAt,
            ],
            indexes: [.on(airportICAO, name: "idx_runways_airport")])
    }
}
