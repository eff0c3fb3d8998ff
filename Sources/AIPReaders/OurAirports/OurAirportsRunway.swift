/// One row of OurAirports `runways.csv`, typed. Empty or invalid fields are nil (invalid ones with a finding).
///
/// Lengths, widths, elevations and displaced thresholds are in feet; headings in degrees true.
public struct OurAirportsRunway: Sendable, Equatable {
    /// OurAirports' runway id: stable across releases, so it is the row id in `airports.db`.
    public var id: Int
    /// The `id` of the airport in `airports.csv`.
    public var airportRef: Int
    public var airportIdent: String?
    public var lengthFt: Double?
    public var widthFt: Double?
    /// Free text as published (ASP, asphalt, CON, GRS, Grass, UNK, …).
    public var surface: String?
    public var lighted: Bool?
    public var closed: Bool?
    public var leIdent: String?
    public var leLatitudeDeg: Double?
    public var leLongitudeDeg: Double?
    public var leElevationFt: Double?
    public var leHeadingDegT: Double?
    public var leDisplacedThresholdFt: Double?
    public var heIdent: String?
    public var heLatitudeDeg: Double?
    public var heLongitudeDeg: Double?
    public var heElevationFt: Double?
    public var heHeadingDegT: Double?
    public var heDisplacedThresholdFt: Double?
    public var line: Int
    /// Problems with single fields that were set to nil. Kept with the runway so a stage reports them only
    /// for the runways it keeps.
    public var findings: [Finding] = []
}

/// Everything read from `runways.csv`.
public struct OurAirportsRunwaysFile: Sendable {
    /// The file as named in findings.
    public var fileName: String
    public var runways: [OurAirportsRunway]
    /// Rows rejected (bad id or airport_ref, broken quoting, wrong field count).
    public var findings: [Finding]
    public var rowCount: Int
    public var byteCount: Int
}
