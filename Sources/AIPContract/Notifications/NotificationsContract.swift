/// `ga_notifications.db`, exactly as `data-contract.md` lists it: `ga_notification_requirements` (the name every
/// reader queries) and the optional `metadata(key, value)`.
public enum NotificationsContract {
    public static let fileName = "ga_notifications.db"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [Requirements.table, Metadata.table])

    /// `ga_notification_requirements`: one row per airport with a customs/immigration text (AIP field 302).
    public enum Requirements {
        public static let id = SharedColumns.id
        /// Upper-case ICAO code; UNIQUE, and the key the row's id carries over by.
        public static let icao = ColumnSchema.text("icao").notNull
        public static let ruleType = ColumnSchema.text("rule_type")
        public static let notificationType = ColumnSchema.text("notification_type")
        public static let hoursNotice = ColumnSchema.integer("hours_notice")
        public static let operatingHoursStart = ColumnSchema.text("operating_hours_start")
        public static let operatingHoursEnd = ColumnSchema.text("operating_hours_end")
        /// A JSON object whose values are all strings.
        public static let weekdayRules = ColumnSchema.text("weekday_rules")
        public static let schengenRules = ColumnSchema.text("schengen_rules")
        public static let contactInfo = ColumnSchema.text("contact_info")
        /// NULL when nothing was understood.
        public static let summary = ColumnSchema.text("summary")
        public static let rawText = ColumnSchema.text("raw_text")
        public static let confidence = ColumnSchema.real("confidence")
        public static let extractionMethod = ColumnSchema.text("extraction_method")
        public static let createdUTC = ColumnSchema.text("created_utc")

        public static let table = TableSchema(
            name: "ga_notification_requirements",
            columns: [
                id, icao, ruleType, notificationType, hoursNotice, operatingHoursStart, operatingHoursEnd, weekdayRules,
                schengenRules, contactInfo, summary, rawText, confidence, extractionMethod, createdUTC,
            ],
            uniques: [[icao]])

        public static let naturalKey = NaturalKey(file: fileName, table: table, columns: [icao])
    }

    /// `metadata`: key–value pairs (``MetadataKey``); no reader opens it.
    public enum Metadata {
        public static let key = MetadataTable.key
        public static let value = MetadataTable.value

        public static let table = TableSchema(name: "metadata", columns: [key, value])
    }
}
