/// One country of GeoNames' `countryInfo.txt`.
public struct GeoNamesCountry: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper-case (`DE`).
    public var isoCode: String
    /// English name (`Germany`).
    public var name: String
    /// Two-letter continent code: `EU`, `AS`, `AF`, `NA`, `SA`, `OC`, `AN`.
    public var continent: String

    public init(isoCode: String, name: String, continent: String) {
        self.isoCode = isoCode
        self.name = name
        self.continent = continent
    }
}
