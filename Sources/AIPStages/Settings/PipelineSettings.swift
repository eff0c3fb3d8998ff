import Foundation

/// The optional `pipeline.json` of a source tree: settings that change what a build produces.
///
/// Every key is optional; a missing one keeps its default. For example:
/// ```json
/// { "airports": { "icao_prefixes": ["E", "L"], "excluded_types": ["heliport", "closed", "balloonport"] } }
/// ```
public struct PipelineSettings: Sendable, Equatable, Decodable {
    public var airports: AirportsScope

    public init(airports: AirportsScope = AirportsScope()) {
        self.airports = airports
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        airports = try container.decodeIfPresent(AirportsScope.self, forKey: .airports) ?? AirportsScope()
    }

    /// Decodes `pipeline.json` bytes; unknown keys are an error, so a typo does not silently keep a default.
    public static func decode(_ data: Data) throws -> PipelineSettings {
        let settings = try JSONDecoder().decode(PipelineSettings.self, from: data)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        try rejectUnknownKeys(object, allowed: knownKeys.keys, at: "")
        for (section, keys) in knownKeys {
            if let nested = object[section] as? [String: Any] { try rejectUnknownKeys(nested, allowed: keys, at: section + ".") }
        }
        return settings
    }

    /// Every key pipeline.json may hold, by section.
    static let knownKeys: [String: Set<String>] = ["airports": AirportsScope.knownKeys]

    private static func rejectUnknownKeys(_ object: [String: Any], allowed: some Sequence<String>, at path: String) throws {
        let allowed = Set(allowed)
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "unknown setting \"\(path)\(unknown)\"; known: \(allowed.sorted().map { path + $0 }.joined(separator: ", "))"))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case airports
    }
}
