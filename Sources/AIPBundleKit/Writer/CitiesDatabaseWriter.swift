import AIPStages
import Foundation
import GRDB

/// Writes `european_cities.db` from the cities stage's rows: `cities` in geonameid order, their `city_names`, and
/// `model_metadata`. Every value is bound by column name (``BulkInsert``).
public enum CitiesDatabaseWriter {
    /// Creates `url` (which must not exist) and fills it.
    ///
    /// - Returns: the file's bytes, for the manifest.
    /// - Throws: `BundleWriteError` (a row the writer got wrong) or GRDB's `DatabaseError` when SQLite refuses a row.
    @discardableResult
    public static func write(_ output: CitiesStage.Output, to url: URL, stamp: BuildStamp) throws -> Data {
        try DatabaseImage.write(to: url) { db in
            for statement in CitiesSchema.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertCities(output.cities, db: db)
            try insertNames(output.cities, db: db)
            try insertMetadata(output, db: db, stamp: stamp)
        }
    }

    static func insertCities(_ rows: [CityRow], db: Database) throws {
        var insert = try BulkInsert(db, into: CitiesSchema.cities)
        for city in rows {
            try insert.insert { row in
                row.set("geonameid", city.geonameid)
                row.set("name", city.name)
                row.set("ascii_name", city.asciiName)
                row.set("latitude", city.latitudeDeg)
                row.set("longitude", city.longitudeDeg)
                row.set("country_code", city.countryCode)
                row.set("admin1_code", city.admin1Code)
                row.set("feature_code", city.featureCode)
                row.set("population", city.population)
                row.set("alternate_names", city.alternateNames)
            }
        }
    }

    /// The lookup rows, city by city (cities in geonameid order, each city's names sorted): the same order, and so the
    /// same file, every build. (Sorting all pairs by name first cost more than the b-tree saves.)
    static func insertNames(_ rows: [CityRow], db: Database) throws {
        var insert = try BulkInsert(db, into: CitiesSchema.cityNames)
        for city in rows {
            for name in city.lookupNames {
                try insert.insert { row in
                    row.set("name", name)
                    row.set("geonameid", city.geonameid)
                }
            }
        }
    }

    static func insertMetadata(_ output: CitiesStage.Output, db: Database, stamp: BuildStamp) throws {
        let metadata: [(String, String)] = [
            ("airac_cycle", stamp.airac.identifier),
            ("airac_date", stamp.airac.effectiveDate),
            ("bundle_version", stamp.version),
            ("schema_version", CitiesSchema.schemaVersion),
            ("source", output.inputs.map(\.file).joined(separator: ",")),
        ]
        var insert = try BulkInsert(db, into: CitiesSchema.modelMetadata)
        for (key, value) in metadata {
            try insert.insert { row in
                row.set("key", key)
                row.set("value", value)
            }
        }
    }
}
