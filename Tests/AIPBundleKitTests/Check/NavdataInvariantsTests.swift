@testable import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// `waypoints` and `firs` written from stage rows, and `check`'s rules on them.
@Suite struct NavdataInvariantsTests {
    static let square = "[[[[0.0, 45.0], [5.0, 45.0], [5.0, 50.0], [0.0, 50.0], [0.0, 45.0]]]]"

    /// airports.db with the sample airports, two FIRs and two waypoints.
    func database(_ folder: TemporaryFolder) throws -> (URL, DatabaseQueue) {
        let stage = AirportsStage()
        var output = try stage.run(
            airports: OurAirportsReader.readAirports(SourceFile(displayName: "airports.csv", bytes: Data(SampleCSV.airports().utf8)), include: stage.includes),
            runways: OurAirportsReader.readRunways(SourceFile(displayName: "runways.csv", bytes: Data(SampleCSV.runways().utf8))))
        output.firs = ["LFFF", "EDGG"].map {
            FIRRow(icao: $0, name: nil, polygonsJSON: Self.square, bboxMinLonDeg: 0, bboxMinLatDeg: 45, bboxMaxLonDeg: 5, bboxMaxLatDeg: 50,
                   isOceanic: false, region: "EMEA", labelLonDeg: 2.5, labelLatDeg: 47.5, source: "vatspy")
        }
        output.waypoints = [
            WaypointRow(name: "BNN", latitudeDeg: 47, longitudeDeg: 2, pointType: "VORDME", firCodes: "LFFF", source: "ourairports", sourceID: "86221"),
            WaypointRow(name: "BNN", latitudeDeg: 47, longitudeDeg: 5, pointType: "NDB", firCodes: "EDGG,LFFF", source: "ourairports", sourceID: "86222"),
        ]
        let url = folder.url.appendingPathComponent("airports.db")
        try AirportsDatabaseWriter.write(output, to: url, stamp: testStamp)
        return (url, try DatabaseQueue(path: url.path))
    }

    @Test func theRowsAreWrittenInTheStagesOrderAndPass() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        #expect(try BundleChecker.check(url).isEmpty)
        let rows = try queue.read { try Row.fetchAll($0, sql: "SELECT name, source_id, fir_codes, created_at FROM waypoints ORDER BY rowid") }
        #expect(rows.map { $0["source_id"] as String } == ["86221", "86222"])
        #expect(rows.last?["fir_codes"] == "EDGG,LFFF")
        #expect(rows.first?["created_at"] == testStamp.timestamp)
        let fir = try queue.read { try Row.fetchOne($0, sql: "SELECT * FROM firs WHERE icao = 'LFFF'") }
        #expect(fir?["polygons_json"] == Self.square)
        #expect(fir?["is_oceanic"] == 0)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT record_count FROM sources WHERE name = 'ourairports'") } == 2)
    }

    @Test func brokenNavdataIsFound() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE waypoints SET name = 'bnn', latitude_deg = NULL WHERE source_id = '86221'")
            try db.execute(sql: "UPDATE waypoints SET fir_codes = 'LFFF,EDGG,EGTT' WHERE source_id = '86222'")
            try db.execute(sql: "UPDATE firs SET polygons_json = '[[[[0.0, 45.0], [5.0, 45.0], [5.0, 50.0], [0.0, 50.0]]]]' WHERE icao = 'LFFF'")
            try db.execute(sql: "UPDATE firs SET bbox_max_lat = 49.5 WHERE icao = 'EDGG'")
        }
        let messages = try BundleChecker.check(url).map(\.description)
        let expected = [
            "airports.db: waypoints.name: is empty or not upper-case (RZFlight looks names up upper-cased) (1 row, e.g. bnn)",
            "airports.db: waypoints.latitude_deg: is NULL (RZFlight reads NULL as 0) (1 row, e.g. bnn)",
            "airports.db: waypoints.fir_codes: is not a sorted, space-free, comma-separated list of distinct codes (1 row, e.g. BNN)",
            "airports.db: waypoints.fir_codes: names a FIR that has no row in firs (1 row, e.g. BNN: EGTT)",
            "airports.db: firs.polygons_json: holds a ring of fewer than four positions or whose last position is not its first (1 row, e.g. LFFF)",
            "airports.db: firs.bbox_min_lon: bounding box leaves out a position of the polygon (the app filters FIRs by it) (1 row, e.g. EDGG)",
        ]
        for message in expected { #expect(messages.contains(message), "\(message)\n\(messages)") }
        #expect(messages.count == expected.count, "\(messages)")
    }

    @Test func aPolygonThatIsNotCoordinatesIsFoundWithoutBreakingTheRules() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try database(folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE firs SET polygons_json = 'not json' WHERE icao = 'LFFF'")
            try db.execute(sql: "UPDATE firs SET polygons_json = '[[[[0.0, 45.0], [\"5\", 45.0], [5.0, 95.0], [0.0, 45.0]]]]' WHERE icao = 'EDGG'")
        }
        let messages = try BundleChecker.check(url).map(\.description)
        #expect(messages.contains { $0.hasPrefix("airports.db: firs.polygons_json: is not a list of polygons") && $0.contains("2 rows") }, "\(messages)")
        #expect(!messages.contains { $0.contains("could not run") }, "\(messages)")
    }
}
