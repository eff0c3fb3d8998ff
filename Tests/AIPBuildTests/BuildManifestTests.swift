@testable import AIPBuild
import AIPBundleKit
import AIPManifest
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct BuildManifestTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/sha256sum"), "needs /usr/bin/sha256sum for an independent hash"))
    func theManifestDescribesThePublishedFilesAndTheInputs() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let out = temporary.url.appendingPathComponent("out")
        try await build(sources, into: out)
        let manifest = try Manifest(contentsOf: out.appendingPathComponent("manifest.json"))
        #expect(manifest.bundleVersion == "test" && manifest.airac.cycle == "2612" && manifest.airac.effectiveDate == "2026-11-26")
        #expect(manifest.builder.version == BundleBuilder.builderVersion)
        #expect(manifest.files.keys.sorted() == ["airports.db", "european_cities.db", "ga_notifications.db", "rules.json"])
        let cities = try #require(manifest.files["european_cities.db"])
        #expect(cities.tables?["cities"] == 315 && cities.tables?["city_names"] == 5918 && cities.schemaVersion == 1)
        let database = try #require(manifest.files["airports.db"])
        let published = out.appendingPathComponent("airports.db")
        #expect(database.sha256 == (try sha256sum(published)))
        #expect(database.bytes == (try Data(contentsOf: published).count))
        #expect(database.tables?["airports"] == 2 && database.tables?["runways"] == 3 && database.schemaVersion == 1)
        #expect(manifest.inputs.map(\.path) == ["geonames/alternateNamesV2.txt", "geonames/cities15000.txt", "geonames/countryInfo.txt", "ourairports/airports.csv", "ourairports/runways.csv",
                                                "rules/answers/DE.csv", "rules/answers/FR.csv", "rules/answers/GB.xlsx", "rules/definitions.csv"])
        for input in manifest.inputs {
            #expect(input.sha256 == (try sha256sum(sources.appendingPathComponent(input.path))), "\(input.path)")
        }
    }

    @Test func theIdCounterIsCarriedOverWhenTheHighestRowGoesAway() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "full"), into: out)
        func runwaysSequence() throws -> Int? {
            try DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read {
                try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'runways'")
            }
        }
        #expect(try runwaysSequence() == 234529)
        // EHRD's runway 234529, the highest id, is removed: a device applying the delta keeps its counter at 234529,
        // and so must the build, or the two logical hashes differ and no id is safe from reuse.
        let cut = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(Array(SampleCSV.runwayRows.prefix(2))), name: "cut")
        try await build(cut, into: out, allowShrink: true)
        #expect(try count("runways", in: out) == 2)
        #expect(try runwaysSequence() == 234529)
    }

    @Test func checkFindsAFileAlteredAfterTheBuild() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways()), into: out)
        #expect(try BundleChecker.check(out).isEmpty)
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).write {
            try $0.execute(sql: "UPDATE airports SET elevation_ft = 1000 WHERE icao_code = 'EBOS'")
        }
        let findings = try BundleChecker.check(out).map(\.description)
        #expect(findings.count == 1 && findings[0].hasPrefix("airports.db: bytes differ from manifest.json"), "\(findings)")
    }
}
