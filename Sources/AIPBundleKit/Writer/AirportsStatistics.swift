import AIPJSON
import AIPStages
import Foundation

/// The counts stored as JSON in `model_metadata.statistics`, with the key names euro_aip uses.
struct AirportsStatistics: Encodable {
    var totalAirports: Int
    var totalRunways: Int
    var airportsWithRunways: Int
    var totalProcedures = 0
    var totalAIPEntries = 0
    var totalBorderCrossingPoints = 0
    var totalWaypoints = 0
    var totalFIRs = 0
    var sourcesUsed: [String]
    var createdAt: String
    var updatedAt: String
    /// Airports carrying each source tag, and waypoints and FIRs per source; also the `sources` table's record counts.
    var recordsBySource: [String: Int]

    init(output: AirportsStage.Output, stamp: BuildStamp) {
        totalAirports = output.airports.count
        totalRunways = output.runways.count
        airportsWithRunways = Set(output.runways.map(\.airportICAO)).count
        totalProcedures = output.procedures.count
        totalAIPEntries = output.aipEntries.count
        totalBorderCrossingPoints = output.borderCrossingPoints.count
        totalWaypoints = output.waypoints.count
        totalFIRs = output.firs.count
        var bySource: [String: Int] = [:]
        for airport in output.airports {
            for source in airport.sources { bySource[source, default: 0] += 1 }
        }
        for waypoint in output.waypoints { bySource[waypoint.source, default: 0] += 1 }
        for fir in output.firs { bySource[fir.source, default: 0] += 1 }
        recordsBySource = bySource
        sourcesUsed = bySource.keys.sorted()
        createdAt = stamp.timestamp
        updatedAt = stamp.timestamp
    }

    /// Sorted keys: the same counts always give the same bytes.
    func json() throws -> String {
        try JSONWriter.string(self, layout: .inline)
    }

    enum CodingKeys: String, CodingKey {
        case totalAirports = "total_airports"
        case totalRunways = "total_runways"
        case airportsWithRunways = "airports_with_runways"
        case totalProcedures = "total_procedures"
        case totalAIPEntries = "total_aip_entries"
        case totalBorderCrossingPoints = "total_border_crossing_points"
        case totalWaypoints = "total_waypoints"
        case totalFIRs = "total_firs"
        case sourcesUsed = "sources_used"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
