@testable import AIPBundleKit
import AIPPipeline
@testable import AIPStages
import Foundation
import GRDB
import TestSupport

/// Two AIRAC cycles of a small `airports.db`, as rows, and the writing of one bundle from them.
enum Cycles {
    static let first = BuildStamp(version: "2611", airac: AIRACCycle(effectiveDate: "2026-10-29")!, timestamp: "2026-10-29T00:00:00")
    static let second = BuildStamp(version: "2612", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
    static let third = BuildStamp(version: "2613", airac: AIRACCycle(effectiveDate: "2026-12-24")!, timestamp: "2026-12-24T00:00:00")

    static func airport(_ icao: String, country: String, latitude: Double = 50, longitude: Double = 2) -> AirportRow {
        AirportRow(icaoCode: icao, name: "\(icao) field", type: "small_airport", latitudeDeg: latitude, longitudeDeg: longitude,
                   elevationFt: 100, continent: "EU", isoCountry: country, isoRegion: nil, municipality: nil,
                   scheduledService: "no", gpsCode: icao, iataCode: nil, localCode: nil, homeLink: nil, wikipediaLink: nil,
                   keywords: nil, sources: ["worldairports"])
    }

    static func runway(_ id: Int, _ icao: String, length: Double = 2000, surface: String = "ASP", lighted: Bool = true) -> RunwayRow {
        RunwayRow(id: id, airportICAO: icao, leIdent: "09", heIdent: "27", lengthFt: length, widthFt: 60, surface: surface,
                  lighted: lighted, closed: false, leLatitudeDeg: nil, leLongitudeDeg: nil, leElevationFt: nil,
                  leHeadingDegT: 90, leDisplacedThresholdFt: nil, heLatitudeDeg: nil, heLongitudeDeg: nil, heElevationFt: nil,
                  heHeadingDegT: 270, heDisplacedThresholdFt: nil)
    }

    /// Cycle 1: three airports, five runways.
    static let before = AirportsStage.Output(
        airports: [airport("EBOS", country: "BE"), airport("LFAT", country: "FR"), airport("LFQQ", country: "FR")],
        runways: [runway(1, "EBOS"), runway(2, "EBOS"), runway(3, "LFAT"), runway(4, "LFAT"), runway(5, "LFQQ")],
        findings: [])

    /// Cycle 2: runway 1 longer, runway 3 grass and unlit, runway 4 gone, runway 6 new at LFQQ, LFAT moved.
    static let after = AirportsStage.Output(
        airports: [airport("EBOS", country: "BE"), airport("LFAT", country: "FR", latitude: 50.5, longitude: 1.625),
                   airport("LFQQ", country: "FR")],
        runways: [runway(1, "EBOS", length: 2100), runway(2, "EBOS"), runway(3, "LFAT", surface: "GRS", lighted: false),
                  runway(5, "LFQQ"), runway(6, "LFQQ", length: 800)],
        findings: [])

    /// Writes `output` as `name` in `folder` at `stamp`, comparing with `previous`.
    @discardableResult
    static func write(_ output: AirportsStage.Output, _ name: String, in folder: TemporaryFolder, stamp: BuildStamp,
                      previous: URL? = nil, counts: inout ChangeLogCounts) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var recorded = ChangeLogCounts()
        try AirportsDatabaseWriter.write(output, to: url, stamp: stamp, previous: previous) { recorded = $0 }
        counts = recorded
        return url
    }

    @discardableResult
    static func write(_ output: AirportsStage.Output, _ name: String, in folder: TemporaryFolder, stamp: BuildStamp,
                      previous: URL? = nil) throws -> URL {
        var counts = ChangeLogCounts()
        return try write(output, name, in: folder, stamp: stamp, previous: previous, counts: &counts)
    }

    /// `columns` of every row of `table` as text, in id order.
    static func rows(_ table: String, in url: URL, _ columns: [String], order: String = "id") throws -> [[String?]] {
        let select = columns.map { "CAST(\($0) AS TEXT)" }.joined(separator: ", ")
        return try DatabaseQueue(path: url.path).read { db in
            try Row.fetchAll(db, sql: "SELECT \(select) FROM \(table) ORDER BY \(order)").map { row in
                (0..<columns.count).map { row[$0] as String? }
            }
        }
    }
}
