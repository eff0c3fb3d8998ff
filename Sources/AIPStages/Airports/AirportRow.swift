/// One row of the `airports` table, as the stage decided it (timestamps are the bundle layer's).
public struct AirportRow: Sendable, Equatable {
    public var icaoCode: String
    public var name: String?
    public var type: String?
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    public var elevationFt: Double?
    public var continent: String?
    public var isoCountry: String?
    public var isoRegion: String?
    public var municipality: String?
    public var scheduledService: String?
    public var gpsCode: String?
    public var iataCode: String?
    public var localCode: String?
    public var homeLink: String?
    public var wikipediaLink: String?
    public var keywords: String?
    /// Source tags, sorted, written comma-separated (`worldairports,uk_eaip_html`).
    public var sources: [String]
}

/// One row of the `runways` table.
public struct RunwayRow: Sendable, Equatable {
    /// The OurAirports runway id, stable across releases.
    public var id: Int
    public var airportICAO: String
    public var leIdent: String?
    public var heIdent: String?
    public var lengthFt: Double?
    public var widthFt: Double?
    public var surface: String?
    public var lighted: Bool?
    public var closed: Bool?
    public var leLatitudeDeg: Double?
    public var leLongitudeDeg: Double?
    public var leElevationFt: Double?
    public var leHeadingDegT: Double?
    public var leDisplacedThresholdFt: Double?
    public var heLatitudeDeg: Double?
    public var heLongitudeDeg: Double?
    public var heElevationFt: Double?
    public var heHeadingDegT: Double?
    public var heDisplacedThresholdFt: Double?
}
