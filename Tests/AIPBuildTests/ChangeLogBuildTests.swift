@testable import AIPBuild
import AIPBundleKit
import AIPPipeline
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// The change log through a whole build: `--previous`, the bundle already in `--out`, `--only`, the report.
@Suite struct ChangeLogBuildTests {
    static let nextCycle = BuildStamp(version: "2613", airac: AIRACCycle(effectiveDate: "2026-12-24")!, timestamp: "2026-12-24T00:00:00")

    /// EBOS's grass runway gets longer, EHRD's runway goes, EBAW and its runway come.
    static func changedSources(in temporary: TemporaryFolder) throws -> URL {
        let airports = SampleCSV.airportRows + [#"9,"EBAW","small_airport","Antwerp",51.19,4.46,39,"EU","BE",,,,"EBAW",,,,,,"#]
        var runways = SampleCSV.runwayRows.filter { !$0.hasPrefix("234529,") }
        runways[1] = runways[1].replacingOccurrences(of: #"233629,2163,"EBOS",2057,"#, with: #"233629,2163,"EBOS",2100,"#)
        runways.append(#"300001,9,"EBAW",1200,60,"GRS",0,0,"11",,,,,,"29",,,,,"#)
        return try temporary.sourceTree(airports: SampleCSV.airports(airports), runways: SampleCSV.runways(runways), name: "changed")
    }

    func build(_ sources: URL, into out: URL, stamp: BuildStamp, previous: URL? = nil, only: String? = nil) async throws -> [StageResult] {
        try await BundleBuilder.build(BuildOptions(sources: sources, out: out, stages: StageRegistry.select(only), stamp: stamp,
                                                   previous: previous, allowShrink: true)).stages
    }

    func rows(_ sql: String, in out: URL) throws -> [[String?]] {
        try DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                row.databaseValues.map { value in
                    switch value.storage {
                    case .null: nil
                    case .int64(let integer): String(integer)
                    case .double(let double): String(double)
                    case .string(let text): text
                    case .blob: "blob"
                    }
                }
            }
        }
    }

    @Test func aFirstBuildHasEmptyChangeTablesAndNoChangeCounts() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        let results = try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways()), into: out, stamp: stamp)
        for table in ["airports_changes", "runways_changes", "procedures_changes", "aip_entries_changes", "border_crossing_points_changes", "waypoints_changes"] {
            #expect(try rows("SELECT count(*) FROM \(table)", in: out) == [["0"]], "\(table)")
        }
        #expect(results[0].report.counts["changes"] == nil)
        #expect(try BundleChecker.check(out).isEmpty)
    }

    @Test func theNextCycleLogsItsChangesAndReportsThemPerTableAndCountry() async throws {
        let temporary = try TemporaryFolder()
        let released = temporary.url.appendingPathComponent("released")
        _ = try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways()), into: released, stamp: stamp)
        let out = temporary.url.appendingPathComponent("out")
        let results = try await build(Self.changedSources(in: temporary), into: out, stamp: Self.nextCycle, previous: released)

        #expect(try rows("SELECT airport_icao, runway_id, field_name, old_value, new_value FROM runways_changes ORDER BY id", in: out) == [
            ["EBOS", "233629", "length_ft", "2057.0", "2100.0"],
            ["EHRD", nil, "RUNWAY_REMOVED", "06/24", nil],
            ["EBAW", "300001", "RUNWAY_ADDED", nil, "11/29"],
        ])
        #expect(try rows("SELECT airport_icao, field_name, new_value FROM airports_changes ORDER BY id", in: out) == [["EBAW", "AIRPORT_ADDED", "EBAW Antwerp"]])
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
        #expect(report.stages.first?.counts["changes"]?["runways_changes"] == 3)
        #expect(report.stages.first?.counts["changes"]?["airports_changes"] == 1)
        #expect(report.stages.first?.counts["changes_by_country"] == ["BE": 3, "NL": 1])
        #expect(results[0].report.counts == report.stages.first?.counts)
        #expect(try rows("SELECT airac_date, airports_updated, changes_count FROM airac_updates ORDER BY id", in: out)
                == [["2026-11-26", "0", "0"], ["2026-12-24", "3", "4"]])
        #expect(try BundleChecker.check(out).isEmpty)
    }

    @Test func twoBuildsWithTheSameInputsAndPreviousGiveIdenticalManifestsAndDatabases() async throws {
        let temporary = try TemporaryFolder()
        let released = temporary.url.appendingPathComponent("released")
        _ = try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways()), into: released, stamp: stamp)
        let changed = try Self.changedSources(in: temporary)
        let first = temporary.url.appendingPathComponent("first"), second = temporary.url.appendingPathComponent("second")
        _ = try await build(changed, into: first, stamp: Self.nextCycle, previous: released)
        _ = try await build(changed, into: second, stamp: Self.nextCycle, previous: released)
        let firstFiles = try publishedFiles(in: first), secondFiles = try publishedFiles(in: second)
        // With --previous, the page and summary of what changed are published too, and are as deterministic as the rest.
        #expect(firstFiles.keys.sorted() == (["manifest.json", "report.json", BundleBuilder.changesPageName, BundleBuilder.changesSummaryName]
                                             + StageRegistry.allFiles).sorted())
        #expect(firstFiles == secondFiles)
    }

    @Test func withoutPreviousTheBundleInOutIsComparedAlsoWithOnly() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        _ = try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways()), into: out, stamp: stamp)
        let results = try await build(Self.changedSources(in: temporary), into: out, stamp: Self.nextCycle, only: "airports")
        #expect(results.map(\.report.stage) == ["airports"])
        #expect(results[0].report.counts["changes"]?["runways_changes"] == 3)
        // The same inputs again, into the same folder: nothing more changed, the history and timestamps stay, and the
        // bundle is the same, byte for byte.
        let before = try publishedFiles(in: out)
        let again = try await build(Self.changedSources(in: temporary), into: out, stamp: Self.nextCycle, only: "airports")
        #expect(again[0].report.counts["changes"]?.values.allSatisfy { $0 == 0 } == true)
        #expect(try publishedFiles(in: out)["airports.db"] == before["airports.db"])
        #expect(try publishedFiles(in: out)["manifest.json"] == before["manifest.json"])
        #expect(try BundleChecker.check(out).isEmpty)
    }
}
