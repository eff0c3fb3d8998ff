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
        try JSONDecoder().decode(PipelineSettings.self, from: data)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case airports
    }
}
