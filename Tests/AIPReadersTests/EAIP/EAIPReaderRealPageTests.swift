import AIPReaders
import Foundation
import TestSupport
import Testing

/// The two real pages of `../shared/fixtures/eaip/`, checked against the values `sources.md` gives and more.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (the real EGMC and LFAQ pages)"))
struct EAIPReaderRealPageTests {
    static func page(_ name: String) throws -> EAIPReader.Result {
        let file = try SourceFile(contentsOf: SharedFixtures.url("eaip/\(name)"), displayName: "eaip/\(name)")
        return EAIPReader.read(file)
    }

    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? {
        page.entries.first { $0.section == section && $0.itemNumber == item }
    }

    @Test func egmcIsAMakeAIPPageWithItsDateAndName() throws {
        let result = try Self.page("EG-AD-2.EGMC-en-GB.html")
        let page = try #require(result.page)
        #expect(page.icao == "EGMC")
        #expect(page.family == .makeAIP)
        #expect(page.sourceTag == "uk_eaip_html")
        #expect(page.effectiveDate == "2025-06-12")
        #expect(page.name == "SOUTHEND")
        #expect(result.findings.isEmpty)
    }

    @Test func egmcGivesThirtyThreeEntriesPerSectionAsSourcesSays() throws {
        let page = try #require(try Self.page("EG-AD-2.EGMC-en-GB.html").page)
        let counts = Dictionary(grouping: page.entries, by: \.section).mapValues(\.count)
        #expect(counts == [2: 8, 3: 11, 4: 7, 5: 7])
        #expect(page.entries.allSatisfy { $0.itemNumber != nil && $0.altField == nil && $0.altValue == nil })
    }

    @Test func egmcKeepsTheARPCoordinatesHiddenSpansDroppedAndLines() throws {
        let page = try #require(try Self.page("EG-AD-2.EGMC-en-GB.html").page)
        let arp = try #require(Self.entry(page, 2, 1))
        #expect(arp.field == "ARP coordinates and site at AD")
        #expect(arp.value == "Lat: 513413N Long: 0004136E\nMid point of Runway 05/23.")
        #expect(page.arpText == arp.value)
        #expect(Self.entry(page, 2, 3)?.value == "55 FT / 18 °C / -")
        #expect(Self.entry(page, 3, 2)?.value == "H24")
        // sources.md prints "91/91 , AVGAS" (spans joined with spaces); the page itself shows "91/91, AVGAS".
        #expect(Self.entry(page, 4, 2)?.value == "AVTUR JET A1 91/91, AVGAS 100LL 91/90")
        #expect(!page.entries.contains { $0.value.contains("TAD_HP") || $0.value.contains(";") && $0.value.contains("TXT_") })
    }

    @Test func egmcOperatorContactRowsStayInItem206() throws {
        let page = try #require(try Self.page("EG-AD-2.EGMC-en-GB.html").page)
        let administration = try #require(Self.entry(page, 2, 6))
        let lines = administration.value.split(separator: "\n").map(String.init)
        #expect(lines.first == "LONDON SOUTHEND AIRPORT CO LTD")
        #expect(lines.contains("Address: London Southend Airport, Southend-on-Sea, Essex SS2 6YF."))
        #expect(lines.contains("Telephone: 01702-538500 (Switchboard)"))
        #expect(lines.contains("01702-538420 (ATC)"))
        #expect(lines.contains("Telefax: 01702-538501 (Administration)"))
        #expect(lines.contains("SITA: SENSHCR"))
    }

    @Test func egmcListsItsChartsInOrderWithoutLinkRows() throws {
        let page = try #require(try Self.page("EG-AD-2.EGMC-en-GB.html").page)
        let titles = page.charts.map(\.title)
        #expect(titles.first == "AERODROME CHART - ICAO")
        #expect(titles.contains("INSTRUMENT APPROACH CHART SRA RTR 2NM RWY 23 (CAT A,B,C) - ICAO"))
        #expect(titles.contains("INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO"))
        #expect(!titles.contains { $0.hasPrefix("AD 2.EGMC") })
    }

    @Test func lfaqIsAFrenchPageWithEnglishValuesAndFrenchAlternatives() throws {
        let result = try Self.page("FR-AD-2.LFAQ-fr-FR.html")
        let page = try #require(result.page)
        #expect(page.icao == "LFAQ")
        #expect(page.family == .frenchSIA)
        #expect(page.sourceTag == "france_eaip_html")
        #expect(page.effectiveDate == "2025-10-02")
        #expect(result.findings.isEmpty)
        let counts = Dictionary(grouping: page.entries, by: \.section).mapValues(\.count)
        #expect(counts == [2: 8, 3: 9, 4: 6, 5: 5])
        #expect(Self.entry(page, 2, 1)?.value == #"49°58'12"N 002°41'33"E"#)
        let city = try #require(Self.entry(page, 2, 2))
        #expect(city.value == "4 km SE Albert")
        #expect(city.field == "Direction, distance from city")
        #expect(city.altField == "Direction, distance de la ville")
        let customs = try #require(Self.entry(page, 3, 2))
        #expect(customs.field == "Customs and immigration")
        #expect(customs.altField == "Douanes et police")
        #expect(customs.value.hasPrefix("For all INTL flights departing and arriving:\nPPR 12 HR (24 HR SAT, SUN and public HOL) before ETA/ETD"))
        #expect(customs.altValue?.hasPrefix("Pour tous les vols internationaux au départ et à l'arrivée :\nPPR 12 HR (24 HR SAM, DIM et JF)") == true)
        // sources.md flattens the page's line break; it is kept here.
        #expect(Self.entry(page, 4, 2)?.value == "Fuel : 100LL, JET A1.\nLubricant : NIL.")
        #expect(Self.entry(page, 4, 2)?.altValue == "Carburant : 100LL, JET A1.\nLubrifiants : NIL.")
    }

    @Test func lfaqListsItsInstrumentApproachCharts() throws {
        let page = try #require(try Self.page("FR-AD-2.LFAQ-fr-FR.html").page)
        let titles = page.charts.map(\.title)
        #expect(titles.filter { $0.contains("_IAC_") } == [
            "AD_2_LFAQ_IAC_RWY08_RNP", "AD_2_LFAQ_IAC_RWY26_FNA_RNP", "AD_2_LFAQ_IAC_RWY26_INA_RNAV", "AD_2_LFAQ_IAC_RWY26_NDB",
        ])
        #expect(titles.count == 15)
    }
}
