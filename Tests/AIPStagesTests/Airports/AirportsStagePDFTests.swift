import AIPReaders
@testable import AIPStages
import Foundation
import TestSupport
import Testing

/// PDF chapters in the airports stage: label remapping, precedence against eAIP pages, and LFAT's real charts.
@Suite struct AirportsStagePDFTests {
    typealias Fixture = AirportsStageAerodromeDocumentsTests

    static func pdfPage(_ icao: String = "EGMC", entries: [AerodromeEntry] = [], charts: [String] = []) -> AerodromeDocument {
        AerodromeDocument(file: "aip-pdf/\(icao).pdf", family: .aipPDF, icao: icao, effectiveDate: "2026-01-01", name: "PDF NAME", arpText: nil,
                          entries: entries, charts: charts.map { AerodromeChart(title: $0, location: "page 9") })
    }

    @Test func adminItemsNumberedWithoutGeoidAreMappedByLabel() {
        // Switzerland prints no geoid item: MAG VAR is item 4, the administration 5, traffic 6, remarks 7.
        let entries = [
            AerodromeEntry(section: 2, itemNumber: 3, field: "Elevation/Reference temperature", value: "1582 ft", location: "a"),
            AerodromeEntry(section: 2, itemNumber: 4, field: "MAG VAR/Annual change", value: "2° E", location: "b"),
            AerodromeEntry(section: 2, itemNumber: 5, field: "AD Administration, address, telephone", value: "Post", location: "c"),
            AerodromeEntry(section: 2, itemNumber: 6, field: "Types of traffic permitted (IFR/VFR)", value: "IFR/VFR", location: "d"),
            AerodromeEntry(section: 2, itemNumber: 7, field: "Remarks", value: "NIL", location: "e"),
            AerodromeEntry(section: 3, itemNumber: 4, field: "Remarks", value: "x", location: "f"),
        ]
        let (page, remapped) = AirportsStage.catalogued(Self.pdfPage(entries: entries))
        #expect(remapped == 4)
        #expect(page.entries.map(\.itemNumber) == [3, 5, 6, 7, 8, 4])
        // A label naming two items keeps its printed number.
        #expect(AIPTitleWords.item(section: 2, label: "Direction and distance of ARP from (city)") == nil)
        #expect(AIPTitleWords.item(section: 2, label: "Geoid undulation at AD ELEV PSN") == 4)
    }

    @Test func pdfEntriesAreASourceOfTheirOwnAndEAIPChartsWin() throws {
        var output = Fixture.baseOutput()
        var ids = AirportsRowIds()
        let entry = AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "x")
        let eaip = Fixture.page(entries: [entry], charts: ["INSTRUMENT APPROACH CHART ILS RWY 05 - ICAO"])
        let pdf = Self.pdfPage(entries: [entry], charts: ["AD_2_EGMC_IAC_RWY23_RNP", "AD_2_EGMC_SID_ABC_1A_RWY05"])
        try AirportsStage().merge(pages: [pdf, eaip], into: &output, ids: &ids)
        #expect(output.aipEntries.map(\.source).sorted() == ["aip_pdf", "uk_eaip_html"])
        #expect(output.procedures.map(\.source) == ["uk_eaip_html"])
        #expect(output.airports[0].sources == ["aip_pdf", "uk_eaip_html", "worldairports"])

        var alone = Fixture.baseOutput()
        var aloneIds = AirportsRowIds()
        try AirportsStage().merge(pages: [pdf], into: &alone, ids: &aloneIds)
        #expect(alone.procedures.map { [$0.name, $0.procedureType, $0.runwayIdent ?? "-"] }
            == [["RWY23 RNP", "approach", "23"], ["ABC 1A RWY05", "departure", "05"]])
    }
}

/// LFAT's chart pages (`../shared/fixtures/aip-pdf/LFAT.pdf`) against `expected.json`: three approaches and four
/// SIDs with their runways; coding tables, FAS data blocks and the aerodrome chart are no procedures.
@Suite(.enabled(if: SharedFixtures.available && FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext"),
                "needs ../shared/fixtures/aip-pdf and pdftotext (poppler-utils)"))
struct AirportsStagePDFChartTests {
    struct Expected: Decodable {
        struct Approach: Decodable { var approach_type: String; var runway: String }
        struct Departure: Decodable { var name: String; var runway: String }
        var approaches: [Approach]?
        var departures: [Departure]?
        var arrivals: [Departure]?
    }

    @Test func lfatChartsBecomeItsProcedures() throws {
        let data = try Data(contentsOf: SharedFixtures.url("aip-pdf/expected.json"))
        let lfat = try #require(try JSONDecoder().decode([String: Expected].self, from: data)["LFAT"])
        let (expectedApproaches, expectedDepartures) = (try #require(lfat.approaches), try #require(lfat.departures))
        let file = try SourceFile(contentsOf: SharedFixtures.url("aip-pdf/LFAT.pdf"), displayName: "aip-pdf/LFAT.pdf")
        let page = try #require(try AIPPDFReader.read(file).page)
        #expect(page.charts.count == 14)  // 12 chart pages, the SID pages giving one title per route
        var findings: [Finding] = []
        let rows = page.charts.compactMap { AirportsStage.procedureRow($0, page: page, findings: &findings) }
        #expect(findings.isEmpty)
        let approaches = rows.filter { $0.procedureType == "approach" }.map { [$0.approachType ?? "-", $0.runwayIdent ?? "-"] }
        #expect(approaches.sorted { $0.lexicographicallyPrecedes($1) } == expectedApproaches.map { [$0.approach_type, $0.runway] }.sorted { $0.lexicographicallyPrecedes($1) })
        let departures = rows.filter { $0.procedureType == "departure" }
        #expect(departures.count == expectedDepartures.count)
        for departure in expectedDepartures {
            #expect(departures.contains { $0.name.hasPrefix(departure.name + " ") && $0.runwayIdent == departure.runway }, "\(departure.name)")
        }
        #expect(rows.filter { $0.procedureType == "arrival" }.count == (lfat.arrivals?.count ?? 0))
    }
}
