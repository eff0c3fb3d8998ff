import AIPStages
import GRDB

/// The navigation tables: `waypoints` in the stage's order (RZFlight keeps the last row of a name, so the order is
/// part of the contract), `firs` by ICAO code.
extension AirportsDatabaseWriter {
    static func insertWaypoints(_ rows: [WaypointRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.waypoints)
        for waypoint in rows {
            try insert.insert { row in
                row.set("name", waypoint.name)
                row.set("latitude_deg", waypoint.latitudeDeg)
                row.set("longitude_deg", waypoint.longitudeDeg)
                row.set("point_type", waypoint.pointType)
                row.set("fir_codes", waypoint.firCodes)
                row.set("level_availability", waypoint.levelAvailability)
                row.set("source", waypoint.source)
                row.set("source_id", waypoint.sourceID)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }

    static func insertFIRs(_ rows: [FIRRow], db: Database, stamp: BuildStamp) throws {
        var insert = try BulkInsert(db, into: AirportsSchema.firs)
        for fir in rows {
            try insert.insert { row in
                row.set("icao", fir.icao)
                row.set("name", fir.name)
                row.set("polygons_json", fir.polygonsJSON)
                row.set("bbox_min_lon", fir.bboxMinLonDeg)
                row.set("bbox_min_lat", fir.bboxMinLatDeg)
                row.set("bbox_max_lon", fir.bboxMaxLonDeg)
                row.set("bbox_max_lat", fir.bboxMaxLatDeg)
                row.set("is_oceanic", fir.isOceanic)
                row.set("region", fir.region)
                row.set("label_lon", fir.labelLonDeg)
                row.set("label_lat", fir.labelLatDeg)
                row.set("source", fir.source)
                row.set("created_at", stamp.timestamp)
                row.set("updated_at", stamp.timestamp)
            }
        }
    }
}
