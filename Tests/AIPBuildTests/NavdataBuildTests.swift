@testable import AIPBuild
import AIPBundleKit
import AIPDelta
import AIPReaders
import AIPStages
import CSQLite
import Foundation
import GRDB
import TestSupport
import Testing

/// `waypoints` and `firs` built from the real inputs: the 2022 OurAirports snapshot with its navaids, and the VATSpy
/// boundaries of `../shared/fixtures/navdata`.
@Suite(.enabled(if: SharedFixtures.available && SharedFixtures.snapshot2022NavaidsAvailable,
                "needs ../shared/fixtures/navdata and data/ourairports-2022/navaids.csv.gz (make data)"))
struct NavdataBuildTests {
    /// A source tree of the 2022 snapshot, `navaids` given or linked, and `firs/` linked to the VATSpy fixtures.
    static func sources(in temporary: TemporaryFolder, navaids: String? = nil, name: String = "sources") throws -> URL {
        let tree = temporary.url.appendingPathComponent(name)
        let ourairports = tree.appendingPathComponent("ourairports")
        try FileManager.default.createDirectory(at: ourairports, withIntermediateDirectories: true)
        for file in ["airports.csv.gz", "runways.csv.gz"] + (navaids == nil ? ["navaids.csv.gz"] : []) {
            try FileManager.default.createSymbolicLink(at: ourairports.appendingPathComponent(file),
                                                       withDestinationURL: SharedFixtures.snapshot2022.appendingPathComponent(file))
        }
        if let navaids { try temporary.write(navaids, to: "\(name)/ourairports/navaids.csv") }
        try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("firs"), withDestinationURL: SharedFixtures.url("navdata"))
        return tree
    }

    static func build(_ sources: URL, into out: URL, previous: URL? = nil) async throws -> [StageResult] {
        try await BundleBuilder.build(BuildOptions(sources: sources, out: out, stages: StageRegistry.select("airports"), stamp: stamp, previous: previous)).stages
    }

    static func database(_ out: URL) throws -> DatabaseQueue {
        try DatabaseQueue(path: out.appendingPathComponent("airports.db").path)
    }

    /// Runs `query` on the `airports.db` of `out` (a plain function: inside an async test, GRDB would pick its async `read`).
    static func read<T>(_ out: URL, _ query: (Database) throws -> T) throws -> T {
        try database(out).read(query)
    }

    /// Airports of 16 states and the FIR each lies in, as any chart shows it.
    static let expectedFIR = [
        "EGLL": "EGTT", "EGPH": "EGPX", "LFPG": "LFFF", "LFML": "LFMM", "LFBO": "LFBB", "EDDF": "EDGG", "EDDM": "EDMM",
        "EDDH": "EDWW", "LEMD": "LECM", "LEBL": "LECB", "GCLP": "GCCC", "LIRF": "LIRR", "LIMC": "LIMM", "EHAM": "EHAA",
        "EBBR": "EBBU", "LSZH": "LSAS", "LOWW": "LOVV", "EKCH": "EKDK", "EPWA": "EPWW", "LKPR": "LKAA", "LHBP": "LHCC",
        "EIDW": "EISN", "BIKF": "BIRD", "LPPT": "LPPC", "LPAZ": "LPPO", "EFHK": "EFIN", "LGAV": "LGGG", "LROP": "LRBB",
        "UKBB": "UKBV", "EYVI": "EYVL",
    ]
    static let cities = ["London": (51.5072, -0.1276, "EGTT"), "Paris": (48.8566, 2.3522, "LFFF"), "Frankfurt": (50.1109, 8.6821, "EDGG")]

    @Test func theRealInputsGiveWaypointsInTheirFIRsAsAnIndependentTestPlacesThem() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        let results = try await Self.build(Self.sources(in: temporary), into: out)
        
        // Airport positions from the bundle, the sample placed by the code under test and by the script.
        let airports = try Self.read(out) { db in
            try Row.fetchAll(db, sql: "SELECT icao_code, iso_country, latitude_deg, longitude_deg FROM airports WHERE icao_code IN (\(Self.expectedFIR.keys.map { "'\($0)'" }.joined(separator: ",")))")
        }
        #expect(airports.count == Self.expectedFIR.count)
        #expect(Set(airports.map { $0["iso_country"] as String }).count >= 10)
        var points: [String: (Double, Double)] = Self.cities.mapValues { ($0.0, $0.1) }
        for airport in airports { points[airport["icao_code"]] = (airport["latitude_deg"], airport["longitude_deg"]) }
        let independent = try IndependentPointInPolygon.run(database: out.appendingPathComponent("airports.db"),
                                                            navaids: SharedFixtures.snapshot2022.appendingPathComponent("navaids.csv.gz"), points: points)
        let boundaries = try FIRBoundariesReader.read(SourceFile(contentsOf: SharedFixtures.url("navdata/Boundaries.geojson"), displayName: "b"))
        let firs = Set(try Self.read(out) { try String.fetchAll($0, sql: "SELECT icao FROM firs") })
        let locator = FIRLocator(boundaries.boundaries.filter { firs.contains($0.id) }.map { FIRShape(id: $0.id, polygons: $0.polygons) })
        for (key, point) in points {
            let placed = locator.firs(lonDeg: point.1, latDeg: point.0)
            #expect(placed == independent.points[key], "\(key)")
            let expected = Self.expectedFIR[key] ?? Self.cities[key]!.2
            #expect(placed.contains(expected), "\(key) lies in \(placed), not in \(expected)")
        }

        // Every waypoint's fir_codes as the script finds them, and as many waypoints as in-scope stations.
        let waypoints = try Self.read(out) { try Row.fetchAll($0, sql: "SELECT name, source_id, fir_codes FROM waypoints") }
        #expect(waypoints.count == independent.navaidsInScope)
        #expect(waypoints.count > 2_000)
        var disagreements: [String] = []
        for row in waypoints {
            let key = "\(row["name"] as String)|\(row["source_id"] as String)"
            if (row["fir_codes"] as String).split(separator: ",").map(String.init) != independent.waypoints[key] { disagreements.append(key) }
        }
        #expect(disagreements.isEmpty)

        // Bovingdon, one of three stations called BNN (Brønnøy is in scope too).
        let bovingdon = try Self.read(out) { try Row.fetchOne($0, sql: "SELECT * FROM waypoints WHERE name = 'BNN' AND source_id = '86222'") }
        #expect(bovingdon?["latitude_deg"] == 51.72610092163086)
        #expect(bovingdon?["longitude_deg"] == -0.5497220158576965)
        #expect(bovingdon?["fir_codes"] == "EGTT")
        #expect(bovingdon?["point_type"] == "VORDME")
        #expect(try Self.read(out) { try String.fetchAll($0, sql: "SELECT source_id FROM waypoints WHERE name = 'BNN' ORDER BY rowid") } == ["86221", "86222"])

        let fir = try Self.read(out) { try Row.fetchOne($0, sql: "SELECT * FROM firs WHERE icao = 'EGGX'") }
        #expect(fir?["name"] == "Shanwick Oceanic")
        #expect(firs.isSuperset(of: ["EGGX", "BIRD", "LPPO", "EGTT", "LFFF", "EDGG"]))
        #expect(firs.isDisjoint(with: ["EGVV", "EGTL", "EDXX", "UKR"]))
        let counts = try #require(results.first?.report.counts)
        #expect(counts["waypoint_idents_shadowed"]?["idents"] ?? 0 > 300)
        #expect(counts["waypoints_by_fir"]?["EGTT"] ?? 0 > 50)
        #expect(try BundleChecker.check(out).isEmpty)
    }

    @Test func aRebuildKeepsEveryKeyAndOneEditedStationIsOneChangedRow() async throws {
        let temporary = try TemporaryFolder()
        let first = temporary.url.appendingPathComponent("first")
        _ = try await Self.build(Self.sources(in: temporary), into: first)
        let second = temporary.url.appendingPathComponent("second")
        _ = try await Self.build(Self.sources(in: temporary, name: "again"), into: second, previous: first)
        let keys = "SELECT name, source_id, created_at FROM waypoints ORDER BY name, source_id"
        let firsKeys = "SELECT icao FROM firs ORDER BY icao"
        #expect(try Self.read(first) { try Row.fetchAll($0, sql: keys) } == Self.read(second) { try Row.fetchAll($0, sql: keys) })
        #expect(try Self.read(first) { try String.fetchAll($0, sql: firsKeys) } == Self.read(second) { try String.fetchAll($0, sql: firsKeys) })
        #expect(try Self.read(second) { try Int.fetchOne($0, sql: "SELECT count(*) FROM waypoints_changes") } == 0)

        // Bovingdon moves by a few metres (the change log writes REALs as SQLite turns them into text: 15 digits).
        let text = try String(decoding: SourceFile(contentsOf: SharedFixtures.snapshot2022.appendingPathComponent("navaids.csv.gz"), displayName: "n").bytes,
                              as: UTF8.self)
        let edited = text.replacingOccurrences(of: "51.72610092163086,-0.5497220158576965", with: "51.7262,-0.5497220158576965")
        #expect(edited != text)
        let third = temporary.url.appendingPathComponent("third")
        _ = try await Self.build(Self.sources(in: temporary, navaids: edited, name: "edited"), into: third, previous: second)
        let changes = try Self.read(third) { try Row.fetchAll($0, sql: "SELECT waypoint_name, field_name, old_value, new_value FROM waypoints_changes") }
        #expect(changes.map { [$0["waypoint_name"], $0["field_name"], $0["old_value"], $0["new_value"]] as [String?] }
                == [["BNN", "latitude_deg", "51.7261009216309", "51.7262"]])
        let payload = try #require(try RowDiff.payload(from: second.appendingPathComponent("airports.db"), to: third.appendingPathComponent("airports.db")))
        // One waypoint upserted, its change row and the cycle's update row added, and one id high-water mark (sqlite_sequence) moved.
        #expect(Dictionary(uniqueKeysWithValues: payload.tables.map { ($0.name, $0.deletes.count + $0.upserts.count) })
                == ["waypoints": 1, "waypoints_changes": 1, "airac_updates": 1, "sqlite_sequence": 1])
    }
}
