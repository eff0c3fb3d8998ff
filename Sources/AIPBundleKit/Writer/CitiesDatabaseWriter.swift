import AIPContract
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
            for statement in CitiesContract.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertCities(output.cities, db: db)
            try insertNames(output.cities, db: db)
            try insertMetadata(output, db: db, stamp: stamp)
        }
    }

    static func insertCities(_ rows: [CityRow], db: Database) throws {
        typealias Cities = CitiesContract.Cities
        var insert = try BulkInsert(db, into: Cities.table)
        for city in rows {
            try insert.insert { row in
                row.set(Cities.geonameid, city.geonameid)
                row.set(Cities.name, city.name)
                row.set(Cities.asciiName, city.asciiName)
                row.set(Cities.latitude, city.latitudeDeg)
                row.set(Cities.longitude, city.longitudeDeg)
                row.set(Cities.countryCode, city.countryCode)
                row.set(Cities.admin1Code, city.admin1Code)
                row.set(Cities.featureCode, city.featureCode)
                row.set(Cities.population, city.population)
                row.set(Cities.alternateNames, city.alternateNames)
            }
        }
    }

    /// The lookup rows, city by city (cities in geonameid order, each city's names sorted): the same order, and so the
    /// same file, every build. (Sorting all pairs by name first cost more than the b-tree saves.)
    static func insertNames(_ rows: [CityRow], db: Database) throws {
        typealias CityNames = CitiesContract.CityNames
        var insert = try BulkInsert(db, into: CityNames.table)
        for city in rows {
            for name in city.lookupNames {
                try insert.insert { row in
                    row.set(CityNames.name, name)
                    row.set(CityNames.geonameid, city.geonameid)
                }
            }
        }
    }

    static func insertMetadata(_ output: CitiesStage.Output, db: Database, stamp: BuildStamp) throws {
        let metadata: [(String, String)] = [
            (MetadataKey.airacCycle, stamp.airac.identifier),
            (MetadataKey.airacDate, stamp.airac.effectiveDate),
            (MetadataKey.bundleVersion, stamp.version),
            (MetadataKey.schemaVersion, CitiesContract.schemaVersion),
            (MetadataKey.source, output.inputs.map(\.file).joined(separator: ",")),
        ]
        typealias ModelMetadata = CitiesContract.ModelMetadata
        var insert = try BulkInsert(db, into: ModelMetadata.table)
        for (key, value) in metadata {
            try insert.insert { row in
                row.set(ModelMetadata.key, key)
                row.set(ModelMetadata.value, value)
            }
        }
    }
}
