/// `ga_notifications.db`, exactly as `data-contract.md` lists it: `ga_notification_requirements` (the name every
/// reader queries) and the optional `metadata(key, value)`.
public enum NotificationsSchema {
    public static let fileName = "ga_notifications.db"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [requirements, metadata])

    static let requirements = TableSchema(
        name: "ga_notification_requirements",
        columns: [
            .autoincrementID, .text("icao").notNull, .text("rule_type"), .text("notification_type"), .integer("hours_notice"),
            .text("operating_hours_start"), .text("operating_hours_end"), .text("weekday_rules"), .text("schengen_rules"),
            .text("contact_info"), .text("summary"), .text("raw_text"), .real("confidence"), .text("extraction_method"),
            .text("created_utc"),
        ],
        uniques: [["icao"]])

    static let metadata = TableSchema(name: "metadata", columns: [.text("key").primaryKey, .text("value")])
}
