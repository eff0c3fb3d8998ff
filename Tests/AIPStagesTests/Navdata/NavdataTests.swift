import AIPFindings
@testable import AIPReaders
import AIPStages
import Testing

@Suite struct NavdataTests {
    static func boundary(_ id: String, _ ring: BoundaryRing, oceanic: Bool = false, feature: Int = 0) -> FIRBoundary {
        FIRBoundary(id: id, isOceanic: oceanic, region: "EMEA", labelLonDeg: nil, labelLatDeg: nil,
                    polygons: [BoundaryPolygon(rings: [ring])], feature: feature)
    }

    static func boundaries(_ list: [FIRBoundary]) -> FIRBoundariesFile {
        FIRBoundariesFile(fileName: "firs/Boundaries.geojson", boundaries: list, findings: [], featureCount: list.count, byteCount: 0)
    }

    static func vatspy(names: [(String, String?)], airports: [(String, Double, Double, String)]) -> VATSpyFile {
        VATSpyFile(fileName: "firs/VATSpy.dat",
                   firs: names.enumerated().map { .init(icao: $1.0, name: $1.1, callsignPrefix: nil, boundary: $1.0, line: $0 + 1) },
                   airports: airports.enumerated().map { .init(icao: $1.0, latitudeDeg: $1.1, longitudeDeg: $1.2, fir: $1.3, line: $0 + 100) },
                   findings: [], rowCount: 0, byteCount: 0)
    }

    static func navaid(_ id: Int, _ ident: String, _ lat: Double, _ lon: Double, _ type: NavaidType = .vorDME, line: Int? = nil) -> OurAirportsNavaid {
        OurAirportsNavaid(id: id, ident: ident, name: nil, type: type, latitudeDeg: lat, longitudeDeg: lon, isoCountry: nil, line: line ?? id)
    }

    static func navaids(_ list: [OurAirportsNavaid]) -> OurAirportsNavaidsFile {
        OurAirportsNavaidsFile(fileName: "ourairports/navaids.csv", navaids: list, findings: [], rowCount: list.count, byteCount: 0)
    }

    /// West and east FIRs side by side, a sector over both that VATSpy gives no airport to, and an oceanic FIR.
    static let inputs = Navdata.Inputs(
        navaids: navaids([
            navaid(30, "bnn", 47, 2), navaid(10, "BNN", 47, 7), navaid(20, "XYZ", 47, 5, .ndb), navaid(40, "OUT", 20, 20),
            navaid(50, "SEA", 47, -10, .ndb),
        ]),
        boundaries: boundaries([
            boundary("LFFF", Shapes.box(0, 45, 5, 50)), boundary("EDGG", Shapes.box(5, 45, 10, 50)),
            boundary("EGVV", Shapes.box(-1, 44, 11, 51)), boundary("EGGX", Shapes.box(-20, 44, -1, 51), oceanic: true),
        ]),
        vatspy: vatspy(names: [("LFFF", "Paris"), ("EDGG", "Langen"), ("EGVV", "Swanwick Military")],
                       airports: [("LFPG", 49, 2.5, "LFFF"), ("EDDF", 50.03, 8.57, "EDGG")]))

    @Test func firsAreWrittenWithNamesAndSectorsAreLeftOut() throws {
        let result = Navdata.build(Self.inputs)
        #expect(result.firs.map(\.icao) == ["EDGG", "EGGX", "LFFF"])
        #expect(result.firs.map(\.name) == ["Langen", nil, "Paris"])
        #expect(result.firs.map(\.isOceanic) == [false, true, false])
        #expect(result.findings.filter { $0.code == .firOverlaySector }.map(\.location) == [.record("EGVV")])
        #expect(result.findings.filter { $0.code == .firUnnamed }.map(\.location) == [.record("EGGX")])
        let paris = try #require(result.firs.last)
        #expect(paris.polygonsJSON == "[[[[0.0, 45.0], [5.0, 45.0], [5.0, 50.0], [0.0, 50.0], [0.0, 45.0]]]]")
        #expect((paris.bboxMinLonDeg, paris.bboxMinLatDeg, paris.bboxMaxLonDeg, paris.bboxMaxLatDeg) == (0, 45, 5, 50))
        #expect(paris.source == "vatspy")
    }

    @Test func waypointsAreTheNavaidsAFIRHoldsSortedByNameThenId() {
        let result = Navdata.build(Self.inputs)
        #expect(result.waypoints.map(\.name) == ["BNN", "BNN", "SEA", "XYZ"])
        #expect(result.waypoints.map(\.sourceID) == ["10", "30", "50", "20"])
        #expect(result.waypoints.map(\.firCodes) == ["EDGG", "LFFF", "EGGX", "EDGG,LFFF"])
        #expect(result.waypoints.map(\.pointType) == ["VORDME", "VORDME", "NDB", "NDB"])
        #expect(result.waypoints.allSatisfy { $0.source == "ourairports" })
        #expect(result.counts["waypoint_idents_shadowed"] == ["idents": 1, "stations_hidden": 1])
        #expect(result.counts["waypoints_by_fir"] == ["EDGG": 2, "LFFF": 2, "EGGX": 1])
        #expect(result.counts["waypoints_by_type"] == ["VORDME": 2, "NDB": 2])
    }

    @Test func aRepeatedNavaidIdKeepsTheFirstRow() {
        var inputs = Self.inputs
        inputs.navaids = Self.navaids([Self.navaid(10, "AAA", 47, 2, line: 2), Self.navaid(10, "AAA", 47, 3, line: 3)])
        let result = Navdata.build(inputs)
        #expect(result.waypoints.map(\.longitudeDeg) == [2])
        #expect(result.findings.filter { $0.code == .rowDuplicateKey }.count == 1)
    }

    @Test func aSelfCrossingFIRIsKeptWithAWarning() {
        let bowTie = Shapes.ring([(0, 45), (5, 50), (5, 45), (0, 50)])
        let result = Navdata.build(Navdata.Inputs(boundaries: Self.boundaries([Self.boundary("LFFF", bowTie)]),
                                                  vatspy: Self.vatspy(names: [("LFFF", "Paris")], airports: [])))
        #expect(result.firs.map(\.icao) == ["LFFF"])
        #expect(result.findings.map(\.code) == [.firSelfCrossing])
    }

    @Test func withoutVATSpyAirportsEveryBoundaryIsAFIR() {
        var inputs = Self.inputs
        inputs.vatspy = nil
        #expect(Navdata.build(inputs).firs.map(\.icao) == ["EDGG", "EGGX", "EGVV", "LFFF"])
    }

    @Test func theScopeTakesParentFIRsWithTheAirportsPrefixes() {
        let scope = AirportsScope()
        #expect(scope.includesFIR("EGTT") && scope.includesFIR("EGGX") && scope.includesFIR("BIRD") && scope.includesFIR("LPPO"))
        #expect(!scope.includesFIR("EDGG-N") && !scope.includesFIR("KZNY") && !scope.includesFIR("BGGL"))
    }
}
