import AIPFindings
@testable import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct VATSpyReaderTests {
    static func read(_ text: String) throws -> VATSpyFile {
        try VATSpyReader.read(SourceFile(displayName: "firs/VATSpy.dat", bytes: Data(text.utf8)))
    }

    static let sample = """
        [Countries]
        United Kingdom|EG|Control
        [Airports]
        ;ICAO|Airport Name|Latitude|Longitude|IATA|FIR|IsPseudo
        EGLL|London Heathrow|51.4775|-0.461389|LHR|EGTT|0
        EGKK|Gatwick|51.148056|not a number|LGW|EGTT|0
        [FIRs]
        ;ICAO|NAME|CALLSIGN PREFIX|FIR BOUNDARY
        EGTT|London||EGTT\r
        EGTT|London (Upper)|LON_U|EGTT
        EGVV||SWN|EGVV
        ADR-E|Adria Radar (East)|ADR_E|ADR-E
        EGPX|Scottish
        [UIRs]
        EURW|Europe West|EGTT,EGPX

        """

    @Test func readsTheFIRsAndAirportsSections() throws {
        let file = try Self.read(Self.sample)
        #expect(file.firs.map(\.icao) == ["EGTT", "EGTT", "EGVV", "ADR-E"])
        #expect(file.name(ofBoundary: "EGTT") == "London")
        #expect(file.name(ofBoundary: "ADR-E") == "Adria Radar (East)")
        #expect(file.name(ofBoundary: "EGVV") == nil)
        #expect(file.name(ofBoundary: "LFFF") == nil)
        #expect(file.airports == [VATSpyFile.Airport(icao: "EGLL", latitudeDeg: 51.4775, longitudeDeg: -0.461389, fir: "EGTT", line: 5)])
        #expect(file.rowCount == 7)
    }

    @Test func aBadLineIsAFindingAndTheOthersAreKept() throws {
        let file = try Self.read(Self.sample)
        #expect(file.findings.map(\.code) == [.valueNotANumber, .vatspyFieldCount])
        #expect(file.findings.map(\.line) == [6, 13])
        #expect(file.findings.first?.column == "LON")
    }

    @Test func aFileWithoutFIRsIsRefused() {
        #expect { try Self.read("[Countries]\nFrance|LF|\n") } throws: { ($0 as? SourceError)?.kind == .malformed }
        #expect { try Self.read("") } throws: { ($0 as? SourceError)?.kind == .empty }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/navdata/VATSpy.dat"))
    func theRealFileReadsCleanly() throws {
        let file = try VATSpyReader.read(SourceFile(contentsOf: SharedFixtures.url("navdata/VATSpy.dat"), displayName: "firs/VATSpy.dat"))
        #expect(file.findings.isEmpty)
        #expect(file.firs.count == 1_450)
        #expect(file.airports.count == 17_896)
        #expect(file.name(ofBoundary: "EGGX") == "Shanwick Oceanic")
        #expect(file.name(ofBoundary: "BIRD") == "Reykjavik")
        #expect(file.airports.first { $0.icao == "EGLL" }?.fir == "EGTT")
    }
}
