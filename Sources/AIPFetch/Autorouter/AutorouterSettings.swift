import Foundation

/// A source of AD 2 chapters and chart lists through the autorouter API (docs/fetch.md, "The autorouter source"):
/// `pipeline.json` `fetch.sources.autorouter`, every key optional.
public struct AutorouterSettings: Sendable, Equatable, Decodable {
    public static let defaultAPI = "https://api.autorouter.aero/v1.0"
    /// OurAirports types asked for by default: the aerodromes a chapter exists for (heliports, seaplane bases and
    /// closed fields have none).
    public static let defaultTypes = ["large_airport", "medium_airport", "small_airport"]
    /// The keys that make a source definition an autorouter source.
    static let keys: Set<String> = ["api", "countries", "types", "airports", "credentials"]

    /// The API's base URL, without a final slash.
    public var api = defaultAPI
    /// ISO 3166 codes of the states asked for; nil for every aerodrome `build` keeps (the `airports` section).
    public var countries: [String]?
    /// OurAirports types asked for.
    public var types = defaultTypes
    /// ICAO codes: only these (of those the other keys select).
    public var airports: [String]?
    /// A JSON file (`{"client_id": …, "client_secret": …}`, mode 0600) used when the environment has no credentials.
    public var credentials: String?
    /// Where the chapters and `charts.json` go.
    public var folder = "aip-pdf/autorouter"

    public init() {}

    enum CodingKeys: String, CodingKey { case api, countries, types, airports, credentials }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        api = try container.decodeIfPresent(String.self, forKey: .api).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? api
        countries = try container.decodeIfPresent([String].self, forKey: .countries)?.map { $0.uppercased() }
        types = try container.decodeIfPresent([String].self, forKey: .types) ?? types
        airports = try container.decodeIfPresent([String].self, forKey: .airports)?.map { $0.uppercased() }
        credentials = try container.decodeIfPresent(String.self, forKey: .credentials)
    }

    /// Whether the aerodrome is asked for, of those `build` keeps.
    func selects(_ aerodrome: FetchAerodrome) -> Bool {
        (countries.map { $0.contains(aerodrome.country ?? "") } ?? true) && types.contains(aerodrome.type)
            && (airports.map { $0.contains(aerodrome.icao) } ?? true)
    }
}

/// An aerodrome a source may be asked about: one `build` keeps from OurAirports' `airports.csv` (read by the command,
/// which knows the readers and the build's scope; fetch does not link them).
public struct FetchAerodrome: Sendable, Equatable {
    public var icao: String
    /// ISO 3166 code, as OurAirports gives it.
    public var country: String?
    /// OurAirports' type (`small_airport`, …).
    public var type: String

    public init(icao: String, country: String?, type: String) {
        self.icao = icao
        self.country = country
        self.type = type
    }
}
