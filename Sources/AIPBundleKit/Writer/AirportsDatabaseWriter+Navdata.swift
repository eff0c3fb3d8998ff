import AIPContract
import AIPStages
import GRDB

/// The navigation tables: `waypoints` in the stage's order (RZFlight keeps the last row of a name, so the order is
/// part of the contract), `firs` by ICAO code.
extension AirportsDatabaseWriter {
    static func insertWaypoints(_ rows: [WaypointRow], db: Database, stamp: BuildStamp) throws {
        typealias Waypoints = AirportsContract.Waypoints
        var insert = try BulkInsert(db, into: Waypoints.table)
        for waypoint in rows {
            try insert.insert { row in
                row.set(Waypoints.name, waypoint.name)
                row.set(Waypoints.latitudeDeg, waypoint.latitudeDeg)
                row.set(Waypoints.longitudeDeg, waypoint.longitudeDeg)
                row.set(Waypoints.pointType, waypoint.pointType)
                row.set(Waypoints.firCodes, waypoint.firCodes)
                row.set(Waypoints.levelAvailability, waypoint.levelAvailability)
                row.set(Waypoints.source, waypoint.source)
                row.set(Waypoints.sourceID, waypoint.sourceID)
                row.set(Waypoints.createdAt, stamp.timestamp)
                row.set(Waypoints.updatedAt, stamp.timestamp)
            }
        }
    }

    static func insertFIRs(_ rows: [FIRRow], db: Database, stamp: BuildStamp) throws {
        typealias FIRs = AirportsContract.FIRs
        var insert = try BulkInsert(db, into: FIRs.table)
        for fir in rows {
            try insert.insert { row in
                row.set(FIRs.icao, fir.icao)
                row.set(FIRs.name, fir.name)
                row.set(FIRs.polygonsJSON, fir.polygonsJSON)
                row.set(FIRs.bboxMinLon, fir.bboxMinLonDeg)
                row.set(FIRs.bboxMinLat, fir.bboxMinLatDeg)
                row.set(FIRs.bboxMaxLon, fir.bboxMaxLonDeg)
                row.set(FIRs.bboxMaxLat, fir.bboxMaxLatDeg)
                row.set(FIRs.isOceanic, fir.isOceanic)
                row.set(FIRs.region, fir.region)
                row.set(FIRs.labelLon, fir.labelLonDeg)
                row.set(FIRs.labelLat, fir.labelLatDeg)
                row.set(FIRs.source, fir.source)
                row.set(FIRs.createdAt, stamp.timestamp)
                row.set(FIRs.updatedAt, stamp.timestamp)
            }
        }
    }
}
