import AIPContract

/// Value rules of `ga_notifications.db`, each a query returning the ICAO codes of offending rows.
///
/// Each is something an app reader would take without complaint and show wrong: a weekday rule iOS drops because
/// one value is a number, an `h24` row that also demands notice, a summary on a row nothing was understood in
/// (the offline tools show any non-blank summary as data).
enum NotificationsInvariants {
    private typealias Requirements = NotificationsContract.Requirements
    private typealias Metadata = NotificationsContract.Metadata
    static let table = Requirements.table.name

    /// The rows whose `column` holds JSON that is not an object.
    private static func notAnObject(_ column: ColumnSchema) -> String {
        let column = column.name
        return "SELECT icao FROM \(table) WHERE \(column) IS NOT NULL AND (NOT json_valid(\(column)) OR json_type(\(column)) <> 'object')"
    }

    /// The rows whose JSON `column` has `key` of another JSON type than `types` (a missing key counts as wrong).
    private static func keyTypes(_ column: ColumnSchema, _ keys: [String], _ types: [String]) -> String {
        let column = column.name
        let allowed = types.map { "'\($0)'" }.joined(separator: ", ")
        let tests = keys.map { "ifnull(json_type(\(column), '$.\($0)'), 'missing') NOT IN (\(allowed))" }.joined(separator: " OR ")
        return "SELECT icao FROM \(table) WHERE \(column) IS NOT NULL AND json_valid(\(column)) AND (\(tests))"
    }

