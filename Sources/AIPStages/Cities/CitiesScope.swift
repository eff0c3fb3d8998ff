import AIPPipeline
import AIPReaders

/// Which GeoNames places belong in `european_cities.db`: the `cities` section of `pipeline.json`.
///
/// Defaults: populated places (feature class `P`) of every country whose continent is `EU` in `countryInfo.txt`,
/// with at least 1,000 inhabitants (the app was designed around "more than 1,000"). `extra_countries` adds
/// countries by ISO code (Cyprus and Turkey are `AS` in GeoNames; the Canary Islands are part of `ES`).
public struct CitiesScope: StageSettings, Equatable {
    /// Continent codes of `countryInfo.txt` whose countries are in scope.
    public var continents: [String]
    /// ISO 3166-1 alpha-2 codes in scope whatever their continent.
    public var extraCountries: [String]
    /// Places with fewer inhabitants are left out.
    public var minPopulation: Int
    /// Whether names GeoNames marks historic (`alternateNamesV2.txt` `isHistoric`) are searchable too.
    public var includeHistoricNames: Bool

    public static let defaultContinents = ["EU"]
    public static let defaultMinPopulation = 1_000

    public init() {
        self.init(continents: Self.defaultContinents, extraCountries: [], minPopulation: Self.defaultMinPopulation)
    }

    public init(continents: [String] = defaultContinents, extraCountries: [String], minPopulation: Int = defaultMinPopulation,
                includeHistoricNames: Bool = false) {
        self.continents = continents
        self.extraCountries = extraCountries
        self.minPopulation = minPopulation
        self.includeHistoricNames = includeHistoricNames
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        continents = try container.decodeIfPresent([String].self, forKey: .continents) ?? Self.defaultContinents
        extraCountries = try container.decodeIfPresent([String].self, forKey: .extraCountries) ?? []
        minPopulation = try container.decodeIfPresent(Int.self, forKey: .minPopulation) ?? Self.defaultMinPopulation
        includeHistoricNames = try container.decodeIfPresent(Bool.self, forKey: .includeHistoricNames) ?? false
        // A typo here would silently drop a country or every city; say which value is wrong instead.
        for code in extraCountries where !(code.utf8.count == 2 && code.utf8.allSatisfy { $0 &- UInt8(ascii: "A") < 26 }) {
            throw DecodingError.dataCorruptedError(forKey: .extraCountries, in: container,
                                                   debugDescription: "\"\(code)\" is not an ISO 3166 alpha-2 code (two upper-case letters)")
        }
        guard minPopulation >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .minPopulation, in: container, debugDescription: "must be 0 or more")
        }
    }

    /// The countries in scope: those of `countries` on one of ``continents``, and ``extraCountries``.
    public func countries(from countries: [GeoNamesCountry]) -> Set<String> {
        Set(countries.filter { continents.contains($0.continent) }.map(\.isoCode)).union(extraCountries)
    }

    public static let knownKeys: Set<String> = Set([CodingKeys.continents, .extraCountries, .minPopulation, .includeHistoricNames].map(\.rawValue))

    private enum CodingKeys: String, CodingKey {
        case continents
        case extraCountries = "extra_countries"
        case minPopulation = "min_population"
        case includeHistoricNames = "include_historic_names"
    }
}
