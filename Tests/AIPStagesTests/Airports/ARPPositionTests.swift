import AIPStages
import Testing

@Suite struct ARPPositionTests {
    @Test func compactMakeAIPForm() throws {
        let position = try #require(ARPPosition.parse("Lat: 513413N Long: 0004136E\nMid point of Runway 05/23."))
        #expect(abs(position.latitudeDeg - (51 + 34 / 60.0 + 13 / 3600.0)) < 1e-6)
        #expect(abs(position.longitudeDeg - (41 / 60.0 + 36 / 3600.0)) < 1e-6)
    }

    @Test func frenchFormWithSymbolsAndWestSouth() throws {
        let position = try #require(ARPPosition.parse(#"49°58'12"N 002°41'33"E"#))
        #expect(abs(position.latitudeDeg - (49 + 58 / 60.0 + 12 / 3600.0)) < 1e-6)
        #expect(abs(position.longitudeDeg - (2 + 41 / 60.0 + 33 / 3600.0)) < 1e-6)
        let west = try #require(ARPPosition.parse("Lat: 512053N Long: 0003331W"))
        #expect(west.longitudeDeg < 0)
    }

    @Test func garbageGivesNoPosition() {
        #expect(ARPPosition.parse("") == nil)
        #expect(ARPPosition.parse("Lat: 513413N") == nil, "half a position is no position")
        #expect(ARPPosition.parse("Lat: 996061N Long: 0004136E") == nil)
        #expect(ARPPosition.parse("RWY 05 N of the town") == nil)
    }
}
