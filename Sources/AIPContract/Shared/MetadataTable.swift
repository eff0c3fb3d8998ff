/// The key–value tables of the bundle's databases: `model_metadata` in `airports.db` and `european_cities.db` (the
/// name euro_aip gives it), `metadata` in `ga_notifications.db`.
public enum MetadataTable {
    public static let modelMetadataName = "model_metadata"
    public static let key = ColumnSchema(name: "key", type: .text, isPrimaryKey: true)
    public static let value = ColumnSchema(name: "value", type: .text)
}

/// The keys the build writes in the metadata tables. Extra keys are harmless to every reader.
public enum MetadataKey {
    /// The contract's version of the file's schema (`1`); `manifest.json` repeats it.
    public static let schemaVersion = "schema_version"
    /// `airports.db`: the counts euro_aip keeps, as a JSON object.
    public static let statistics = "statistics"
    /// The AIRAC cycle id (`2612`).
    public static let airacCycle = "airac_cycle"
    /// The AIRAC cycle's effective date (`2026-11-26`).
    public static let airacDate = "airac_date"
    /// `ga_notifications.db`'s name for the effective date.
    public static let lastAiracDate = "last_airac_date"
    public static let bundleVersion = "bundle_version"
    /// `european_cities.db`: the GeoNames files read, comma-separated.
    public static let source = "source"
}
