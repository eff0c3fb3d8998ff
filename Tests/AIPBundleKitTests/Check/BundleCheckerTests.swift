import AIPBundleKit
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct BundleCheckerTests {
    /// A fresh, valid airports.db that the test may then break.
    func database(_ folder: TemporaryFolder) throws -> (URL, DatabaseQueue) {
        let url = try writeSampleDatabase(in: folder)
        return (url, try DatabaseQueue(path: url.path))
    }

    @Test func aFreshDatabasePasses() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try database(folder)
        #expect(try BundleChecker.check(url).isEmpty)
        #expect(try BundleChecker.check(folder.url).isEmpty)
    }

    @Test func aDroppedColumnIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { try $0.execute(sql: "ALTER TABLE runways DROP COLUMN surface") }
        let findings = try BundleChecker.check(url)
        #expect(findings.map(\.description).contains("airports.db: runways.surface: column is missing"))
    }

    @Test func aWrongTypeIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE airports RENAME COLUMN elevation_ft TO old_elevation")
            try db.execute(sql: "ALTER TABLE airports ADD COLUMN elevation_ft TEXT")
        }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains("airports.db: airports.elevation_ft: declared type is TEXT, expected REAL"))
        #expect(messages.contains { $0.contains("old_elevation: column is not in the contract") })
    }

    @Test func integersInARealColumnAreFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        // A REAL column converts integers; only a typeless or mis-declared store keeps them. Simulate a writer
        // that stored text in a flag column instead.
        try queue.write { try $0.execute(sql: "UPDATE runways SET lighted = 'yes' WHERE id = 233628") }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains("airports.db: runways.lighted: 1 value is not stored as INTEGER"))
        #expect(messages.contains { $0.hasPrefix("airports.db: runways.lighted: is not 0, 1 or NULL") })
    }

    @Test func aNullCoordinateIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { try $0.execute(sql: "UPDATE airports SET latitude_deg = NULL WHERE icao_code = 'EHRD'") }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages == ["airports.db: airports.latitude_deg: is NULL or outside -90…90 (1 row, e.g. EHRD)"])
    }

    @Test func brokenInvariantsAreFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE runways SET airport_icao = 'EZZZ' WHERE id = 234529")
            try db.execute(sql: "UPDATE airports SET sources = 'worldairports,uk_eaip_html' WHERE icao_code = 'EBOS'")
            try db.execute(sql: "UPDATE model_metadata SET value = 'counts' WHERE key = 'statistics'")
        }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains("airports.db: runways.airport_icao: names no airport in airports (1 row, e.g. 234529)"))
        #expect(messages.contains("airports.db: airports.sources: is not a sorted, space-free, comma-separated list (1 row, e.g. EBOS)"))
        #expect(messages.contains("airports.db: model_metadata.value: statistics is not a JSON object (1 row, e.g. counts)"))
    }

    @Test func aFolderWithoutBundleFilesIsAFinding() throws {
        let folder = try TemporaryFolder()
        #expect(try BundleChecker.check(folder.url).count == 1)
    }

    @Test func notADatabaseIsAnError() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("not sqlite", to: "airports.db")
        #expect(throws: CheckError.self) { try BundleChecker.check(url) }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceDiffersOnlyByThe013Additions() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try database(folder)
        let differences = try BundleChecker.compareSchema(url, reference: SharedFixtures.url("reference/airports_small.db"))
        #expect(differences.allSatisfy { $0.introduced == .euroAIP013 }, "\(differences.filter { $0.introduced == .original })")
        // The contract's list: airac_date in the four *_changes tables, waypoints.source_id (and its key),
        // waypoints_changes, airac_updates, airac_country_coverage, firs.
        let missingTables = Set(differences.filter { $0.message == "table is missing" }.map(\.table))
        #expect(missingTables == ["waypoints_changes", "airac_updates", "airac_country_coverage", "firs"])
        let missingColumns = Set(differences.compactMap { d in d.column.map { "\(d.table).\($0)" } })
        #expect(missingColumns == ["aip_entries_changes.airac_date", "airports_changes.airac_date", "runways_changes.airac_date",
                                   "procedures_changes.airac_date", "waypoints.source_id"])
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceComparisonFlagsAnyOtherDifference() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try database(folder)
        let reference = folder.url.appendingPathComponent("reference.db")
        try FileManager.default.copyItem(at: SharedFixtures.url("reference/airports_small.db"), to: reference)
        try DatabaseQueue(path: reference.path).write { try $0.execute(sql: "ALTER TABLE runways DROP COLUMN width_ft") }
        let unexpected = try BundleChecker.compareSchema(url, reference: reference).filter { $0.introduced == .original }
        #expect(unexpected.map(\.description) == ["runways.width_ft: column is missing"])
    }

    /// The reference file was written by euro_aip itself: its values follow our checks, except that euro_aip
    /// writes `sources` in discovery order (`worldairports,uk_eaip_html,border_crossing`), which the contract
    /// asks us to sort so it does not change between builds.
    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceValuesFollowTheConventionsWeCheck() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("airports.db")
        try FileManager.default.copyItem(at: SharedFixtures.url("reference/airports_small.db"), to: copy)
        let valueFindings = try BundleChecker.check(copy).filter { !$0.message.contains("missing") && !$0.message.contains("primary key") }
        #expect(valueFindings.map(\.description) == [
            "airports.db: airports.sources: is not a sorted, space-free, comma-separated list (12 rows, e.g. EGBJ, EGKA, EGKB)",
        ])
    }
}
