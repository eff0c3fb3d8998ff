import AIPContract
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
            for statement in NotificationsContract.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertRequirements(output.rows, db: db, stamp: stamp)
            typealias Metadata = NotificationsContract.Metadata
            var metadata = try BulkInsert(db, into: Metadata.table)
            for (key, value) in [(MetadataKey.airacCycle, stamp.airac.identifier), (MetadataKey.bundleVersion, stamp.version),
                                 (MetadataKey.lastAiracDate, stamp.airac.effectiveDate)] {
                try metadata.insert { row in
                    row.set(Metadata.key, key)
                    row.set(Metadata.value, value)
                }
            }
            try SQLiteSequence.raise(idHighWaterMarks, of: NotificationsContract.schema, in: db)
        }
    }

    static func insertRequirements(_ rows: [NotificationRow], db: Database, stamp: BuildStamp) throws {
        typealias Requirements = NotificationsContract.Requirements
        var insert = try BulkInsert(db, into: Requirements.table)
        for notification in rows {
            let rule = notification.rule
            try insert.insert { row in
                row.set(Requirements.id, Int(notification.id))
                row.set(Requirements.icao, notification.icao)
                row.set(Requirements.ruleType, rule.ruleType?.rawValue)
                row.set(Requirements.notificationType, rule.notificationType?.rawValue)
                row.set(Requirements.hoursNotice, rule.hoursNotice)
                row.set(Requirements.operatingHoursStart, rule.operatingHoursStart)
                row.set(Requirements.operatingHoursEnd, rule.operatingHoursEnd)
                row.set(Requirements.weekdayRules, rule.weekdayRulesJSON)
                row.set(Requirements.schengenRules, rule.schengenRulesJSON)
                row.set(Requirements.contactInfo, rule.contactInfoJSON)
                row.set(Requirements.summary, rule.summary)
                row.set(Requirements.rawText, notification.rawText)
                row.set(Requirements.confidence, rule.confidence)
                row.set(Requirements.extractionMethod, NotificationsStage.extractionMethod(rule))
                row.set(Requirements.createdUTC, stamp.timestamp)
            }
        }
    }
}
