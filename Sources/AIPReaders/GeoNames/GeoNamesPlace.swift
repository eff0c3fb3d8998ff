/// One row of a GeoNames place dump (`citiesNNN.txt`, `allCountries.txt`), with the columns the cities stage uses.
public struct GeoNamesPlace: Sendable, Equatable {
    /// GeoNames' own id: stable across releases, so it is the row's key in `european_cities.db`.
    public var geonameid: Int
    /// The name in its local spelling (`München` is stored as `Munich` by GeoNames: the most common English name).
    public var name: String
    /// `name` in plain ASCII (`Malmo` for `Malmö`); nil when empty.
    public var asciiName: String?
    /// The `alternatenames` column split at its commas, empty names left out, in file order.
    public var alternateNames: [String]
    /// Degrees north, -90…90.
    public var latitudeDeg: Double
    /// Degrees east, -180…180.
    public var longitudeDeg: Double
    /// One letter: `P` for populated places, `A` for administrative areas, …
    public var featureClass: String
    /// e.g. `PPL`, `PPLA`, `PPLC` (capital); nil when empty.
    public var featureCode: String?
    /// ISO 3166-1 alpha-2, upper-case.
    public var countryCode: String
    /// The first-level administrative division (a FIPS or ISO code, text with leading zeros); nil when empty.
    public var admin1Code: String?
    /// Inhabitants, 0 when unknown, at most 2³¹ − 1 (the app reads it as a 32-bit integer).
    public var population: Int
    /// 1-based line in the file.
    public var line: Int
    /// Fields cleared while reading the row.
    public var findings: [Finding] = []

    public init(geonameid: Int, name: String, asciiName: String?, alternateNames: [String], latitudeDeg: Double,
                longitudeDeg: Double, featureClass: String, featureCode: String?, countryCode: String, admin1Code: String?,
                population: Int, line: Int, findings: [Finding] = []) {
        self.geonameid = geonameid
        self.name = name
        self.asciiName = asciiName
        self.alternateNames = alternateNames
        self.latitudeDeg = latitudeDeg
        self.longitudeDeg = longitudeDeg
        self.featureClass = featureClass
        self.featureCode = featureCode
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.population = population
        self.line = line
        self.findings = findings
    }
}

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

/// The records read from `countryInfo.txt` or `alternateNamesV2.txt`, with what the report needs.
public struct GeoNamesRecords<Record: Sendable>: Sendable {
    public var fileName: String
    /// The file on disk relative to the source tree (the archive for a zip member), for the manifest.
    public var storedPath: String
    public var records: [Record]
    /// Rows rejected.
    public var findings: [Finding]
    /// Data lines read, malformed ones included.
    public var rowCount: Int
    /// Bytes read (decompressed).
    public var byteCount: Int
}
