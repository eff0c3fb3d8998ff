import AIPReaders
import AIPStages
import Foundation
import TestSupport
import Testing

/// The first-build floor of the airports stage at its bounds: shares, over samples large enough to judge.
struct AirportsFloorTests {
    /// `airports` medium airports EAAA, EAAB…, the first `served` of them with a runway, plus `orphans` runways of no airport.
    func floorFindings(airports: Int, served: Int, orphans: Int = 0, otherRunways: Int = 0) throws -> [Finding] {
        let airportRows = (0..<airports).map { #"\#(100 + $0),"EA\#(Self.letters($0))","medium_airport","A",50,4,,"EU","BE",,,,,,,,,,"# }
        func runway(_ id: Int, _ ref: Int) -> String { #"\#(id),\#(ref),"X",3000,100,"ASP",1,0,"09",,,,,,"27",,,,,"# }
        // Runways of the first airport stand in for a file with many runways, so orphans are a share of something.
        let runwayRows = (0..<served).map { runway(1_000 + $0, 100 + $0) } + (0..<orphans).map { runway(2_000 + $0, 9_000 + $0) }
            + (0..<otherRunways).map { runway(3_000 + $0, 100) }
        let stage = AirportsStage()
        let output = try stage.run(
            airports: try OurAirportsReader.readAirports(SourceFile(displayName: "ourairports/airports.csv", bytes: Data(SampleCSV.airports(airportRows).utf8)),
                                                         include: stage.includes),
            runways: try OurAirportsReader.readRunways(SourceFile(displayName: "ourairports/runways.csv", bytes: Data(SampleCSV.runways(runwayRows).utf8))))
        return output.findings.filter { $0.code == .tableBelowFloor }
    }

    /// Two letters for `index` (AA, AB…): an ICAO code is letters only.
    static func letters(_ index: Int) -> String {
        String([Character(UnicodeScalar(65 + index / 26)!), Character(UnicodeScalar(65 + index % 26)!)])
    }

    @Test func runwaysBelowFourFifthsOfTheLargeAndMediumAirportsAreAFinding() throws {
        #expect(try floorFindings(airports: 20, served: 16).isEmpty)
        let below = try floorFindings(airports: 20, served: 15)
        #expect(below.map(\.file) == ["ourairports/runways.csv"])
        #expect(below.first?.reason == "only 15 of the 20 large and medium airports in scope (75 %) have a runway in it, where a full file gives about 98 % (floor 80 %); the file looks cut short")
        // Too few airports to judge by a share.
        #expect(try floorFindings(airports: 19, served: 1).isEmpty)
    }

    @Test func runwaysNamingNoAirportAboveTwoPercentAreAFinding() throws {
        #expect(try floorFindings(airports: 20, served: 20, orphans: 2, otherRunways: 78).isEmpty)
        let above = try floorFindings(airports: 20, served: 20, orphans: 3, otherRunways: 77)
        #expect(above.map(\.file) == ["ourairports/airports.csv"])
        #expect(above.first?.reason == "3 of the 100 runways of ourairports/runways.csv (3 %) name an airport it does not have, where a full file leaves none (ceiling 2 %); the file looks cut short")
    }
}
