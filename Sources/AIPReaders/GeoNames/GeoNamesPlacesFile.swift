/// What a place dump gave: the rows the filter kept, where each kept id first appears, and the findings.
public struct GeoNamesPlacesFile: Sendable {
    /// The file as named in findings.
    public var fileName: String
    /// The file on disk relative to the source tree (the archive for a zip member), for the manifest.
    public var storedPath: String
    public var places: [GeoNamesPlace]
    /// For each geonameid of a row the filter kept: the line of its first such row. Only kept rows are tracked, so a
    /// 12-million-row `allCountries.txt` needs no map of the whole world.
    public var firstLines: [Int: Int]
    /// Rows rejected (unreadable, or in scope with a bad required field); fields cleared are on the places.
    public var findings: [Finding]
    /// Data lines read, malformed ones included.
    public var rowCount: Int
    /// Bytes read (decompressed).
    public var byteCount: Int

    public init(fileName: String, storedPath: String, places: [GeoNamesPlace], firstLines: [Int: Int], findings: [Finding],
                rowCount: Int, byteCount: Int) {
        self.fileName = fileName
        self.storedPath = storedPath
        self.places = places
        self.firstLines = firstLines
        self.findings = findings
        self.rowCount = rowCount
        self.byteCount = byteCount
    }
}

/// What the include filter of ``GeoNamesReader/readPlaces(_:include:)`` decides on, read from the raw bytes before
/// anything else is decoded.
public struct GeoNamesPlaceKey: Sendable {
    /// The feature class field as written (`P`), possibly empty or invalid.
    public var featureClass: String
    /// The country code field as written (`DE`), possibly empty or invalid.
    public var countryCode: String
    /// The population field as an integer; nil when it is not one (the row is then rejected if kept).
    public var population: Int?

    public init(featureClass: String, countryCode: String, population: Int?) {
        self.featureClass = featureClass
        self.countryCode = countryCode
        self.population = population
    }
}
