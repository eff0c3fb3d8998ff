/// The bookkeeping tables of `airports.db`: metadata, source counts, and the AIRAC cycles the change log covers.
extension AirportsContract {
    /// `model_metadata`: key–value pairs (``MetadataKey``).
    public enum ModelMetadata {
        public static let key = MetadataTable.key
        public static let value = MetadataTable.value
        public static let updatedAt = SharedColumns.updatedAt

        public static let table = TableSchema(name: MetadataTable.modelMetadataName, columns: [key, value, updatedAt])
    }

    /// `sources`: airports per source tag.
    public enum Sources {
        public static let name = ColumnSchema.text("name").primaryKey
        public static let lastUpdated = ColumnSchema.text("last_updated")
        public static let recordCount = ColumnSchema.integer("record_count")

        public static let table = TableSchema(name: "sources", columns: [name, lastUpdated, recordCount])
    }

    /// `airac_updates`: one row per AIRAC cycle built (and per source that fetched it).
    public enum AiracUpdates {
        public static let id = SharedColumns.id
        public static let airacDate = SharedColumns.airacDate.notNull
        public static let source = SharedColumns.source.notNull
        public static let fetchedAt = ColumnSchema.text("fetched_at").notNull
        public static let airportsUpdated = ColumnSchema.integer("airports_updated").defaults("0")
        public static let changesCount = ColumnSchema.integer("changes_count").defaults("0")
        public static let status = ColumnSchema.text("status").defaults("'success'")

        public static let table = TableSchema(
            name: "airac_updates",
            columns: [id, airacDate, source, fetchedAt, airportsUpdated, changesCount, status],
            uniques: [[airacDate, source]],
            introduced: .euroAIP013)
    }

    /// `airac_country_coverage`: airports per country and source tag, as of the bundle's cycle.
    public enum AiracCountryCoverage {
        public static let countryISO = ColumnSchema.text("country_iso").notNull
        public static let airacDate = SharedColumns.airacDate.notNull
        public static let source = SharedColumns.source.notNull
        public static let airportsCount = ColumnSchema.integer("airports_count").defaults("0")
        public static let updatedAt = SharedColumns.updatedAt.notNull

        public static let table = TableSchema(
            name: "airac_country_coverage",
            columns: [countryISO, airacDate, source, airportsCount, updatedAt],
            primaryKey: [countryISO, source],
            introduced: .euroAIP013)
    }
}
