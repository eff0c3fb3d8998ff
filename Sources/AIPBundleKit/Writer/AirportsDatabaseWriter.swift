import AIPStages
import Foundation
import GRDB

/// Writes `airports.db` from the airports stage's rows: every table and index of the contract, the rows in
/// sorted order, `model_metadata` and `sources`.
///
/// The file is new each time and written in one transaction with no journal: it lives in the staging folder
/// until the whole build succeeded, so a crash leaves nothing a reader could open (see ``StagingFolder``).
public enum AirportsDatabaseWriter {
    /// Creates `url` (which must not exist) and fills it.
    public static func write(_ output: AirportsStage.Output, to url: URL, stamp: BuildStamp) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        }
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        try queue.write { db in
            for statement in AirportsSchema.schema.createStatements {
                try db.execute(sql: statement)
            }
            try insertAirports(output.airports, db: db, stamp: stamp)
            try insertRunways(output.runways, db: db, stamp: stamp)
            try insertMetadata(AirportsStatistics(output: output, stamp: stamp), db: db, stamp: stamp)
        }
        try queue.close()
    }

    static func insertAirports(_ rows: [AirportRow], db: Database, stamp: BuildStamp) throws {
        let insert = try db.makeStatement(sql: insertSQL(AirportsSchema.airports))
        for row in rows {
            let values: [(any DatabaseValueConvertible)?] = [
                row.icaoCode, row.name, row.type, row.latitudeDeg, row.longitudeDeg, row.elevationFt, row.continent,
                row.isoCountry, row.isoRegion, row.municipality, row.scheduledService, row.gpsCode, row.iataCode,
                row.localCode, row.homeLink, row.wikipediaLink, row.keywords, row.sources.sorted().joined(separator: ","),
                stamp.timestamp, stamp.timestamp,
            ]
            try insert.execute(arguments: StatementArguments(values))
        }
    }

    static func insertRunways(_ rows: [RunwayRow], db: Database, stamp: BuildStamp) throws {
        let insert = try db.makeStatement(sql: insertSQL(AirportsSchema.runways))
        for row in rows {
            let values: [(any DatabaseValueConvertible)?] = [
                row.id, row.airportICAO, row.leIdent, row.heIdent, row.lengthFt, row.widthFt, row.surface,
                row.lighted, row.closed,
                row.leLatitudeDeg, row.leLongitudeDeg, row.leElevationFt, row.leHeadingDegT, row.leDisplacedThresholdFt,
                row.heLatitudeDeg, row.heLongitudeDeg, row.heElevationFt, row.heHeadingDegT, row.heDisplacedThresholdFt,
                stamp.timestamp, stamp.timestamp,
            ]
            try insert.execute(arguments: StatementArguments(values))
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

    /// `INSERT INTO t (every column in contract order) VALUES (?, …)`: a value list of the wrong length fails loudly.
    static func insertSQL(_ table: TableSchema) -> String {
        let names = table.columns.map(\.name)
        return "INSERT INTO \(table.name) (\(names.joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: names.count).joined(separator: ", ")))"
    }
}
