import AIPPipeline
import AIPStages
import Foundation
import Testing

@Suite struct SettingsFileTests {
    func file(_ json: String) throws -> SettingsFile {
        try SettingsFile(data: Data(json.utf8), name: "pipeline.json", sections: ["airports", "build"])
    }

    func message(_ json: String) -> String {
        do {
            _ = try file(json).decode(AirportsScope.self, section: "airports")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func aMissingSectionOrKeyKeepsTheDefaults() throws {
        #expect(try file("{}").decode(AirportsScope.self, section: "airports") == AirportsScope())
        let scope = try file(#"{"airports": {"icao_prefixes": ["EB"]}}"#).decode(AirportsScope.self, section: "airports")
        #expect(scope.icaoPrefixes == ["EB"] && scope.excludedTypes == AirportsScope.defaultExcludedTypes)
    }

    @Test func nullIsAnErrorNotTheDefault() {
        #expect(message(#"{"airports": {"icao_prefixes": null}}"#)
                == #"pipeline.json: "airports.icao_prefixes" is null; remove the key to use the default, or give a value"#)
        #expect(message(#"{"airports": {"excluded_types": ["heliport", null]}}"#).contains(#""airports.excluded_types[1]" is null"#))
    }

    @Test func aWrongTypeNamesTheKeyAndWhatWasExpected() {
        #expect(message(#"{"airports": {"icao_prefixes": "E"}}"#) == #"pipeline.json: "airports.icao_prefixes" must be a list"#)
        #expect(message(#"{"airports": {"icao_prefixes": ["E", 5]}}"#) == #"pipeline.json: "airports.icao_prefixes[1]" must be a string"#)
    }

    @Test func unknownKeysAndSectionsAreErrors() {
        #expect(message(#"{"airports": {"icao_prefix": ["K"]}}"#).hasPrefix(#"pipeline.json: unknown setting "airports.icao_prefix"; known: "#))
        #expect(message(#"{"airport": {}}"#).hasPrefix(#"pipeline.json: unknown section "airport"; known: airports, build"#))
        #expect(message(#"{"airports": []}"#) == #"pipeline.json: "airports" must be an object of settings, not a list"#)
        #expect(message("{not json").hasPrefix("pipeline.json is not valid JSON"))
    }
}
