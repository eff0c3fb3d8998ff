import AIPCommands
import Foundation
import GRDB
import TestSupport
import Testing

/// `ga_notifications.db` built from the committed fixture tree without its eAIP pages, with the customs texts of the
/// two real eAIP pages (EGMC, LFAQ) added by hand to its `airports.db`, then every app query of `data-contract.md` run
/// on the built file; and built from the whole fixture tree, pages included.
@Suite("ga_notifications.db build and app queries")
struct NotificationsBuildTests {
    /// The fixture tree without eAIP pages and border lists: its `airports.db` has no customs text of its own.
    static func sourcesWithoutPages(in folder: TemporaryFolder) throws -> String {
        try folder.sourceTree(linking: SharedFixtures.fixtureSources.appendingPathComponent("ourairports")).path
    }

    /// Builds the fixture tree (without pages) into `out`, adds EGMC, LFAQ and EGLL customs texts to the published
    /// airports.db (as a person trying texts would), then rebuilds notifications alone.
    static func buildWithCustomsTexts(in folder: TemporaryFolder) async throws -> URL {
        let out = folder.url.appendingPathComponent("out")
        let sources = try sourcesWithoutPages(in: folder)
        try await runCommand(["build", "--sources", sources, "--out", out.path, "--airac", "2026-11-26"])
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).write { db in
            for (icao, name) in [("EGMC", "London Southend Airport"), ("LFAQ", "Albert-Bray Airport")] {
                try db.execute(sql: "INSERT INTO airports (icao_code, name, type, latitude_deg, longitude_deg, sources) VALUES (?, ?, 'medium_airport', 51.57, 0.69, 'worldairports')",
                               arguments: [icao, name])
            }
            for (icao, text) in [("EGMC", RealCustomsTexts.egmc), ("LFAQ", RealCustomsTexts.lfaq), ("EGLL", "See GEN 1.2")] {
                try db.execute(sql: """
                    INSERT INTO aip_entries (airport_icao, section, field, value, std_field, std_field_id, mapping_score, source, source_priority)
                    VALUES (?, 'operational', 'Customs and immigration', ?, 'Customs and immigration', 302, 1.0, 'test_eaip', 0)
                    """, arguments: [icao, text])
            }
        }
        try await runCommand(["build", "--only", "notifications", "--sources", sources, "--out", out.path, "--airac", "2026-11-26"])
        return out.appendingPathComponent("ga_notifications.db")
    }

    @Test("run alone, the stage reads the hand-edited airports.db in --out, warns that it left its manifest, and check passes")
    func runAlone() async throws {
        let folder = try TemporaryFolder()
        let file = try await Self.buildWithCustomsTexts(in: folder)
        #expect(await exitCode(["check", file.path]) == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("out/report.json"))) as! [String: Any]
        let stages = report["stages"] as! [[String: Any]]
        #expect(stages.map { $0["stage"] as! String } == ["airports", "rules", "cities", "notifications"])
        let notifications = try #require(stages.first { $0["stage"] as? String == "notifications" })
        let findings = notifications["findings"] as! [[String: Any]]
        // Its bytes, then the row counts of airports, aip_entries and sqlite_sequence.
        #expect(findings.count == 4 && findings.allSatisfy { $0["code"] as? String == "bundle.carried_file_changed" })
        #expect((findings.first?["reason"] as? String)?.hasPrefix("read as it is, but it no longer matches manifest.json: bytes differ") == true)
        #expect(findings.allSatisfy { $0["file"] as? String == "airports.db" && $0["action"] as? String == "warning" })
        #expect(findings.contains { ($0["reason"] as! String).contains("table aip_entries has 3 rows, manifest.json says 0") })
        #expect(notifications["rows_written"] as? [String: Int] == ["ga_notification_requirements": 3])
        let counts = notifications["counts"] as? [String: [String: Int]]
        #expect(counts?["difficulty"] == ["h24": 1, "easy": 0, "moderate": 1, "hassle": 0, "difficult": 0, "unknown": 1])
    }

    @Test("every app query of data-contract.md runs on the built file and gives the right EGMC and LFAQ rows")
    func appQueries() async throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: try await Self.buildWithCustomsTexts(in: folder).path)
        try await queue.read { db in
            // iOS NotificationService (map legend, detail, filters): EGLL, understood as nothing, is hidden.
            let service = try Row.fetchAll(db, sql: """
                SELECT icao, rule_type, notification_type, hours_notice, operating_hours_start, operating_hours_end,
                       weekday_rules, summary, confidence, contact_info FROM ga_notification_requirements WHERE confidence > 0.5
                """)
            #expect(service.map { $0["icao"] as String } == ["EGMC", "LFAQ"])
            let egmc = service[0], lfaq = service[1]
            #expect(egmc["rule_type"] as String? == "customs" && egmc["notification_type"] as String? == "h24")
            #expect(egmc["hours_notice"] as Int? == nil && egmc["weekday_rules"] as String? == nil && egmc["summary"] as String? == "H24, no notice")
            #expect(lfaq["rule_type"] as String? == "ppr" && lfaq["notification_type"] as String? == "hours" && lfaq["hours_notice"] as Int? == 24)
            #expect(lfaq["operating_hours_start"] as String? == nil && lfaq["operating_hours_end"] as String? == nil)
            #expect(lfaq["summary"] as String? == "PPR 12h weekdays, 24h weekends/holidays")
            // As iOS decodes them: weekday_rules all strings, hours read with (\d+)\s*h; contact_info phone/email.
            let weekdays = try #require(try JSONSerialization.jsonObject(with: Data((lfaq["weekday_rules"] as String).utf8)) as? [String: String])
            #expect(weekdays == ["Mon-Fri": "12h", "Sat-Sun/HOL": "24h"])
            let contact = try #require(try JSONSerialization.jsonObject(with: Data((lfaq["contact_info"] as String).utf8)) as? [String: Any])
            #expect(contact["email"] as? String == "douane.aeroportalbert@douane.finances.gouv.fr" && contact["phone"] is NSNull)

            // iOS offline tool "airports by notification", max 24 h then 12 h.
            let byNotification = """
                SELECT icao, hours_notice, summary FROM ga_notification_requirements
                 WHERE (hours_notice > 0 OR (summary IS NOT NULL AND TRIM(REPLACE(REPLACE(summary, char(10), ''), char(13), '')) != ''))
                   AND (hours_notice IS NULL OR hours_notice <= ?)
                """
            #expect(try String.fetchAll(db, sql: byNotification, arguments: [24]) == ["EGMC", "LFAQ"])
            #expect(try String.fetchAll(db, sql: byNotification, arguments: [12]) == ["EGMC"])

            // iOS and Android offline tools "easiest airports", max 48 h, limit 10: only rows with a notice.
            let easiest = try Row.fetchAll(db, sql: """
                SELECT icao, hours_notice, summary, operating_hours_start, operating_hours_end FROM ga_notification_requirements
                 WHERE hours_notice IS NOT NULL AND hours_notice > 0 AND hours_notice <= ? ORDER BY hours_notice ASC LIMIT ?
                """, arguments: [48, 10])
            #expect(easiest.map { [$0[0] as String, String($0[1] as Int)] } == [["LFAQ", "24"]])

            // Android offline tool, one airport.
            let one = "SELECT notification_type, hours_notice, summary, operating_hours_start, operating_hours_end, weekday_rules, contact_info, confidence FROM ga_notification_requirements WHERE icao = ?"
            let lfaqRow = try #require(try Row.fetchOne(db, sql: one, arguments: ["LFAQ"]))
            #expect(lfaqRow[0] as String? == "hours" && lfaqRow[1] as Int? == 24 && lfaqRow[5] as String? == #"{"Mon-Fri": "12h", "Sat-Sun/HOL": "24h"}"#)
            #expect((lfaqRow[7] as Double) > 0.5)
            let egmcRow = try #require(try Row.fetchOne(db, sql: one, arguments: ["EGMC"]))
            #expect(egmcRow[0] as String? == "h24" && egmcRow[1] as Int? == nil && egmcRow[6] as String? == nil && egmcRow[7] as Double == 0.95)
            let egll = try #require(try Row.fetchOne(db, sql: one, arguments: ["EGLL"]))
            #expect(egll[0] as String? == nil && egll[2] as String? == nil && egll[7] as Double == 0)
        }
    }

    @Test("ids stay with their ICAO from one build to the next; a new airport gets an id never used before")
    func stableIDs() async throws {
        let folder = try TemporaryFolder()
        let file = try await Self.buildWithCustomsTexts(in: folder)
        func ids() async throws -> [String: Int] {
            try await DatabaseQueue(path: file.path).read { db in
                try [String: Int](uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT icao, id FROM ga_notification_requirements").map { ($0[0], $0[1]) })
            }
        }
        #expect(try await ids() == ["EGLL": 1, "EGMC": 2, "LFAQ": 3])
        let out = folder.url.appendingPathComponent("out")
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).write { db in
            try db.execute(sql: "DELETE FROM aip_entries WHERE airport_icao = 'EGMC'")
            try db.execute(sql: """
                INSERT INTO aip_entries (airport_icao, section, field, value, std_field, std_field_id, source)
                SELECT icao_code, 'operational', 'Customs', 'PPR 24 HR', 'Customs and immigration', 302, 'test_eaip'
                FROM airports WHERE icao_code = 'EBAW'
                """)
            #expect(db.changesCount == 1, "EBAW (Antwerp) is in the fixture slice")
        }
        let sources = folder.url.appendingPathComponent("linked-sources").path
        try await runCommand(["build", "--only", "notifications", "--sources", sources, "--out", out.path,
                              "--airac", "2026-11-26"])
        #expect(try await ids() == ["EBAW": 4, "EGLL": 1, "LFAQ": 3])
        let mark = try await DatabaseQueue(path: file.path).read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence") }
        #expect(mark == 4)
    }

    @Test("run alone on an untouched bundle: no manifest warning, and the empty table is reported, not silent")
    func runAloneUntouched() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        let sources = try Self.sourcesWithoutPages(in: folder)
        try await runCommand(["build", "--sources", sources, "--out", out.path, "--airac", "2026-11-26"])
        try await runCommand(["build", "--only", "notifications", "--sources", sources, "--out", out.path, "--airac", "2026-11-26"])
        #expect(await exitCode(["check", out.path]) == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as! [String: Any]
        let notifications = try #require((report["stages"] as! [[String: Any]]).first { $0["stage"] as? String == "notifications" })
        #expect((notifications["findings"] as! [[String: Any]]).map { $0["code"] as! String } == ["notifications.no_customs_texts"])
    }

    @Test("a full build of the fixture tree reads the customs texts of its eAIP pages")
    func fullBuildWithPages() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let rows = try await DatabaseQueue(path: out.appendingPathComponent("ga_notifications.db").path).read { db in
            try Row.fetchAll(db, sql: "SELECT icao, notification_type, hours_notice, summary FROM ga_notification_requirements ORDER BY id")
                .map { [$0[0], $0[1], ($0[2] as Int?).map(String.init), $0[3]] as [String?] }
        }
        // EGLL "H24"; EGTF "24 HR PNR."; LFPG "H24. Non-Schengen flights: PN 2 HR." (the notice is what a pilot from
        // outside Schengen must give).
        #expect(rows == [["EGLL", "h24", nil, "H24, no notice"], ["EGTF", "hours", "24", "PN 24h"], ["LFPG", "hours", "2", "PN 2h"]])
        #expect(await exitCode(["check", out.path]) == 0)
    }

    @Test("run alone on an --out without airports.db, the build stops and names what is missing")
    func runAloneWithoutAirports() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        let code = await exitCode(["build", "--only", "notifications", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path])
        #expect(code == 1)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("ga_notifications.db").path))
    }
}
