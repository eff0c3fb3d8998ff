import AIPStages
import Foundation
import GRDB

/// Writes `ga_notifications.db` from the notifications stage's rows, every value bound by column name
/// (``BulkInsert``), and `metadata` with the AIRAC date and bundle version.
public enum NotificationsDatabaseWriter {
    /// Creates `url` (which must not exist) and fills it.
    ///
    /// - Parameter idHighWaterMarks: the previous bundle's `sqlite_sequence` marks, so no id is handed out twice.
    /// - Returns: the file's bytes, for the manifest.
    /// - Throws: `BundleWriteError` (a mark for an unknown table, a row the writer got wrong) or GRDB's `DatabaseError`.
    @discardableResult
    public static func write(_ output: NotificationsStage.Output, to url: URL, stamp: BuildStamp,
                             idHighWaterMarks: [String: Int] = [:]) throws -> Data {
        try DatabaseImage.write(to: url) { db in
            for statement in NotificationsSchema.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertRequirements(output.rows, db: db, stamp: stamp)
            var metadata = try BulkInsert(db, into: NotificationsSchema.metadata)
            for (key, value) in [("airac_cycle", stamp.airac.identifier), ("bundle_version", stamp.version),
                                 ("last_airac_date", stamp.airac.effectiveDate)] {
                try metadata.insert { row in
                    row.set("key", key)
                    row.set("value", value)
                }
            }
            try SQLiteSequence.raise(idHighWaterMarks, of: NotificationsSchema.schema, in: db)
        }
    }

    static func insertRequirements(_ rows: [NotificationRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: NotificationsSchema.requirements)
        for notification in rows {
            let rule = notification.rule
            try insert.insert { row in
                row.set("id", Int(notification.id))
                row.set("icao", notification.icao)
                row.set("rule_type", rule.ruleType?.rawValue)
                row.set("notification_type", rule.notificationType?.rawValue)
                row.set("hours_notice", rule.hoursNotice)
                row.set("operating_hours_start", rule.operatingHoursStart)
                row.set("operating_hours_end", rule.operatingHoursEnd)
                row.set("weekday_rules", rule.weekdayRulesJSON)
                row.set("schengen_rules", rule.schengenRulesJSON)
                row.set("contact_info", rule.contactInfoJSON)
                row.set("summary", rule.summary)
                row.set("raw_text", notification.rawText)
                row.set("confidence", rule.confidence)
                row.set("extraction_method", NotificationsStage.extractionMethod)
                row.set("created_utc", stamp.timestamp)
            }
        }
    }
}
