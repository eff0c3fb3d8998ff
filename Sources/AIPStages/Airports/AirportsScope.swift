import AIPPipeline

/// Which OurAirports rows belong in the bundle: the `airports` section of `pipeline.json`.
///
/// Defaults: airports whose ICAO code starts with E, L (Europe), BI (Iceland), BK (Kosovo), GC (Canary
/// Islands) or UK (Ukraine), except heliports and closed airports: the area and airfields the app serves.
public struct AirportsScope: StageSettings, Equatable {
    public var icaoPrefixes: [String]
    public var excludedTypes: [String]

    public static let defaultICAOPrefixes = ["E", "L", "BI", "BK", "GC", "UK"]
    public static let defaultExcludedTypes = ["heliport", "closed"]

    /// The defaults: what the app serves.
    public init() {
        self.init(icaoPrefixes: Self.defaultICAOPrefixes, excludedTypes: Self.defaultExcludedTypes)
    }

    public init(icaoPrefixes: [String], excludedTypes: [String] = defaultExcludedTypes) {
        self.icaoPrefixes = icaoPrefixes
        self.excludedTypes = excludedTypes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        icaoPrefixes = try container.decodeIfPresent([String].self, forKey: .icaoPrefixes) ?? Self.defaultICAOPrefixes
        excludedTypes = try container.decodeIfPresent([String].self, forKey: .excludedTypes) ?? Self.defaultExcludedTypes
    }

    /// True for an airport with this resolved ICAO code and type. No ICAO code, no place in the bundle:
    /// `airports.icao_code` is the primary key every reader looks airports up by.
    public func includes(icao: String?, type: String) -> Bool {
        guard let icao else { return false }
        return icaoPrefixes.contains { icao.hasPrefix($0) } && !excludedTypes.contains(type)
    }

    public static let knownKeys: Set<String> = [CodingKeys.icaoPrefixes.rawValue, CodingKeys.excludedTypes.rawValue]

    private enum CodingKeys: String, CodingKey {
        case icaoPrefixes = "icao_prefixes"
        case excludedTypes = "excluded_types"
    }
}
