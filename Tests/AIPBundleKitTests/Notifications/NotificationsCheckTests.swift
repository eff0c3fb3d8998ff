import AIPBundleKit
import AIPContract
import Foundation
import GRDB
import TestSupport
import Testing

/// `check` on broken copies of a good ga_notifications.db: each break is found, under the rule that names it.
@Suite("ga_notifications.db check")
struct NotificationsCheckTests {
    func brokenCopy(_ sql: String) throws -> [String] {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent(NotificationsContract.fileName)
        try NotificationsDatabaseWriter.write(notificationsOutput(NotificationsDatabaseWriterTests.texts), to: url, stamp: testStamp)
        #expect(try BundleChecker.check(url).isEmpty)
        try DatabaseQueue(path: url.path).write { try $0.execute(sql: sql) }
        return try BundleChecker.check(url).map(\.description)
    }

    @Test("each broken value is found", arguments: [
        ("UPDATE ga_notification_requirements SET weekday_rules = '{\"Mon-Fri\": 12, \"Sat-Sun/HOL\": \"24h\"}' WHERE icao = 'LFAQ'",
         "weekday_rules: holds a value that is not a string (iOS drops the whole object) (1 row, e.g. LFAQ)"),
        ("UPDATE ga_notification_requirements SET weekday_rules = 'Mon-Fri 12h' WHERE icao = 'LFAQ'", "weekday_rules: is not a JSON object (1 row, e.g. LFAQ)"),
        ("UPDATE ga_notification_requirements SET hours_notice = 12 WHERE icao = 'LFAQ'",
         "hours_notice: is not the largest hour figure of weekday_rules (1 row, e.g. LFAQ)"),
        ("UPDATE ga_notification_requirements SET hours_notice = 24 WHERE icao = 'EGMC'", "hours_notice: is set (or weekday_rules is) on an h24 row (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET summary = 'see AD 2.20' WHERE icao = 'LFXX'",
         "summary: a row with no notification_type has a summary, a notice, weekday rules or a confidence above 0 (1 row, e.g. LFXX)"),
        ("UPDATE ga_notification_requirements SET summary = ' ' WHERE icao = 'EGMC'", "summary: is NULL or blank on a row with a notification_type (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET rule_type = NULL WHERE icao = 'EGMC'",
         "rule_type: is NULL on a row with a notification_type (iOS would read it as ppr) (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET notification_type = 'ppr' WHERE icao = 'EGMC'",
         "notification_type: is not h24, hours, on_request, business_day, as_ad_hours or not_available (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET rule_type = 'police' WHERE icao = 'EGMC'",
         "rule_type: is not customs, immigration, ppr, pn or handling (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET confidence = 1.5 WHERE icao = 'EGMC'", "confidence: is NULL or outside 0…1 (1 row, e.g. EGMC)"),
        ("UPDATE ga_notification_requirements SET icao = 'lfaq' WHERE icao = 'LFAQ'", "icao: is not four upper-case letters (1 row, e.g. lfaq)"),
        ("UPDATE ga_notification_requirements SET operating_hours_end = NULL WHERE icao = 'LFAT'",
         "operating_hours_start: start and end are not both NULL or both HHMM times (1 row, e.g. LFAT)"),
        ("UPDATE ga_notification_requirements SET operating_hours_start = '8:00' WHERE icao = 'LFAT'",
         "operating_hours_start: start and end are not both NULL or both HHMM times (1 row, e.g. LFAT)"),
        ("UPDATE ga_notification_requirements SET schengen_rules = '{\"schengen_only\": true, \"non_schengen_only\": true}' WHERE icao = 'LFQQ'",
         "schengen_rules: says both schengen_only and non_schengen_only (1 row, e.g. LFQQ)"),
        ("UPDATE ga_notification_requirements SET schengen_rules = '{\"schengen_only\": 1}' WHERE icao = 'LFQQ'",
         "schengen_rules: lacks schengen_only / non_schengen_only as true or false (1 row, e.g. LFQQ)"),
        ("UPDATE ga_notification_requirements SET contact_info = '{\"phone\": 321064613, \"email\": null}' WHERE icao = 'LFAT'",
         "contact_info: lacks phone / email as a string or null (1 row, e.g. LFAT)"),
        ("UPDATE ga_notification_requirements SET notification_type = 'on_request' WHERE icao = 'LFAQ'",
         "hours_notice: is set on an on_request, as_ad_hours or not_available row (1 row, e.g. LFAQ)"),
        ("DELETE FROM metadata WHERE key = 'last_airac_date'", "metadata.key: lacks a key the bundle needs (1 row, e.g. last_airac_date)"),
    ])
    func brokenValue(sql: String, expected: String) throws {
        let findings = try brokenCopy(sql)
        #expect(findings.contains { $0.hasSuffix(expected) }, "\(findings)")
    }

    @Test("a renamed table is a schema finding: every app reader queries ga_notification_requirements")
    func renamedTable() throws {
        let findings = try brokenCopy("ALTER TABLE ga_notification_requirements RENAME TO notification_requirements")
        #expect(findings.contains { $0.contains("ga_notification_requirements") && $0.contains("missing") }, "\(findings)")
    }
}
