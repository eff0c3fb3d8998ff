import AIPContract
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
            for statement in AirportsContract.schema.createStatements {
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
            try SQLiteSequence.raise(idHighWaterMarks, of: AirportsContract.schema, in: db)
            changeLog(try ChangeLog.record(in: db, stamp: stamp, hasPrevious: previous != nil))
        }
    }

    static func insertAirports(_ rows: [AirportRow], db: Database, stamp: BuildStamp) throws {
        typealias Airports = AirportsContract.Airports
        var insert = try BulkInsert(db, into: Airports.table)
        for airport in rows {
            try insert.insert { row in
                row.set(Airports.icaoCode, airport.icaoCode)
                row.set(Airports.name, airport.name)
                row.set(Airports.type, airport.type)
                row.set(Airports.latitudeDeg, airport.latitudeDeg)
                row.set(Airports.longitudeDeg, airport.longitudeDeg)
                row.set(Airports.elevationFt, airport.elevationFt)
                row.set(Airports.continent, airport.continent)
                row.set(Airports.isoCountry, airport.isoCountry)
                row.set(Airports.isoRegion, airport.isoRegion)
                row.set(Airports.municipality, airport.municipality)
                row.set(Airports.scheduledService, airport.scheduledService)
                row.set(Airports.gpsCode, airport.gpsCode)
                row.set(Airports.iataCode, airport.iataCode)
                row.set(Airports.localCode, airport.localCode)
                row.set(Airports.homeLink, airport.homeLink)
                row.set(Airports.wikipediaLink, airport.wikipediaLink)
                row.set(Airports.keywords, airport.keywords)
                row.set(Airports.sources, airport.sources.sorted().joined(separator: ","))
                row.set(Airports.createdAt, stamp.timestamp)
                row.set(Airports.updatedAt, stamp.timestamp)
            }
        }
    }

    static func insertRunways(_ rows: [RunwayRow], db: Database, stamp: BuildStamp) throws {
        typealias Runways = AirportsContract.Runways
        var insert = try BulkInsert(db, into: Runways.table)
        for runway in rows {
            try insert.insert { row in
                row.set(Runways.id, runway.id)
                row.set(Runways.airportICAO, runway.airportICAO)
                row.set(Runways.leIdent, runway.leIdent)
                row.set(Runways.heIdent, runway.heIdent)
                row.set(Runways.lengthFt, runway.lengthFt)
                row.set(Runways.widthFt, runway.widthFt)
                row.set(Runways.surface, runway.surface)
                row.set(Runways.lighted, runway.lighted)
                row.set(Runways.closed, runway.closed)
                row.set(Runways.leLatitudeDeg, runway.leLatitudeDeg)
                row.set(Runways.leLongitudeDeg, runway.leLongitudeDeg)
                row.set(Runways.leElevationFt, runway.leElevationFt)
                row.set(Runways.leHeadingDegT, runway.leHeadingDegT)
                row.set(Runways.leDisplacedThresholdFt, runway.leDisplacedThresholdFt)
                row.set(Runways.heLatitudeDeg, runway.heLatitudeDeg)
                row.set(Runways.heLongitudeDeg, runway.heLongitudeDeg)
                row.set(Runways.heElevationFt, runway.heElevationFt)
                row.set(Runways.heHeadingDegT, runway.heHeadingDegT)
                row.set(Runways.heDisplacedThresholdFt, runway.heDisplacedThresholdFt)
                row.set(Runways.createdAt, stamp.timestamp)
                row.set(Runways.updatedAt, stamp.timestamp)
            }
        }
    }

    static func insertMetadata(_ statistics: AirportsStatistics, db: Database, stamp: BuildStamp) throws {
        let metadata: [(String, String)] = [
            (MetadataKey.airacCycle, stamp.airac.identifier),
            (MetadataKey.airacDate, stamp.airac.effectiveDate),
            (MetadataKey.bundleVersion, stamp.version),
            (MetadataKey.schemaVersion, AirportsContract.schemaVersion),
            (MetadataKey.statistics, try statistics.json()),
        ]
        typealias ModelMetadata = AirportsContract.ModelMetadata
        var metadataInsert = try BulkInsert(db, into: ModelMetadata.table)
        for (key, value) in metadata {
            try metadataInsert.insert { row in
                row.set(ModelMetadata.key, key)
                row.set(ModelMetadata.value, value)
                row.set(ModelMetadata.updatedAt, stamp.timestamp)
            }
        }
        typealias Sources = AirportsContract.Sources
        var sourcesInsert = try BulkInsert(db, into: Sources.table)
        for (name, count) in statistics.recordsBySource.sorted(by: { $0.key < $1.key }) {
            try sourcesInsert.insert { row in
                row.set(Sources.name, name)
                row.set(Sources.lastUpdated, stamp.timestamp)
                row.set(Sources.recordCount, count)
            }
        }
    }
}
