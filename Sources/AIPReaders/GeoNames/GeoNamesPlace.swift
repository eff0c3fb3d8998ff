/// One row of a GeoNames place dump (`citiesNNN.txt`, `allCountries.txt`), with the columns the cities stage uses.
public struct GeoNamesPlace: Sendable, Equatable {
    /// GeoNames' own id: stable across releases, so it is the row's key in `european_cities.db`.
    public var geonameid: Int
    /// The name in its local spelling (`München` is stored as `Munich` by GeoNames: the most common English name).
    public var name: String
    /// `name` in plain ASCII (`Malmo` for `Malmö`); nil when empty.
    public var asciiName: String?
    /// The `alternatenames` column split at its commas, empty names left out, in file order.
    ///
    /// Split at the comma byte, as the format says, not at the comma *character*: a name that starts with a mark (a
    /// Sinhala vowel sign in cities500) would otherwise stay glued to the name before it, and walking a whole dump's
    /// columns by character cost more than folding their names.
    public var alternateNames: [String] {
        // Split as a buffer of bytes: the string's UTF-8 view cost three times as much per name.
        var column = alternateNamesColumn
        return column.withUTF8 { bytes in
            bytes.split(separator: UInt8(ascii: ",")).map { String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self) }
        }
    }
    /// The `alternatenames` column as read: one string per place, split only when its row is built (a place's thirty
    /// names as an array of strings cost a whole cities500 read some 15 MB more at the build's peak).
    public var alternateNamesColumn: String
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

    public init(geonameid: Int, name: String, asciiName: String?, alternateNamesColumn: String, latitudeDeg: Double,
                longitudeDeg: Double, featureClass: String, featureCode: String?, countryCode: String, admin1Code: String?,
                population: Int, line: Int, findings: [Finding] = []) {
        self.geonameid = geonameid
        self.name = name
        self.asciiName = asciiName
        self.alternateNamesColumn = alternateNamesColumn
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
