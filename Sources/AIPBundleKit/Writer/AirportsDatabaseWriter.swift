import AIPStages
import Foundation
import GRDB

/// Writes `airports.db` from the airports stage's rows: every table and index of the contract, the rows in
/// sorted order, `model_metadata` and `sources`. Every value is bound by column name (``BulkInsert``).
public enum AirportsDatabaseWriter {
    /// Creates `url` (which must not exist) and fills it.
    ///
    /// - Parameter idHighWaterMarks: `sqlite_sequence` marks by AUTOINCREMENT table name (the previous bundle's
    ///   marks, so that no id is handed out twice across releases); a table keeps the larger of its mark and its largest id.
    /// - Parameter previous: the previous bundle's `airports.db`, whose change log this build's changes extend
    ///   (``ChangeLog``); `changeLog` receives this build's change counts.
    /// - Returns: the file's bytes (its size is their count), for the manifest.
    /// - Throws: `BundleWriteError` (a mark for an unknown table, one below an id, a row the writer got wrong, an
    ///   unreadable previous file) or GRDB's `DatabaseError` when SQLite refuses a row.
    @discardableResult
    public static func write(_ output: AirportsStage.Output, to url: URL, stamp: BuildStamp,
                             idHighWaterMarks: [String: Int] = [:], previous: URL? = nil,
                             changeLog: (ChangeLogCounts) -> Void = { _ in }) throws -> Data {
        let attached = previous.map { [ChangeLog.previousSchema: $0] } ?? [:]
        return try DatabaseImage.write(to: url, attaching: attached) { db in
            for statement in AirportsSchema.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertAirports(output.airports, db: db, stamp: stamp)
            try insertRunways(output.runways, db: db, stamp: stamp)
            try insertProcedures(output.procedures, db: db, stamp: stamp)
            try insertAIPEntries(output.aipEntries, db: db, stamp: stamp)
            try insertBorderCrossingPoints(output.borderCrossingPoints, db: db, stamp: stamp)
            try insertWaypoints(output.waypoints, db: db, stamp: stamp)
            try insertFIRs(output.firs, db: db, stamp: stamp)
            try insertMetadata(AirportsStatistics(output: output, stamp: stamp), db: db, stamp: stamp)
            try SQLiteSequence.raise(idHighWaterMarks, of: AirportsSchema.schema, in: db)
            changeLog(try ChangeLog.record(in: db, stamp: stamp, hasPrevious: previous != nil))
        }
    }

    static func insertAirports(_ rows: [AirportRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.airports)
        for airport in rows {
            try insert.insert { row in
                row.set("icao_code", airport.icaoCode)
                row.set("name", airport.name)
                row.set("type", airport.type)
                row.set("latitude_deg", airport.latitudeDeg)
                row.set("longitude_deg", airport.longitudeDeg)
                row.set("elevation_ft", airport.elevationFt)
                row.set("continent", airport.continent)
                row.set("iso_country", airport.isoCountry)
                row.set("iso_region", airport.isoRegion)
                row.set("municipality", airport.municipality)
                row.set("scheduled_service", airport.scheduledService)
                row.set("gps_code", airport.gpsCode)
                row.set("iata_code", airport.iataCode)
                row.set("local_code", airport.localCode)
                row.set("home_link", airport.homeLink)
                row.set("wikipedia_link", airport.wikipediaLink)
                row.set("keywords", airport.keywords)
                row.set("sources", airport.sources.sorted().joined(separator: ","))
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }

    static func insertRunways(_ rows: [RunwayRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.runways)
        for runway in rows {
            try insert.insert { row in
                row.set("id", runway.id)
                row.set("airport_icao", runway.airportICAO)
                row.set("le_ident", runway.leIdent)
                row.set("he_ident", runway.heIdent)
                row.set("length_ft", runway.lengthFt)
                row.set("width_ft", runway.widthFt)
                row.set("surface", runway.surface)
                row.set("lighted", runway.lighted)
                row.set("closed", runway.closed)
                row.set("le_latitude_deg", runway.leLatitudeDeg)
                row.set("le_longitude_deg", runway.leLongitudeDeg)
                row.set("le_elevation_ft", runway.leElevationFt)
                row.set("le_heading_degT", runway.leHeadingDegT)
                row.set("le_displaced_threshold_ft", runway.leDisplacedThresholdFt)
                row.set("he_latitude_deg", runway.heLatitudeDeg)
                row.set("he_longitude_deg", runway.heLongitudeDeg)
                row.set("he_elevation_ft", runway.heElevationFt)
                row.set("he_heading_degT", runway.heHeadingDegT)
                row.set("he_displaced_threshold_ft", runway.heDisplacedThresholdFt)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
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
        var metadataInsert = try BulkInsert(db, into: AirportsSchema.modelMetadata)
        for (key, value) in metadata {
            try metadataInsert.insert { row in
                row.set("key", key)
                row.set("value", value)
                row.set("updated_at", stamp.timestamp)
            }
        }
        var sourcesInsert = try BulkInsert(db, into: AirportsSchema.sources)
        for (name, count) in statistics.recordsBySource.sorted(by: { $0.key < $1.key }) {
            try sourcesInsert.insert { row in
                row.set("name", name)
                row.set("last_updated", stamp.timestamp)
                row.set("record_count", count)
            }
        }
    }
}
