/// One row of OurAirports `airports.csv`, typed. Empty text fields are nil.
public struct OurAirportsAirport: Sendable, Equatable {
    /// OurAirports' own numeric id; `runways.csv` points at it through `airport_ref`.
    public var id: Int
    public var ident: String
    public var type: String
    public var name: String?
    /// The ICAO code: the first of `icao_code`, `gps_code`, `ident` that is exactly four upper-case letters; nil when none.
    public var resolvedICAO: String?
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    /// Elevation in feet; nil when unknown.
    public var elevationFt: Double?
    public var continent: String?
    public var isoCountry: String?
    public var isoRegion: String?
    public var municipality: String?
    public var scheduledService: String?
    /// The `icao_code` column (current layout only; often empty).
    public var icaoCode: String?
    public var gpsCode: String?
    public var iataCode: String?
    public var localCode: String?
    public var homeLink: String?
    public var wikipediaLink: String?
    public var keywords: String?
    /// Line in the file, for findings about this airport made later (duplicates).
    public var line: Int
    /// Problems with single fields that were set to nil.
    public var findings: [Finding] = []
}

/// What decides whether an airport row is worth decoding at all: its resolved ICAO code and type.
public struct OurAirportsAirportKey: Sendable {
    public var resolvedICAO: String?
    public var type: String
}

/// Everything read from `airports.csv`.
public struct OurAirportsAirportsFile: Sendable {
    /// The file as named in findings.
    public var fileName: String
    /// The rows the caller asked for, well-formed, in file order.
    public var airports: [OurAirportsAirport]
    /// The line of the first row with each id in the file, asked for or not: a runway of an out-of-scope airport can
    /// be told apart from a runway pointing at nothing, and an in-scope row that repeats the id of an earlier row
    /// (in scope or not) from the row that owns it.
    public var firstLines: [Int: Int]
    /// Rows rejected, and fields cleared in the rows kept.
    public var findings: [Finding]
    /// Data rows in the file.
    public var rowCount: Int
    /// Bytes parsed (decompressed).
    public var byteCount: Int
}
