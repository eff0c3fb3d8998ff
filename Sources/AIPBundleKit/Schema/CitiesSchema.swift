/// `european_cities.db`: the `cities` table the app's geocoder reads (`data-contract.md`), the `city_names` lookup
/// table, and `model_metadata`.
///
/// The app runs three lookups on `cities`, in order: `name = ? COLLATE NOCASE`, `name LIKE 'query%' COLLATE NOCASE`,
/// `alternate_names LIKE '%query%' COLLATE NOCASE`. The first two are served by the index on `name COLLATE NOCASE`;
/// the third scans every row, which is why `city_names` holds every name of every city folded (lower-case, accents
/// removed), one row per name, keyed and so indexed by `(name, geonameid)`: `munchen`, `munich` and `мюнхен` all lead
/// to the same geonameid through an index.
public enum CitiesSchema {
    public static let fileName = "european_cities.db"

    /// Value of `model_metadata.schema_version`.
    public static let schemaVersion = "1"

    public static let schema = DatabaseSchema(fileName: fileName, tables: [cities, cityNames, modelMetadata])

    /// The app reads `name`, `latitude`, `longitude`, `country_code`, `population` by position from its own SELECT and
    /// `alternate_names` in a WHERE; the other columns serve lookups and deltas. A NULL name, coordinate or country
    /// would geocode to 0°, 0° or silently drop the row, hence NOT NULL.
    static let cities = TableSchema(
        name: "cities",
        columns: [
            ColumnSchema(name: "geonameid", type: .integer, isPrimaryKey: true), .text("name").notNull, .text("ascii_name"),
            .real("latitude").notNull, .real("longitude").notNull, .text("country_code").notNull, .text("admin1_code"),
            .text("feature_code"), .integer("population").notNull, .text("alternate_names"),
        ],
        indexes: [.on("name COLLATE NOCASE", name: "idx_cities_name_nocase")])

    /// One row per folded name of a city. The primary key's index serves `name = ?` and prefix range lookups.
    static let cityNames = TableSchema(
        name: "city_names",
        columns: [.text("name").notNull, .integer("geonameid").notNull],
        primaryKey: ["name", "geonameid"],
        foreignKeys: [.column("geonameid", references: "cities", "geonameid")])

    static let modelMetadata = TableSchema(
        name: "model_metadata",
        columns: [.text("key").primaryKey, .text("value")])
}
