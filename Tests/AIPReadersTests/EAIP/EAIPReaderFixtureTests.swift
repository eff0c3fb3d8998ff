import AIPReaders
import Foundation
import TestSupport
import Testing

/// The synthetic pages committed in `Fixtures/sources/eaip`: both families, on a clean clone too.
@Suite struct EAIPReaderFixtureTests {
    static func page(_ path: String) throws -> EAIPReader.Result {
        let url = SharedFixtures.fixtureSources.appendingPathComponent("eaip/\(path)")
        return EAIPReader.read(try SourceFile(contentsOf: url, displayName: "eaip/\(path)"))
    }

    @Test func makeAIPPageGivesItemsContinuationsAndCharts() throws {
        let result = try Self.page("uk/EG-AD-2.EGLL-en-GB.html")
        #expect(result.findings.isEmpty)
        let page = try #require(result.page)
        #expect(page.icao == "EGLL" && page.family == .makeAIP && page.name == "LONDON HEATHROW" && page.effectiveDate == "2026-10-29")
        #expect(page.entries.map { $0.section * 100 + ($0.itemNumber ?? 0) } == [201, 202, 203, 206, 207, 208, 301, 302, 307, 312, 402, 405, 501, 503])
        #expect(page.entries[0].value == "Lat: 512839N Long: 0002741W\nBetween the two runways.")
        #expect(page.entries[3].value == "HEATHROW AIRPORT LTD\nAddress: The Compass Centre, Hounslow TW6 2GW.\nTelephone: 0000-000001 (Operations)\n0000-000002 (ATC)")
        #expect(page.entries[9].value == "Slots required.\nSee UK AIP GEN.")
        #expect(!page.entries.contains { $0.value.contains("Not an AIP entry") }, "AD 2.20 is not AD 2.2")
        #expect(page.charts.count == 8)
        #expect(page.charts.first?.title == "AERODROME CHART - ICAO")
    }

    @Test func frenchPageGivesBilingualItemsAndRowspanContinuations() throws {
        let result = try Self.page("fr/FR-AD-2.LFPG-fr-FR.html")
        #expect(result.findings.isEmpty)
        let page = try #require(result.page)
        #expect(page.icao == "LFPG" && page.family == .frenchSIA && page.sourceTag == "france_eaip_html")
        #expect(page.name == "LFPG\nPARIS CHARLES DE GAULLE".split(separator: "\n").last.map(String.init))
        let byID = Dictionary(uniqueKeysWithValues: page.entries.map { ($0.section * 100 + ($0.itemNumber ?? 0), $0) })
        #expect(byID[201]?.value == #"49°00'35"N 002°32'52"E"#)
        #expect(byID[201]?.field == "Position GEO ARP" && byID[201]?.altField == nil)
        #expect(byID[202]?.field == "Direction, distance from city" && byID[202]?.altField == "Direction, distance de la ville")
        #expect(byID[206]?.value == "Groupe ADP\nAddress: BP 81007\n95931 Roissy CDG CEDEX\nTelephone: 00 00 00 00 00")
        #expect(byID[302]?.value == "H24.\nNon-Schengen flights: PN 2 HR.")
        #expect(byID[302]?.altValue == "H24.\nVols hors Schengen : PN 2 HR.")
        #expect(byID[302]?.altField == "Douanes et police")
        #expect(byID[501]?.field == "Hôtels" && byID[501]?.altValue == nil)
        #expect(page.charts.map(\.title).filter { $0.contains("_IAC_") } == ["AD_2_LFPG_IAC_RWY26R_ILS", "AD_2_LFPG_IAC_RWY08L_RNP"])
        #expect(!page.entries.contains { $0.value.contains("Pas une entrée") })
    }
}
