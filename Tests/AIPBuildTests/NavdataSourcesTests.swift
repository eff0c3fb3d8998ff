import AIPFindings
@testable import AIPBuild
import AIPReaders
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// Which navigation files a source tree has, and what the build does about each combination (tiny made-up files).
@Suite struct NavdataSourcesTests {
    static let navaids = """
        "id","filename","ident","name","type","frequency_khz","latitude_deg","longitude_deg","elevation_ft","iso_country"
        1,"a","OST","Oostende","VOR-DME",114000,51.2,2.9,10,"BE"
        2,"b","XXX","Nowhere","NDB",300,10.0,10.0,10,"XX"

        """
    static let boundaries = #"""
        { "type": "FeatureCollection", "features": [
        { "type": "Feature", "properties": { "id": "EBBU", "oceanic": "0", "label_lon": "4.5", "label_lat": "50.6", "region": "EMEA" },
          "geometry": { "type": "MultiPolygon", "coordinates": [ [ [ [ 2.0, 49.5 ], [ 6.4, 49.5 ], [ 6.4, 51.5 ], [ 2.0, 51.5 ], [ 2.0, 49.5 ] ] ] ] } }
        ] }

        """#
    static let vatspy = "[FIRs]\nEBBU|Brussels||EBBU\n[Airports]\nEBOS|Oostende|51.1998|2.874673|OST|EBBU|0\n"

    func tree(_ temporary: TemporaryFolder, files: [String: String]) throws -> URL {
        let tree = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        for (path, text) in files { try temporary.write(text, to: "sources/\(path)") }
        return tree
    }

    func build(_ tree: URL, _ temporary: TemporaryFolder) async throws -> StageResult {
        try await BundleBuilder.build(BuildOptions(sources: tree, out: temporary.url.appendingPathComponent("out"),
                                                   stages: StageRegistry.select("airports"), stamp: stamp)).stages[0]
    }

    @Test func allThreeGiveFIRsAndTheWaypointsTheyHold() async throws {
        let temporary = try TemporaryFolder()
        let tree = try tree(temporary, files: ["ourairports/navaids.csv": Self.navaids, "firs/Boundaries.geojson": Self.boundaries, "firs/VATSpy.dat": Self.vatspy])
        let result = try await build(tree, temporary)
        #expect(result.report.rowsWritten["waypoints"] == 1)
        #expect(result.report.rowsWritten["firs"] == 1)
        #expect(result.report.inputs.map(\.file).suffix(3) == ["ourairports/navaids.csv", "firs/Boundaries.geojson", "firs/VATSpy.dat"])
        let rows = try await DatabaseQueue(path: temporary.url.appendingPathComponent("out/airports.db").path).read {
            try Row.fetchAll($0, sql: "SELECT name || ' ' || fir_codes || ' ' || source_id FROM waypoints").map { $0[0] as String }
        }
        #expect(rows == ["OST EBBU 1"])
    }

    @Test func navaidsWithoutBoundariesWriteNoWaypointAndSayWhy() async throws {
        let temporary = try TemporaryFolder()
        let result = try await build(try tree(temporary, files: ["ourairports/navaids.csv": Self.navaids]), temporary)
        #expect(result.report.rowsWritten["waypoints"] == 0)
        #expect(result.report.findings.map(\.code) == [.navdataNoFIRBoundaries])
        #expect(!result.report.inputs.contains { $0.file.contains("navaids") })
    }

    @Test func aTreeWithoutNavigationFilesBuildsEmptyTablesSilently() async throws {
        let temporary = try TemporaryFolder()
        let result = try await build(try tree(temporary, files: [:]), temporary)
        #expect(result.report.rowsWritten["waypoints"] == 0 && result.report.rowsWritten["firs"] == 0)
        #expect(result.report.findings.isEmpty)
    }

    @Test func boundariesWithoutVATSpyOrCutShortStopTheBuild() async throws {
        let temporary = try TemporaryFolder()
        await #expect(throws: BuildError.self) {
            try await build(try tree(temporary, files: ["firs/Boundaries.geojson": Self.boundaries]), temporary)
        }
        let cut = try TemporaryFolder()
        let error = await #expect(throws: BuildError.self) {
            try await build(try tree(cut, files: ["firs/Boundaries.geojson": String(Self.boundaries.prefix(200)), "firs/VATSpy.dat": Self.vatspy]), cut)
        }
        #expect("\(error!)".contains("firs/Boundaries.geojson: ends before the GeoJSON document does"))
    }

    @Test func losingTheNavigationFilesIsStoppedByTheShrinkGate() async throws {
        let temporary = try TemporaryFolder()
        let tree = try tree(temporary, files: ["ourairports/navaids.csv": Self.navaids, "firs/Boundaries.geojson": Self.boundaries, "firs/VATSpy.dat": Self.vatspy])
        _ = try await build(tree, temporary)
        for path in ["ourairports/navaids.csv", "firs/Boundaries.geojson", "firs/VATSpy.dat"] {
            try FileManager.default.removeItem(at: tree.appendingPathComponent(path))
        }
        let error = await #expect(throws: BuildError.self) { try await build(tree, temporary) }
        guard case .shrank(let losses, _)? = error else { Issue.record("not a shrink: \(String(describing: error))"); return }
        // The `sources` rows of the two navigation sources go too.
        #expect(losses.map(\.part).sorted() == ["table firs", "table sources", "table waypoints"])
    }
}
