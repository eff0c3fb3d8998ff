@testable import AIPBundleKit
import AIPContract
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// The change log on the tables the airports stage does not fill yet (procedures, AIP entries, border points,
/// waypoints): rows written here by hand, in two cycles, compared by the same code the writer runs.
@Suite struct ChangeLogOtherTablesTests {
    /// One `airports.db` with LFAT and the given inserts, its change log recorded against `previous`.
    func write(_ inserts: [String], _ name: String, in folder: TemporaryFolder, stamp: BuildStamp, previous: URL? = nil) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        let attached = previous.map { [ChangeLog.previousSchema: $0] } ?? [:]
        try DatabaseImage.write(to: url, attaching: attached) { db in
            for statement in AirportsContract.schema.createStatements { try db.execute(sql: statement) }
            try db.execute(sql: """
                INSERT INTO airports (icao_code, name, latitude_deg, longitude_deg, iso_country, sources, created_at, updated_at)
                VALUES ('LFAT', 'Le Touquet', 50.5, 1.6, 'FR', 'france_eaip_html,worldairports', :t, :t)
                """, arguments: ["t": stamp.timestamp])
            for insert in inserts { try db.execute(sql: insert, arguments: ["t": stamp.timestamp]) }
            _ = try ChangeLog.record(in: db, stamp: stamp, hasPrevious: previous != nil)
        }
        return url
    }

    static let before = [
        "INSERT INTO procedures VALUES (10, 'LFAT', 'ILS 13', 'approach', 'ILS', '13', NULL, '13', 'france_eaip_html', 'LFC', 'ILS RWY 13', :t, :t)",
        "INSERT INTO procedures VALUES (11, 'LFAT', 'VOR 31', 'approach', 'VOR', '31', NULL, '31', 'france_eaip_html', 'LFC', 'VOR RWY 31', :t, :t)",
        "INSERT INTO aip_entries VALUES (20, 'LFAT', 'operational', 'Customs', 'PPR 24 HR', 'Customs and immigration', 302, 1.0, 'Douane', 'PPR 24 H', 'france_eaip_html', 0, :t, :t)",
        "INSERT INTO aip_entries VALUES (21, 'LFAT', 'handling', 'Fuel', 'AVGAS', 'Fuel and oil types', 402, 1.0, 'Carburant', 'AVGAS', 'france_eaip_html', 0, :t, :t)",
        "INSERT INTO border_crossing_points VALUES (30, 'LFAT', 'FR', 'Le Touquet', 1, 'border_fr', NULL, NULL, 'LFAT', 1.0, :t, :t)",
        "INSERT INTO border_crossing_points VALUES (31, 'LFQQ', 'FR', 'Lille', 1, 'border_fr', NULL, NULL, NULL, NULL, :t, :t)",
        "INSERT INTO waypoints VALUES ('ABDAN', 50.0, 1.0, '5LNC', 'LFFF', NULL, 'eurocontrol_fra', '', :t, :t)",
        "INSERT INTO waypoints VALUES ('BUBLI', 51.0, 2.0, '5LNC', 'LFFF', NULL, 'eurocontrol_fra', '', :t, :t)",
    ]

    /// ILS 13 becomes RNP, VOR 31 goes, RNP 31 comes; the customs text changes, the fuel entry's French text only;
    /// a Belgian border point comes, LFQQ's goes, LFAT's is renamed; ABDAN moves, BUBLI goes, CABOS comes.
    static let after = [
        "INSERT INTO procedures VALUES (10, 'LFAT', 'ILS 13', 'approach', 'RNP', '13', NULL, '13', 'france_eaip_html', 'LFC', 'ILS RWY 13', :t, :t)",
        "INSERT INTO procedures VALUES (12, 'LFAT', 'RNP 31', 'approach', 'RNP', '31', NULL, '31', 'france_eaip_html', 'LFC', 'RNP RWY 31', :t, :t)",
        "INSERT INTO aip_entries VALUES (20, 'LFAT', 'operational', 'Customs', 'PPR 48 HR', 'Customs and immigration', 302, 1.0, 'Douane', 'PPR 48 H', 'france_eaip_html', 0, :t, :t)",
        "INSERT INTO aip_entries VALUES (21, 'LFAT', 'handling', 'Fuel', 'AVGAS', 'Fuel and oil types', 402, 1.0, 'Carburant', 'AVGAS 100LL', 'france_eaip_html', 0, :t, :t)",
        "INSERT INTO border_crossing_points VALUES (30, 'LFAT', 'FR', 'Le Touquet Cote d''Opale', 1, 'border_fr', NULL, NULL, 'LFAT', 1.0, :t, :t)",
        "INSERT INTO border_crossing_points VALUES (32, 'EBOS', 'BE', 'Oostende', 1, 'border_be', NULL, NULL, NULL, NULL, :t, :t)",
        "INSERT INTO waypoints VALUES ('ABDAN', 50.25, 1.0, '5LNC', 'LFFF', NULL, 'eurocontrol_fra', '', :t, :t)",
        "INSERT INTO waypoints VALUES ('CABOS', 49.0, 3.0, '5LNC', 'LFFF', NULL, 'eurocontrol_fra', '', :t, :t)",
    ]

    @Test func everyLoggedTableRecordsItsRowsAsItsChangeTableAllows() throws {
        let folder = try TemporaryFolder()
        let previous = try write(Self.before, "1.db", in: folder, stamp: Cycles.first)
        let url = try write(Self.after, "2.db", in: folder, stamp: Cycles.second, previous: previous)

        #expect(try Cycles.rows("procedures_changes", in: url, ["airport_icao", "procedure_id", "field_name", "old_value", "new_value", "source", "airac_date"]) == [
            ["LFAT", "10", "approach_type", "ILS", "RNP", "france_eaip_html", "2026-11-26"],
            ["LFAT", nil, "PROCEDURE_REMOVED", "VOR 31 (approach)", nil, "france_eaip_html", "2026-11-26"],
            ["LFAT", "12", "PROCEDURE_ADDED", nil, "RNP 31 (approach)", "france_eaip_html", "2026-11-26"],
        ])
        // Only `value` is logged: entry 21's French text changed, which renews its updated_at alone.
        #expect(try Cycles.rows("aip_entries_changes", in: url, ["airport_icao", "section", "field", "old_value", "new_value", "std_field", "std_field_id", "mapping_score", "source"]) == [
            ["LFAT", "operational", "Customs", "PPR 24 HR", "PPR 48 HR", "Customs and immigration", "302", "1.0", "france_eaip_html"],
        ])
        #expect(try Cycles.rows("aip_entries", in: url, ["id", "created_at", "updated_at"]) == [
            ["20", "2026-10-29T00:00:00", "2026-11-26T00:00:00"], ["21", "2026-10-29T00:00:00", "2026-11-26T00:00:00"],
        ])
        #expect(try Cycles.rows("border_crossing_points_changes", in: url, ["icao_code", "country_iso", "action", "source", "changed_at"]) == [
            ["LFAT", "FR", "UPDATED", "border_fr", "2026-11-26T00:00:00"],
            ["LFQQ", "FR", "REMOVED", "border_fr", "2026-11-26T00:00:00"],
            ["EBOS", "BE", "ADDED", "border_be", "2026-11-26T00:00:00"],
        ])
        #expect(try Cycles.rows("waypoints_changes", in: url, ["waypoint_name", "field_name", "old_value", "new_value", "field_type", "source"]) == [
            ["ABDAN", "latitude_deg", "50.0", "50.25", "REAL", "eurocontrol_fra"],
            ["BUBLI", "WAYPOINT_REMOVED", "BUBLI", nil, nil, "eurocontrol_fra"],
            ["CABOS", "WAYPOINT_ADDED", nil, "CABOS", nil, "eurocontrol_fra"],
        ])
        #expect(try Cycles.rows("waypoints", in: url, ["name", "created_at", "updated_at"], order: "name") == [
            ["ABDAN", "2026-10-29T00:00:00", "2026-11-26T00:00:00"], ["CABOS", "2026-11-26T00:00:00", "2026-11-26T00:00:00"],
        ])
        // LFAT changed in procedures and AIP entries; border points have no airac_date and are not counted.
        #expect(try Cycles.rows("airac_updates", in: url, ["airac_date", "airports_updated", "changes_count"]) == [
            ["2026-10-29", "0", "0"], ["2026-11-26", "1", "7"],
        ])
        #expect(try Cycles.rows("airac_country_coverage", in: url, ["country_iso", "source", "airports_count"], order: "source") == [
            ["FR", "france_eaip_html", "1"], ["FR", "worldairports", "1"],
        ])
        #expect(try DatabaseQueue(path: url.path).read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)
    }
}