    static let rules: [InvariantRule] = [
        InvariantRule(name: "ga_notification_requirements.icao shape", table: Requirements.table, column: Requirements.icao,
                      message: "is not four upper-case letters",
                      sql: "SELECT icao FROM \(table) WHERE icao NOT GLOB '[A-Z][A-Z][A-Z][A-Z]'"),
        InvariantRule(name: "ga_notification_requirements.rule_type domain", table: Requirements.table, column: Requirements.ruleType,
                      message: "is not customs, immigration, ppr, pn or handling",
                      sql: "SELECT icao FROM \(table) WHERE rule_type NOT IN ('customs', 'immigration', 'ppr', 'pn', 'handling')"),
        InvariantRule(name: "ga_notification_requirements.notification_type domain", table: Requirements.table, column: Requirements.notificationType,
                      message: "is not h24, hours, on_request, business_day, as_ad_hours or not_available", sql: """
            SELECT icao FROM \(table)
            WHERE notification_type NOT IN ('h24', 'hours', 'on_request', 'business_day', 'as_ad_hours', 'not_available')
            """),
        InvariantRule(name: "ga_notification_requirements.rule_type set", table: Requirements.table, column: Requirements.ruleType,
                      message: "is NULL on a row with a notification_type (iOS would read it as ppr)",
                      sql: "SELECT icao FROM \(table) WHERE notification_type IS NOT NULL AND rule_type IS NULL"),
        InvariantRule(name: "ga_notification_requirements nothing understood", table: Requirements.table, column: Requirements.summary,
                      message: "a row with no notification_type has a summary, a notice, weekday rules or a confidence above 0", sql: """
            SELECT icao FROM \(table) WHERE notification_type IS NULL
                AND (summary IS NOT NULL OR hours_notice IS NOT NULL OR weekday_rules IS NOT NULL OR confidence IS NOT 0)
            """),
        InvariantRule(name: "ga_notification_requirements.summary set", table: Requirements.table, column: Requirements.summary,
                      message: "is NULL or blank on a row with a notification_type",
                      sql: "SELECT icao FROM \(table) WHERE notification_type IS NOT NULL AND trim(ifnull(summary, '')) = ''"),
        InvariantRule(name: "ga_notification_requirements.confidence range", table: Requirements.table, column: Requirements.confidence,
                      message: "is NULL or outside 0…1",
                      sql: "SELECT icao FROM \(table) WHERE confidence IS NULL OR confidence < 0 OR confidence > 1"),
        InvariantRule(name: "ga_notification_requirements.hours_notice positive", table: Requirements.table, column: Requirements.hoursNotice,
                      message: "is not a positive number of hours",
                      sql: "SELECT icao FROM \(table) WHERE hours_notice <= 0"),
        InvariantRule(name: "ga_notification_requirements h24 without notice", table: Requirements.table, column: Requirements.hoursNotice,
                      message: "is set (or weekday_rules is) on an h24 row",
                      sql: "SELECT icao FROM \(table) WHERE notification_type = 'h24' AND (hours_notice IS NOT NULL OR weekday_rules IS NOT NULL)"),
        InvariantRule(name: "ga_notification_requirements notice without a type that has one", table: Requirements.table, column: Requirements.hoursNotice,
                      message: "is set on an on_request, as_ad_hours or not_available row", sql: """
            SELECT icao FROM \(table)
            WHERE notification_type IN ('on_request', 'as_ad_hours', 'not_available') AND hours_notice IS NOT NULL
            """),
        InvariantRule(name: "ga_notification_requirements operating hours", table: Requirements.table, column: Requirements.operatingHoursStart,
                      message: "start and end are not both NULL or both HHMM times", sql: """
            SELECT icao FROM \(table)
            WHERE (operating_hours_start IS NULL) <> (operating_hours_end IS NULL)
                OR operating_hours_start NOT GLOB '[0-2][0-9][0-5][0-9]' OR operating_hours_end NOT GLOB '[0-2][0-9][0-5][0-9]'
                OR CAST(operating_hours_start AS INTEGER) > 2400 OR CAST(operating_hours_end AS INTEGER) > 2400
            """),
        InvariantRule(name: "ga_notification_requirements.weekday_rules JSON", table: Requirements.table, column: Requirements.weekdayRules,
                      message: "is not a JSON object", sql: notAnObject(Requirements.weekdayRules)),
        InvariantRule(name: "ga_notification_requirements.weekday_rules strings", table: Requirements.table, column: Requirements.weekdayRules,
                      message: "holds a value that is not a string (iOS drops the whole object)", sql: """
            SELECT DISTINCT t.icao FROM \(table) AS t
            JOIN json_each(CASE WHEN json_valid(t.weekday_rules) THEN t.weekday_rules ELSE '{}' END) AS e
            WHERE e.type <> 'text'
            """),
        InvariantRule(name: "ga_notification_requirements.hours_notice largest weekday figure", table: Requirements.table, column: Requirements.hoursNotice,
                      message: "is not the largest hour figure of weekday_rules", sql: """
            SELECT icao FROM (
                SELECT icao, hours_notice, (SELECT max(CAST(e.value AS INTEGER)) FROM json_each(t.weekday_rules) AS e
                                            WHERE e.type = 'text' AND e.value GLOB '[0-9]*') AS largest
                FROM \(table) AS t WHERE json_valid(t.weekday_rules))
            WHERE largest IS NOT NULL AND largest IS NOT hours_notice
            """),
        InvariantRule(name: "ga_notification_requirements.schengen_rules JSON", table: Requirements.table, column: Requirements.schengenRules,
                      message: "is not a JSON object", sql: notAnObject(Requirements.schengenRules)),
        InvariantRule(name: "ga_notification_requirements.schengen_rules keys", table: Requirements.table, column: Requirements.schengenRules,
                      message: "lacks schengen_only / non_schengen_only as true or false",
                      sql: keyTypes(Requirements.schengenRules, ["schengen_only", "non_schengen_only"], ["true", "false"])),
        InvariantRule(name: "ga_notification_requirements.schengen_rules not both", table: Requirements.table, column: Requirements.schengenRules,
                      message: "says both schengen_only and non_schengen_only", sql: """
            SELECT icao FROM \(table) WHERE json_valid(schengen_rules)
                AND json_type(schengen_rules, '$.schengen_only') = 'true' AND json_type(schengen_rules, '$.non_schengen_only') = 'true'
            """),
        InvariantRule(name: "ga_notification_requirements.contact_info JSON", table: Requirements.table, column: Requirements.contactInfo,
                      message: "is not a JSON object", sql: notAnObject(Requirements.contactInfo)),
        InvariantRule(name: "ga_notification_requirements.contact_info keys", table: Requirements.table, column: Requirements.contactInfo,
                      message: "lacks phone / email as a string or null",
                      sql: keyTypes(Requirements.contactInfo, ["phone", "email"], ["text", "null"])),
        InvariantRule(name: "\(Metadata.table.name) keys", table: Metadata.table, column: Metadata.key,
                      message: "lacks a key the bundle needs", sql: """
            SELECT k FROM (SELECT '\(MetadataKey.lastAiracDate)' AS k UNION ALL SELECT '\(MetadataKey.bundleVersion)')
            WHERE k NOT IN (SELECT \(Metadata.key.name) FROM \(Metadata.table.name))
            """),
    ]
}
