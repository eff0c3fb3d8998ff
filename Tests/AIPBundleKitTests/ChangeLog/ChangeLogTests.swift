@testable import AIPBundleKit
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct ChangeLogTests {
    static let runwayColumns = ["airport_icao", "runway_id", "field_name", "old_value", "new_value", "field_type", "source", "changed_at", "airac_date"]

    @Test func aOneCycleChangeLogsExactlyTheEditedAddedRemovedAndMovedRows() throws {
        let folder = try TemporaryFolder()
        let previous = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        var counts = ChangeLogCounts()
        let url = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: previous, counts: &counts)

        let at = ["2026-11-26T00:00:00", "2026-11-26"]
        #expect(try Cycles.rows("runways_changes", in: url, Self.runwayColumns) == [
            ["EBOS", "1", "length_ft", "2000.0", "2100.0", "REAL", nil] + at,
            ["LFAT", "3", "surface", "ASP", "GRS", "TEXT", nil] + at,
            ["LFAT", "3", "lighted", "1", "0", "INTEGER", nil] + at,
            // Runway 4 no longer exists: the foreign key is cleared, the label says which runway it was.
            ["LFAT", nil, "RUNWAY_REMOVED", "09/27", nil, nil, nil] + at,
            ["LFQQ", "6", "RUNWAY_ADDED", nil, "09/27", nil, nil] + at,
        ])
        #expect(try Cycles.rows("airports_changes", in: url, ["airport_icao", "field_name", "old_value", "new_value", "field_type", "source"]) == [
            ["LFAT", "latitude_deg", "50.0", "50.5", "REAL", "worldairports"],
            ["LFAT", "longitude_deg", "2.0", "1.625", "REAL", "worldairports"],
        ])
        for table in ["procedures_changes", "aip_entries_changes", "border_crossing_points_changes", "waypoints_changes"] {
            #expect(try Cycles.rows(table, in: url, ["id"]).isEmpty, "\(table)")
        }
        #expect(counts.report == [
            "changes": ["airports_changes": 2, "runways_changes": 5, "procedures_changes": 0, "aip_entries_changes": 0,
                        "border_crossing_points_changes": 0, "waypoints_changes": 0],
            "changes_by_country": ["BE": 1, "FR": 6],
        ])
        #expect(try DatabaseQueue(path: url.path).read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }

    @Test func unchangedRowsKeepTheirTimestampsAndChangedRowsKeepCreatedAt() throws {
        let folder = try TemporaryFolder()
        let previous = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let url = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: previous)
        let old = "2026-10-29T00:00:00", new = "2026-11-26T00:00:00"
        #expect(try Cycles.rows("runways", in: url, ["id", "created_at", "updated_at"]) == [
            ["1", old, new], ["2", old, old], ["3", old, new], ["5", old, old], ["6", new, new],
        ])
        #expect(try Cycles.rows("airports", in: url, ["icao_code", "created_at", "updated_at"], order: "icao_code") == [
            ["EBOS", old, old], ["LFAT", old, new], ["LFQQ", old, old],
        ])
    }

    @Test func theFirstBuildHasAnEmptyChangeLogAndOneCycleRow() throws {
        let folder = try TemporaryFolder()
        var counts = ChangeLogCounts()
        let url = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first, counts: &counts)
        for log in ChangeLogTable.airports {
            #expect(try Cycles.rows(log.changes.name, in: url, ["id"]).isEmpty)
        }
        #expect(counts.report.isEmpty)
        #expect(try Cycles.rows("airac_updates", in: url, ["id", "airac_date", "source", "fetched_at", "airports_updated", "changes_count", "status"])
                == [["1", "2026-10-29", "aipbundle", "2026-10-29T00:00:00", "0", "0", "success"]])
        #expect(try Cycles.rows("airac_country_coverage", in: url, ["country_iso", "airac_date", "source", "airports_count", "updated_at"],
                                order: "country_iso") == [
            ["BE", "2026-10-29", "worldairports", "1", "2026-10-29T00:00:00"],
            ["FR", "2026-10-29", "worldairports", "2", "2026-10-29T00:00:00"],
        ])
    }

    @Test func theHistoryAccumulatesAcrossCyclesAndForgetsRemovedRowsOnlyInItsKeys() throws {
        let folder = try TemporaryFolder()
        let first = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let second = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: first)
        // Cycle 3: LFQQ and its runways are gone, runway 2 is wider.
        var third = Cycles.after
        third.airports.removeAll { $0.icaoCode == "LFQQ" }
        third.runways.removeAll { $0.airportICAO == "LFQQ" }
        third.runways[1].widthFt = 75
        var counts = ChangeLogCounts()
        let url = try Cycles.write(third, "3/airports.db", in: folder, stamp: Cycles.third, previous: second, counts: &counts)

        let columns = ["id", "airport_icao", "runway_id", "field_name", "old_value", "new_value", "airac_date"]
        let kept = try Cycles.rows("runways_changes", in: second, columns)
        let now = try Cycles.rows("runways_changes", in: url, columns)
        // The cycle-2 rows keep their ids and values, except the references to LFQQ and runway 6, now gone.
        #expect(now.prefix(4) == kept.prefix(4))
        #expect(now[4] == ["5", nil, nil, "RUNWAY_ADDED", nil, "09/27", "2026-11-26"])
        #expect(Array(now.dropFirst(5)) == [
            ["6", "EBOS", "2", "width_ft", "60.0", "75.0", "2026-12-24"],
            ["7", nil, nil, "RUNWAY_REMOVED", "09/27", nil, "2026-12-24"],
            ["8", nil, nil, "RUNWAY_REMOVED", "09/27", nil, "2026-12-24"],
        ])
        #expect(try Cycles.rows("airports_changes", in: url, ["airport_icao", "field_name", "old_value", "new_value", "airac_date"]) == [
            ["LFAT", "latitude_deg", "50.0", "50.5", "2026-11-26"],
            ["LFAT", "longitude_deg", "2.0", "1.625", "2026-11-26"],
            [nil, "AIRPORT_REMOVED", "LFQQ LFQQ field", nil, "2026-12-24"],
        ])
        #expect(counts.byCountry == ["BE": 1, "FR": 3])
        #expect(try Cycles.rows("airac_updates", in: url, ["airac_date", "airports_updated", "changes_count"]) == [
            ["2026-10-29", "0", "0"], ["2026-11-26", "3", "7"], ["2026-12-24", "1", "4"],
        ])
        #expect(try DatabaseQueue(path: url.path).read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)
        #expect(try BundleChecker.check(url).isEmpty)
    }

    @Test func aRebuildWithinTheCycleAddsToItsRowAndKeepsItsId() throws {
        let folder = try TemporaryFolder()
        let first = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let second = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: first)
        // A source changed mid-cycle: runway 2 is wider. The cycle's row counts both builds' changes.
        var amended = Cycles.after
        amended.runways[1].widthFt = 75
        let url = try Cycles.write(amended, "2b.db", in: folder, stamp: Cycles.second, previous: second)
        #expect(try Cycles.rows("airac_updates", in: url, ["id", "airac_date", "airports_updated", "changes_count"]) == [
            ["1", "2026-10-29", "0", "0"], ["2", "2026-11-26", "3", "8"],
        ])
        #expect(try Cycles.rows("runways_changes", in: url, ["id", "runway_id", "field_name"]).last == ["6", "2", "width_ft"])
    }

    @Test func twoBuildsWithTheSamePreviousAreByteIdentical() throws {
        let folder = try TemporaryFolder()
        let previous = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let first = try Data(contentsOf: Cycles.write(Cycles.after, "a.db", in: folder, stamp: Cycles.second, previous: previous))
        let second = try Data(contentsOf: Cycles.write(Cycles.after, "b.db", in: folder, stamp: Cycles.second, previous: previous))
        #expect(first == second)
    }

    @Test func rebuildingOnTheSameInputsChangesNothing() throws {
        let folder = try TemporaryFolder()
        let first = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let second = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: first)
        var counts = ChangeLogCounts()
        let again = try Cycles.write(Cycles.after, "2-again.db", in: folder, stamp: Cycles.second, previous: second, counts: &counts)
        #expect(counts.byTable.values.allSatisfy { $0 == 0 })
        #expect(counts.byCountry.isEmpty)
        #expect(try Data(contentsOf: again) == Data(contentsOf: second))

    }

    @Test func aPreviousBundleOfAnOlderSchemaIsReadForWhatItHas() throws {
        let folder = try TemporaryFolder()
        let first = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let second = try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: first)
        // As euro_aip before 0.13: no airac_date in the change tables, no waypoints, no airac tables.
        try DatabaseQueue(path: second.path).write { db in
            try db.execute(sql: """
                ALTER TABLE runways_changes DROP COLUMN airac_date; DROP TABLE waypoints_changes; DROP TABLE waypoints;
                DROP TABLE airac_updates; DROP TABLE airac_country_coverage
                """)
        }
        var third = Cycles.after
        third.runways[1].widthFt = 75
        let url = try Cycles.write(third, "3.db", in: folder, stamp: Cycles.third, previous: second)
        #expect(try Cycles.rows("runways_changes", in: url, ["runway_id", "field_name", "airac_date"]) == [
            ["1", "length_ft", nil], ["3", "surface", nil], ["3", "lighted", nil], [nil, "RUNWAY_REMOVED", nil],
            ["6", "RUNWAY_ADDED", nil], ["2", "width_ft", "2026-12-24"],
        ])
        #expect(try Cycles.rows("airac_updates", in: url, ["airac_date", "airports_updated", "changes_count"]) == [["2026-12-24", "1", "1"]])
    }

    @Test func checkFindsAChangeRowThatChangesNothingAndAMissingCycle() throws {
        let folder = try TemporaryFolder()
        let first = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let url = try Cycles.write(Cycles.after, "2/airports.db", in: folder, stamp: Cycles.second, previous: first)
        #expect(try BundleChecker.check(url).isEmpty)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: """
                UPDATE runways_changes SET new_value = old_value WHERE id = 2; DELETE FROM airac_updates WHERE airac_date = '2026-11-26'
                """)
        }
        let findings = try BundleChecker.check(url).map(\.description)
        #expect(findings == [
            "airports.db: runways_changes.new_value: equals old_value: the row records no change (1 row, e.g. 2)",
            "airports.db: airac_updates.airac_date: has no row for model_metadata.airac_date (1 row, e.g. 2026-11-26)",
        ])
    }

    @Test func aPreviousFileThatIsNotADatabaseStopsTheWriteNamingIt() throws {
        let folder = try TemporaryFolder()
        let garbage = try folder.write("not a database, only text that is long enough to be read", to: "old/airports.db")
        #expect {
            try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: garbage)
        } throws: { error in
            "\(error)".contains(garbage.path) && "\(error)".contains("cannot be read as an SQLite database")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("2.db").path))
    }

    @Test func aTruncatedPreviousFileStopsTheWrite() throws {
        let folder = try TemporaryFolder()
        let previous = try Cycles.write(Cycles.before, "1.db", in: folder, stamp: Cycles.first)
        let bytes = try Data(contentsOf: previous)
        let truncated = try folder.write(bytes.prefix(bytes.count / 3), to: "cut/airports.db")
        #expect {
            try Cycles.write(Cycles.after, "2.db", in: folder, stamp: Cycles.second, previous: truncated)
        } throws: { error in
            "\(error)".hasPrefix("\(truncated.path) cannot be read as an SQLite database: SQLite error 11: database disk image is malformed")
        }
    }
}
