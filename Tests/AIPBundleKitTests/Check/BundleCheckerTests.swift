@testable import AIPBundleKit
import AIPContract
import AIPManifest
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import TestSupport
import Testing

@Suite struct BundleCheckerTests {
    @Test func aFreshDatabasePasses() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try sampleDatabase(in: folder)
        try writeManifest(in: folder.url)
        #expect(try BundleChecker.check(url).isEmpty)
        #expect(try BundleChecker.check(folder.url).isEmpty)
    }

    @Test func aFolderIsCheckedAgainstItsManifest() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        #expect(try BundleChecker.check(folder.url).map(\.description) == ["manifest.json: is missing"])
        #expect(try BundleChecker.check(folder.url).map(\.code) == [.checkManifestUnusable])
        try writeManifest(in: folder.url, files: [])
        #expect(try BundleChecker.check(folder.url).map(\.description)
                == ["airports.db: is not listed in manifest.json; it does not belong to this bundle"])
        #expect(try BundleChecker.check(folder.url).map(\.code) == [.checkNotInManifest])
        try writeManifest(in: folder.url)
        // An edit after the build: the file still follows the contract, but it is not what was published.
        try queue.write { try $0.execute(sql: "UPDATE runways SET length_ft = 1 WHERE id = 233628") }
        let findings = try BundleChecker.check(folder.url).map(\.description)
        #expect(findings.contains { $0.hasPrefix("airports.db: bytes differ from manifest.json") && $0.contains("its content differs too") })
        #expect(Set(try BundleChecker.check(folder.url).map(\.code)) == [.checkManifestMismatch])
        #expect(try BundleChecker.check(url).isEmpty, "a single file has no manifest to answer to")
    }

    @Test func aDroppedColumnIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "ALTER TABLE runways DROP COLUMN surface") }
        let findings = try BundleChecker.check(url)
        #expect(findings.map(\.description).contains("airports.db: runways.surface: column is missing"))
        #expect(Set(findings.map(\.code)) == [.checkSchema])
    }

    @Test func aWrongTypeIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
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
        let (url, queue) = try sampleDatabase(in: folder)
        // A REAL column converts integers; only a typeless or mis-declared store keeps them. Simulate a writer
        // that stored text in a flag column instead.
        try queue.write { try $0.execute(sql: "UPDATE runways SET lighted = 'yes' WHERE id = 233628") }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains("airports.db: runways.lighted: 1 value is not stored as INTEGER"))
        #expect(messages.contains { $0.hasPrefix("airports.db: runways.lighted: is not 0, 1 or NULL") })
        #expect(try BundleChecker.check(url).map(\.code) == [.checkStorageClass, .checkInvariant])
    }

    @Test func aNullCoordinateIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "UPDATE airports SET latitude_deg = NULL WHERE icao_code = 'EHRD'") }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages == ["airports.db: airports.latitude_deg: is NULL (1 row, e.g. EHRD)"])
    }

    @Test func brokenInvariantsAreFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE runways SET airport_icao = 'EZZZ' WHERE id = 234529")
            try db.execute(sql: "UPDATE airports SET sources = 'worldairports,uk_eaip_html' WHERE icao_code = 'EBOS'")
            try db.execute(sql: "UPDATE model_metadata SET value = 'counts' WHERE key = 'statistics'")
        }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains("airports.db: runways.airport_icao: names no airport in airports (1 row, e.g. 234529)"))
        #expect(messages.contains("airports.db: airports.sources: is not a sorted, space-free, comma-separated list (1 row, e.g. EBOS)"))
        #expect(messages.contains("airports.db: model_metadata.value: statistics is not a JSON object (1 row, e.g. counts)"))
        #expect(Set(try BundleChecker.check(url).map(\.code)) == [.checkInvariant])
    }

    /// Not a bundle at all, so `check` cannot check it (exit 2), rather than a bundle with a finding.
    @Test func aFolderWithoutBundleFilesIsNotABundle() throws {
        let folder = try TemporaryFolder()
        let message = try #require(checkError(folder.url))
        #expect(message.hasPrefix("\(folder.url.path) is not a bundle: it holds no bundle file (expected airports.db, ")
                && message.hasSuffix("); give the --out folder of `aipbundle build`"), "\(message)")
    }

    @Test func notADatabaseIsAnError() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("not sqlite", to: "airports.db")
        #expect(checkError(url) == "\(url.path) is not an SQLite database (it does not start with the SQLite header)")
        // Inside a folder, the same file is a finding and the other files are still checked.
        #expect(try BundleChecker.check(folder.url).map(\.code) == [.checkUnreadableFile, .checkManifestUnusable])
    }

    /// The message `check` would print for `url`, or nil when it did not throw.
    func checkError(_ url: URL) -> String? {
        do {
            _ = try BundleChecker.check(url)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Regression: a `"` in one `sources` value made the JSON-built sources rule fail on every row, and the
    /// failure was swallowed, so an unsorted value elsewhere went unreported and `check` said OK.
    @Test func aQuoteInSourcesNeitherHidesNorBreaksTheSourcesRule() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: #"UPDATE airports SET sources = 'a"b' WHERE icao_code = 'EBOS'"#)
            try db.execute(sql: "UPDATE airports SET sources = 'worldairports,a' WHERE icao_code = 'EHRD'")
        }
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: airports.sources: is not a sorted, space-free, comma-separated list (1 row, e.g. EHRD)",
            "airports.db: airports.sources: holds a tag that is not lower-case letters, digits and _ (1 row, e.g. EBOS)",
        ])
    }

    @Test func aRuleThatCannotRunIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try sampleDatabase(in: folder)
        let broken = InvariantRule(name: "broken", table: AirportsContract.Airports.table, column: AirportsContract.Airports.sources, message: "never shown",
                                   sql: "SELECT json_extract(sources, '$[0]') FROM airports")
        let file = BundleFile(name: "airports.db", stage: "airports", kind: .sqlite(schema: AirportsContract.schema, invariants: [broken]))
        #expect(try BundleChecker.check(url, files: [file]).map(\.description) == [
            "airports.db: airports.sources: rule broken could not run: malformed JSON",
        ])
        #expect(try BundleChecker.check(url, files: [file]).map(\.code) == [.checkRuleFailed])
    }

    @Test func aWALFileIsAFindingAndCheckingLeavesNothingBeside() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try sampleDatabase(in: folder)
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 18)
        try handle.write(contentsOf: Data([2, 2]))
        try handle.close()
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: is in WAL mode (header bytes 18–19 are 2/2); bundle files must use the rollback journal (1/1): the app opens them read-only and cannot read a WAL file",
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["airports.db"])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkJournalMode])
    }

    @Test func aTriggerIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "CREATE TRIGGER wipe AFTER INSERT ON airports BEGIN DELETE FROM runways; END") }
        #expect(try BundleChecker.check(url).map(\.description) == ["airports.db: airports: has trigger wipe; bundle files hold no triggers"])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkExtraObject])
    }

    @Test func aViewIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "CREATE VIEW big AS SELECT * FROM airports WHERE type = 'large_airport'") }
        #expect(try BundleChecker.check(url).map(\.description) == ["airports.db: big: is a view; bundle files hold no views"])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkExtraObject])
    }

    @Test func aTableOutsideTheContractIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE notes (text TEXT)")
            try db.execute(sql: "ANALYZE")  // sqlite_stat1 is SQLite's own, and allowed
        }
        #expect(try BundleChecker.check(url).map(\.description) == ["airports.db: notes: table is not in the contract"])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkExtraObject])
    }

    @Test func infinityInARealColumnIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "UPDATE runways SET length_ft = 9e999 WHERE id = 233628") }
        #expect(try BundleChecker.check(url).map(\.description) == ["airports.db: runways.length_ft: 1 value is ±Inf or NaN"])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkNonFinite])
    }

    @Test func aMissingBuildStampIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM model_metadata WHERE key = 'bundle_version'")
            try db.execute(sql: "UPDATE model_metadata SET value = '' WHERE key = 'airac_cycle'")
        }
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: model_metadata.value: bundle_version, airac_cycle and airac_date must be set; missing or empty (2 rows, e.g. airac_cycle, bundle_version)",
        ])
    }

    @Test func anImpossibleAIRACDateIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { try $0.execute(sql: "UPDATE model_metadata SET value = '2026-02-30' WHERE key = 'airac_date'") }
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: model_metadata.value: airac_date is not a YYYY-MM-DD date (1 row, e.g. 2026-02-30)",
        ])
    }

    @Test func aBrokenForeignKeyIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try sampleDatabase(in: folder)
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        try DatabaseQueue(path: url.path, configuration: configuration).write { db in
            try db.execute(sql: "INSERT INTO aip_entries (airport_icao, section, field, value, source) VALUES ('EZZZ', 'admin', 'f', 'v', 's')")
        }
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: aip_entries: foreign_key_check: row 1 refers to a missing row of airports",
        ])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkForeignKey])
    }

    /// Changes one key inside the leaf page of `idx_runways_airport` (EHRD → EHRA): the file still opens, but the
    /// index no longer matches the table. The airport rule reads the index (it covers its query), so it sees the
    /// corrupt key too.
    @Test func aCorruptIndexIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        let (page, pageSize) = try queue.read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'idx_runways_airport'")!,
             try Int.fetchOne(db, sql: "PRAGMA page_size")!)
        }
        var bytes = try Data(contentsOf: url)
        let range = (page - 1) * pageSize ..< page * pageSize
        let key = Data("EHRD".utf8)
        let found = try #require(bytes.range(of: key, in: range))
        bytes.replaceSubrange(found, with: Data("EHRA".utf8))
        try bytes.write(to: url)
        #expect(try BundleChecker.check(url).map(\.description) == [
            "airports.db: integrity_check: row 3 missing from index idx_runways_airport",
            "airports.db: runways.airport_icao: names no airport in airports (1 row, e.g. 234529)",
        ])
        #expect(try BundleChecker.check(url).map(\.code) == [.checkIntegrity, .checkInvariant])
    }

    @Test func aFIFOIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("airports.db")
        #expect(mkfifo(url.path, 0o644) == 0)
        #expect(checkError(url) == "\(url.path) is a FIFO (named pipe), expected an SQLite file")
        #expect(try BundleChecker.check(folder.url).map(\.description) == [
            "airports.db: \(url.path) is a FIFO (named pipe), expected an SQLite file", "manifest.json: is missing",
        ])
    }

    @Test func aDirectoryNamedLikeABundleFileIsRefused() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("airports.db")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        #expect(checkError(url) == "\(url.path) is a directory, expected an SQLite file")
        #expect(try BundleChecker.check(folder.url).map(\.description) == [
            "airports.db: \(url.path) is a directory, expected an SQLite file", "manifest.json: is missing",
        ])
    }

    @Test func aMissingOrUnknownPathIsAnError() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("airports.db")
        #expect(checkError(missing) == "\(missing.path) does not exist")
        let unknown = try folder.write("x", to: "notes.db")
        #expect(checkError(unknown) == "notes.db: not a bundle file check knows (airports.db, rules.json, european_cities.db, ga_notifications.db)")
    }

    /// A published bundle's top-level files may link into a hidden versioned folder.
    @Test func symbolicLinksToBundleFilesAreFollowed() throws {
        let folder = try TemporaryFolder()
        let real = try writeSampleDatabase(in: folder, name: ".aipbundle/v1/airports.db")
        let out = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("airports.db").path,
                                                   withDestinationPath: "../.aipbundle/v1/airports.db")
        try writeManifest(in: out)
        #expect(try BundleChecker.check(out).isEmpty)
        #expect(try BundleChecker.check(out.appendingPathComponent("airports.db")).isEmpty)
        try FileManager.default.removeItem(at: real)
        #expect(checkError(out.appendingPathComponent("airports.db"))
                == "\(out.appendingPathComponent("airports.db").path) is a symbolic link to ../.aipbundle/v1/airports.db, which does not exist")
    }

    @Test func aJSONFileIsCheckedByItsValidator() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("{}", to: "rules.json")
        let rules = BundleFile(name: "rules.json", stage: "rules", kind: .json(validate: { data in
            (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["questions"] == nil ? ["has no questions"] : []
        }))
        #expect(try BundleChecker.check(url, files: [rules]).map(\.description) == ["rules.json: has no questions"])
        try writeManifest(in: folder.url, files: [rules])
        #expect(try BundleChecker.check(folder.url, files: [rules]).map(\.description) == ["rules.json: has no questions"])
        #expect(try BundleChecker.check(folder.url, files: [rules]).map(\.code) == [.checkJSONContract])
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceDiffersOnlyByThe013Additions() throws {
        let folder = try TemporaryFolder()
        let (url, _) = try sampleDatabase(in: folder)
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
        let (url, _) = try sampleDatabase(in: folder)
        let reference = folder.url.appendingPathComponent("reference.db")
        try FileManager.default.copyItem(at: SharedFixtures.url("reference/airports_small.db"), to: reference)
        try DatabaseQueue(path: reference.path).write { try $0.execute(sql: "ALTER TABLE runways DROP COLUMN width_ft") }
        let unexpected = try BundleChecker.compareSchema(url, reference: reference).filter { $0.introduced == .original }
        #expect(unexpected.map(\.description) == ["runways.width_ft: column is missing"])
    }

    /// The reference file was written by euro_aip itself: its values follow our checks, except where the contract
    /// says it deviates: `sources` in discovery order (`worldairports,uk_eaip_html,border_crossing`), which the
    /// contract asks us to sort; `aip_entries.source` NULL; EGLL's `runway_number="09L"`; LFPT approaches to runways
    /// 04/22 it does not have (RZFlight matches none of these); one untyped approach stored before a typed one of its
    /// runway; `metadata_json` holding Python's `NaN`, which is not JSON; and REM's `fir_codes` `LFFF,LFBB` in the
    /// order its source listed them (the contract sorts a point's FIRs).
    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceValuesFollowTheConventionsWeCheck() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("airports.db")
        try FileManager.default.copyItem(at: SharedFixtures.url("reference/airports_small.db"), to: copy)
        let valueFindings = try BundleChecker.check(copy).filter { !$0.message.contains("missing") && !$0.message.contains("primary key") }
        #expect(valueFindings.map(\.description) == [
            "airports.db: airports.sources: is not a sorted, space-free, comma-separated list (12 rows, e.g. EGBJ, EGKA, EGKB)",
            "airports.db: aip_entries.source: is NULL or empty (the UNIQUE key needs it) (304 rows, e.g. 49, 44, 45)",
            "airports.db: procedures.runway_ident: runway_number is not two digits 01–36, runway_letter not L/R/C, or runway_ident is not their concatenation (8 rows, e.g. 247, 248, 249)",
            "airports.db: procedures.runway_ident: names no runway end of an airport that has runways (5 rows, e.g. 276, 277, 278)",
            "airports.db: procedures.approach_type: is an untyped approach stored before a typed approach of the same runway (1 row, e.g. 270)",
            "airports.db: border_crossing_points.metadata_json: is not a JSON object (4 rows, e.g. 630, 631, 632)",
            "airports.db: waypoints.fir_codes: is not a sorted, space-free, comma-separated list of distinct codes (1 row, e.g. REM)",
        ])
    }
}
