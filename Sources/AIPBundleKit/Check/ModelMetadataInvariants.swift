/// Rules on `model_metadata(key, value)`, shared by every SQLite bundle file that has that table.
enum ModelMetadataInvariants {
    static let schemaVersion = InvariantRule(
        name: "model_metadata.schema_version", table: "model_metadata", column: "value",
        message: "schema_version is not '1'",
        sql: "SELECT coalesce((SELECT value FROM model_metadata WHERE key = 'schema_version'), 'missing') AS v WHERE v IS NOT '1'")

    /// The manifest, deltas and the app's "data as of" line need the stamp; an empty one is a build that lost it.
    static let stamp = InvariantRule(
        name: "model_metadata stamp", table: "model_metadata", column: "value",
        message: "bundle_version, airac_cycle and airac_date must be set; missing or empty", sql: """
            SELECT required.key FROM (SELECT 'airac_cycle' AS key UNION ALL SELECT 'airac_date' UNION ALL SELECT 'bundle_version') AS required
            LEFT JOIN model_metadata ON model_metadata.key = required.key
            WHERE trim(coalesce(model_metadata.value, '')) = '' ORDER BY required.key
            """)

    /// With a modifier, date() normalises an impossible day (2026-02-30 becomes 2026-03-02), so only a real date
    /// survives the round trip; without one it accepts any day up to 31.
    static let airacDate = InvariantRule(
        name: "model_metadata.airac_date", table: "model_metadata", column: "value",
        message: "airac_date is not a YYYY-MM-DD date", sql: """
            SELECT value FROM model_metadata WHERE key = 'airac_date' AND trim(value) <> ''
                AND (value NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' OR date(value, '+0 days') IS NOT value)
            """)
}
