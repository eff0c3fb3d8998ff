import AIPStages
import Foundation
import GRDB

/// Writes `airports.db` from the airports stage's rows: every table and index of the contract, the rows in
/// sorted order, `model_metadata` and `sources`.
public enum AirportsDatabaseWriter {
    /// Creates `url` (which must not exist) and fills it.
    /// - Returns: the size of the file in bytes.
    @discardableResult
    public static func write(_ output: AirportsStage.Output, to url: URL, stamp: BuildStamp) throws -> Int {
        try DatabaseImage.write(to: url) { db in
            for statement in AirportsSchema.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertAirports(output.airports, db: db, stamp: stamp)
            try insertRunways(output.runways, db: db, stamp: stamp)
            try insertMetadata(AirportsStatistics(output: output, stamp: stamp), db: db, stamp: stamp)
        }
    }

    static func insertAirports(_ rows: [AirportRow], db: Database, stamp: BuildStamp) throws {
        let insert = try BulkInsert(db, into: AirportsSchema.airports)
        for row in rows {
            try insert.insert { values in
                values.add(row.icaoCode)
                values.add(row.name)
                values.add(row.type)
                values.add(row.latitudeDeg)
                values.add(row.longitudeDeg)
                values.add(row.elevationFt)
                values.add(row.continent)
                values.add(row.isoCountry)
                values.add(row.isoRegion)
                values.add(row.municipality)
                values.add(row.scheduledService)
                values.add(row.gpsCode)
                values.add(row.iataCode)
                values.add(row.localCode)
                values.add(row.homeLink)
                values.add(row.wikipediaLink)
                values.add(row.keywords)
                values.add(row.sources.sorted().joined(separator: ","))
                values.add(stamp.timestamp)
                values.add(stamp.timestamp)
            }
        }
    }

    static func insertRunways(_ rows: [RunwayRow], db: Database, stamp: BuildStamp) throws {
        let insert = try BulkInsert(db, into: AirportsSchema.runways)
        for row in rows {
            try insert.insert { values in
                values.add(row.id)
                values.add(row.airportICAO)
                values.add(row.leIdent)
                values.add(row.heIdent)
                values.add(row.lengthFt)
                values.add(row.widthFt)
                values.add(row.surface)
                values.add(row.lighted)
                values.add(row.closed)
                values.add(row.leLatitudeDeg)
                values.add(row.leLongitudeDeg)
                values.add(row.leElevationFt)
                values.add(row.leHeadingDegT)
                values.add(row.leDisplacedThresholdFt)
                values.add(row.heLatitudeDeg)
                values.add(row.heLongitudeDeg)
                values.add(row.heElevationFt)
                values.add(row.heHeadingDegT)
                values.add(row.heDisplacedThresholdFt)
                values.add(stamp.timestamp)
                values.add(stamp.timestamp)
            }
        }
    }

    static func insertMetadata(_ statistics: AirportsStatistics, db: Database, stamp: BuildStamp) throws {
        let metadata: [(String, String)] = [
            ("airac_cycle", stamp.airac.identifier),
            ("airac_date", stamp.airac.effectiveDate),
            ("bundle_version", stamp.version),
            ("schema_version", AirportsSchema.schemaVersion),
            ("statistics", try statistics.json()),
        ]
        for (key, value) in metadata {
            try db.execute(sql: "INSERT INTO model_metadata (key, value, updated_at) VALUES (?, ?, ?)",
                           arguments: [key, value, stamp.timestamp])
        }
        for (name, count) in statistics.recordsBySource.sorted(by: { $0.key < $1.key }) {
            try db.execute(sql: "INSERT INTO sources (name, last_updated, record_count) VALUES (?, ?, ?)",
                           arguments: [name, stamp.timestamp, count])
        }
    }
}
