/// One row of `european_cities.db`'s `cities` table, with the names its `city_names` rows are made of.
public struct CityRow: Sendable, Equatable {
    /// GeoNames' id: the primary key, stable across releases.
    public var geonameid: Int
    public var name: String
    public var asciiName: String?
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    /// ISO 3166-1 alpha-2, upper-case.
    public var countryCode: String
    public var admin1Code: String?
    public var featureCode: String?
    public var population: Int
    /// Comma-separated as in GeoNames, with the ASCII spelling of each accented name added after the others; nil when
    /// there is none.
    public var alternateNames: String?
    /// Every name of the place folded (``NameFolding/folded(_:)``), each once, sorted: its `city_names` rows.
    public var lookupNames: [String]

    public init(geonameid: Int, name: String, asciiName: String?, latitudeDeg: Double, longitudeDeg: Double, countryCode: String,
                admin1Code: String?, featureCode: String?, population: Int, alternateNames: String?, lookupNames: [String]) {
        self.geonameid = geonameid
        self.name = name
        self.asciiName = asciiName
        self.latitudeDeg = latitudeDeg
        self.longitudeDeg = longitudeDeg
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.featureCode = featureCode
        self.population = population
        self.alternateNames = alternateNames
        self.lookupNames = lookupNames
    }
}
