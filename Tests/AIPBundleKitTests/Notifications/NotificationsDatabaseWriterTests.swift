@testable import AIPBundleKit
import AIPContract
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

@Suite("ga_notifications.db writer")
struct NotificationsDatabaseWriterTests {
    static let texts = [
        "EGMC": RealCustomsTexts.egmc,
        "LFAQ": RealCustomsTexts.lfaq,
        "LFAT": "0800 - 1800 E-mail : douane-aeroportletouquet@douane.finances.gouv.fr TEL : 03 21 06 46 13",
        "LFQQ": "Extra-Schengen: PN 48 HR",
        "LFXX": "see AD 2.20",
    ]

    func write(_ folder: TemporaryFolder, marks: [String: Int] = [:]) throws -> (URL, Data) {
        let url = folder.url.appendingPathComponent(NotificationsContract.fileName)
        let data = try NotificationsDatabaseWriter.write(notificationsOutput(Self.texts), to: url, stamp: testStamp, idHighWaterMarks: marks)
        return (url, data)
    }

    @Test("every column of every row reads back as written, in contract order")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        let (url, data) = try write(folder)
        #expect(try Data(contentsOf: url) == data)
        let queue = try DatabaseQueue(path: url.path)
        let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM ga_notification_requirements ORDER BY id") }
        #expect(rows.first?.columnNames.map { $0 } == NotificationsContract.Requirements.table.columns.map(\.name))
        #expect(rows.map { $0["icao"] as String } == ["EGMC", "LFAQ", "LFAT", "LFQQ", "LFXX"])
        #expect(rows.map { $0["id"] as Int } == [1, 2, 3, 4, 5])

        let lfaq = rows[1]
        #expect(lfaq["rule_type"] as String? == "ppr")
        #expect(lfaq["notification_type"] as String? == "hours")
        #expect(lfaq["hours_notice"] as Int? == 24)
        #expect(lfaq["weekday_rules"] as String? == #"{"Mon-Fri": "12h", "Sat-Sun/HOL": "24h"}"#)
        #expect(lfaq["schengen_rules"] as String? == nil)
        #expect(lfaq["contact_info"] as String? == #"{"phone": null, "email": "douane.aeroportalbert@douane.finances.gouv.fr"}"#)
        #expect(lfaq["summary"] as String? == "PPR 12h weekdays, 24h weekends/holidays")
        #expect(lfaq["raw_text"] as String? == RealCustomsTexts.lfaq)
        // The parser's name, then each rule read with the words it rests on.
        let method = lfaq["extraction_method"] as String? ?? ""
        #expect(method == NotificationsStage.extractionMethod(NotificationParser.parse(RealCustomsTexts.lfaq)))
        #expect(method.hasPrefix(NotificationsStage.extractionMethod + ": ") && method.contains("notice «12 HR»"), "\(method)")
        #expect(lfaq["created_utc"] as String? == testStamp.timestamp)
        #expect((lfaq["confidence"] as Double? ?? 0) > 0.5)

        let lfat = rows[2]
        #expect(lfat["notification_type"] as String? == "hours")
        #expect(lfat["hours_notice"] as Int? == nil)
        #expect(lfat["operating_hours_start"] as String? == "0800")
        #expect(lfat["operating_hours_end"] as String? == "1800")
        #expect(lfat["contact_info"] as String? == #"{"phone": "03 21 06 46 13", "email": "douane-aeroportletouquet@douane.finances.gouv.fr"}"#)
        #expect(rows[3]["schengen_rules"] as String? == #"{"schengen_only": false, "non_schengen_only": true}"#)

        let unknown = rows[4]
        #expect(unknown["notification_type"] as String? == nil)
        #expect(unknown["rule_type"] as String? == nil)
        #expect(unknown["summary"] as String? == nil)
        #expect(unknown["confidence"] as Double? == 0)
        #expect(unknown["raw_text"] as String? == "see AD 2.20")

        let metadata = try queue.read { db in try [String: String](uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT key, value FROM metadata").map { ($0[0], $0[1]) }) }
        #expect(metadata == ["airac_cycle": testStamp.airac.identifier, "bundle_version": "test", "last_airac_date": "2026-11-26"])
        #expect(try BundleChecker.check(url).isEmpty)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "delete")
    }

    @Test("the same rows give the same bytes; the previous id mark is kept")
    func deterministicAndMarks() throws {
        let (first, second) = (try TemporaryFolder(), try TemporaryFolder())
        #expect(try write(first).1 == write(second).1)
        let folder = try TemporaryFolder()
        let (url, _) = try write(folder, marks: ["ga_notification_requirements": 40])
        let queue = try DatabaseQueue(path: url.path)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'ga_notification_requirements'") } == 40)
        #expect(throws: BundleWriteError.self) { try write(try TemporaryFolder(), marks: ["metadata": 3]) }
    }
}
