/// `european_cities.db`: the `cities` table the app's geocoder reads (`data-contract.md`), the `city_names` lookup
/// table, and `model_metadata`.
///
/// The app runs three lookups on `cities`, in order: `name = ? COLLATE NOCASE`, `name LIKE 'query%' COLLATE NOCASE`,
/// `alternate_names LIKE '%query%' COLLATE NOCASE`. The first two are served by the index on `name COLLATE NOCASE`;
/// the third scans every row, which is why `city_names` holds every name of every city folded (lower-case, accents
/// removed), one row per name, keyed and so indexed by `(name, geonameid)`: `munchen`, `munich` and `мюнхен` all lead
/// to the same geonameid through an index.
public enum CitiesContract {
    public static let fileName = "european_cities.db"

    /// Value of `model_metadata.schema_version`.
    public static let schemaVersion = "1"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [Cities.table, CityNames.table, ModelMetadata.table])

    /// The app reads `name`, `latitude`, `longitude`, `country_code`, `population` by position from its own SELECT and
    /// `alternate_names` in a WHERE; the other columns serve lookups and deltas. A NULL name, coordinate or country
    /// would geocode to 0°, 0° or silently drop the row, hence NOT NULL.
    public enum Cities {
        /// The GeoNames id, stable across releases: the row's key.
        public static let geonameid = ColumnSchema(name: "geonameid", type: .integer, isPrimaryKey: true)
        public static let name = ColumnSchema.text("name").notNull
        public static let asciiName = ColumnSchema.text("ascii_name")
        public static let latitude = ColumnSchema.real("latitude").notNull.within(PhysicalRange.latitude)
        public static let longitude = ColumnSchema.real("longitude").notNull.within(PhysicalRange.longitude)
        public static let countryCode = ColumnSchema.text("country_code").notNull
        public static let admin1Code = ColumnSchema.text("admin1_code")
        public static let featureCode = ColumnSchema.text("feature_code")
        public static let population = ColumnSchema.integer("population").notNull.within(PhysicalRange.population)
        /// Comma-separated, as in GeoNames, with the ASCII spellings of accented names.
        public static let alternateNames = ColumnSchema.text("alternate_names")

        public static let table = TableSchema(
            name: "cities",
            columns: [geonameid, name, asciiName, latitude, longitude, countryCode, admin1Code, featureCode, population, alternateNames],
            indexes: [.on(name, collate: "NOCASE", name: "idx_cities_name_nocase")])
    }

    /// One row per folded name of a city. The primary key's index serves `name = ?` and prefix range lookups.
    public enum CityNames {
        public static let name = ColumnSchema.text("name").notNull
        public static let geonameid = ColumnSchema.integer("geonameid").notNull

        public static let table = TableSchema(
            name: "city_names",
            columns: [name, geonameid],
            primaryKey: [name, geonameid],
            foreignKeys: [.column(geonameid, references: Cities.table, Cities.geonameid)])
    }

    /// `model_metadata`: key–value pairs (``MetadataKey``).
    public enum ModelMetadata {
        public static let key = MetadataTable.key
        public static let value = MetadataTable.value

        public static let table = TableSchema(name: MetadataTable.modelMetadataName, columns: [key, value])
    }
}
