import AIPContract

/// Rules on `model_metadata(key, value)`, shared by every SQLite bundle file that has that table (each file
/// declares its own, so each rule is made for the file's table).
enum ModelMetadataInvariants {
    private static let key = MetadataTable.key.name, value = MetadataTable.value.name

    static func schemaVersion(in table: TableSchema) -> InvariantRule {
        InvariantRule(
            name: "\(table.name).\(MetadataKey.schemaVersion)", table: table, column: MetadataTable.value,
            message: "\(MetadataKey.schemaVersion) is not '1'",
            sql: "SELECT coalesce((SELECT \(value) FROM \(table.name) WHERE \(key) = '\(MetadataKey.schemaVersion)'), 'missing') AS v WHERE v IS NOT '1'")
    }

    /// The manifest, deltas and the app's "data as of" line need the stamp; an empty one is a build that lost it.
    static func stamp(in table: TableSchema) -> InvariantRule {
        let required = [MetadataKey.airacCycle, MetadataKey.airacDate, MetadataKey.bundleVersion]
        return InvariantRule(
            name: "\(table.name) stamp", table: table, column: MetadataTable.value,
            message: "\(MetadataKey.bundleVersion), \(MetadataKey.airacCycle) and \(MetadataKey.airacDate) must be set; missing or empty", sql: """
                SELECT required.k FROM (\(required.map { "SELECT '\($0)' AS k" }.joined(separator: " UNION ALL "))) AS required
                LEFT JOIN \(table.name) ON \(table.name).\(key) = required.k
                WHERE trim(coalesce(\(table.name).\(value), '')) = '' ORDER BY required.k
                """)
    }

    /// With a modifier, date() normalises an impossible day (2026-02-30 becomes 2026-03-02), so only a real date
    /// survives the round trip; without one it accepts any day up to 31.
    static func airacDate(in table: TableSchema) -> InvariantRule {
        InvariantRule(
            name: "\(table.name).\(MetadataKey.airacDate)", table: table, column: MetadataTable.value,
            message: "\(MetadataKey.airacDate) is not a YYYY-MM-DD date", sql: """
                SELECT \(value) FROM \(table.name) WHERE \(key) = '\(MetadataKey.airacDate)' AND trim(\(value)) <> ''
                    AND (\(value) NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' OR date(\(value), '+0 days') IS NOT \(value))
                """)
    }
}
