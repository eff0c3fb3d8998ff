import AIPFindings
import AIPPDFText
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

    @Test func anItemTheEAIPPageGivesIsTakenFromItOnceAndEAIPChartsWin() async throws {
        var output = Fixture.baseOutput()
        var ids = AirportsRowIds()
        let customs = AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "x")
        // The chapter prints the same item under another label, and an item the eAIP page lacks.
        let pdfCustoms = AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and Immigration", value: "HR AD", location: "page 1 AD 2.3 item 2")
        let hotels = AerodromeEntry(section: 5, itemNumber: 1, field: "Hotels", value: "In town", location: "page 2 AD 2.5 item 1")
        let eaip = Fixture.page(entries: [customs], charts: ["INSTRUMENT APPROACH CHART ILS RWY 05 - ICAO"])
        let pdf = Self.pdfPage(entries: [pdfCustoms, hotels], charts: ["AD_2_EGMC_IAC_RWY23_RNP", "AD_2_EGMC_SID_ABC_1A_RWY05"])
        try await AirportsStage().merge(pages: [pdf, eaip], into: &output, ids: &ids)
        #expect(output.aipEntries.map { "\($0.stdFieldID ?? 0) \($0.source) \($0.value)" }.sorted()
            == ["302 uk_eaip_html H24", "501 aip_pdf In town"])
        let superseded = output.findings.filter { $0.code == .pdfItemSuperseded }
        #expect(superseded.map(\.file) == ["aip-pdf/EGMC.pdf"] && superseded.first?.value == "Customs and Immigration")
        #expect(superseded.first?.location == .record("page 1 AD 2.3 item 2") && superseded.first?.reason.contains("eaip/a.html") == true)
        #expect(output.procedures.map(\.source) == ["uk_eaip_html"])
        #expect(output.airports[0].sources == ["aip_pdf", "uk_eaip_html", "worldairports"])

        var alone = Fixture.baseOutput()
        var aloneIds = AirportsRowIds()
        try await AirportsStage().merge(pages: [pdf], into: &alone, ids: &aloneIds)
        #expect(alone.aipEntries.count == 2 && alone.findings.allSatisfy { $0.code != .pdfItemSuperseded })
        #expect(alone.procedures.map { [$0.name, $0.procedureType, $0.runwayIdent ?? "-"] }
            == [["RWY23 RNP", "approach", "23"], ["ABC 1A RWY05", "departure", "05"]])
    }

    @Test func coverageCountsItemsPerSectionAgainstTheTemplate() {
        // All of AD 2.3, AD 2.2 without its geoid item, nothing of AD 2.4 and 2.5; a second chapter not read at all.
        let entries = (1...12).map { AerodromeEntry(section: 3, itemNumber: $0, field: "i\($0)", value: "v", location: "l") }
            + [1, 2, 3, 5, 6, 7, 8].map { AerodromeEntry(section: 2, itemNumber: $0, field: "a\($0)", value: "v", location: "l") }
        let coverage = AirportsStage.coverage(files: ["aip-pdf/EGMC.pdf", "aip-pdf/scan.pdf"], pages: [Self.pdfPage(entries: entries)])
        #expect(coverage.found["aip-pdf/EGMC.pdf AD 2.2"] == 7 && coverage.expected["aip-pdf/EGMC.pdf AD 2.2"] == 8)
        #expect(coverage.found["aip-pdf/EGMC.pdf AD 2.3"] == 12 && coverage.expected["aip-pdf/EGMC.pdf AD 2.3"] == 12)
        #expect(coverage.found["aip-pdf/EGMC.pdf AD 2.4"] == 0 && coverage.expected["aip-pdf/EGMC.pdf AD 2.5"] == 7)
        #expect(coverage.found["aip-pdf/scan.pdf AD 2.2"] == 0 && coverage.found.count == 8)
        // A finding per section short of the template, naming what is missing; none for a complete one.
        let missing = coverage.findings.filter { $0.file == "aip-pdf/EGMC.pdf" && $0.code == .pdfItemsMissing }
        #expect(missing.map(\.location) == [.record("AD 2.2"), .record("AD 2.4"), .record("AD 2.5")])
        #expect(missing.first?.value == "204 Geoid undulation at AD ELEV PSN")
        #expect(coverage.findings.count { $0.file == "aip-pdf/scan.pdf" && $0.code == .pdfItemsMissing } == 4)
    }

    @Test func chaptersBelowFourFifthsOfTheTemplateAreFindingsAndTheWorstThreeAreNamed() throws {
        // EGMC: 19 of 34 items; LOWS: all but the geoid item (33 of 34); LFAT: 27 of 34, just below 80 %; a scan: none.
        let all = AerodromeDocument.itemSections.flatMap { section in
            AIPFieldCatalogue.names.keys.filter { $0 / 100 == section }.sorted().map {
                AerodromeEntry(section: section, itemNumber: $0 % 100, field: "f", value: "v", location: "l")
            }
        }
        let egmc = (1...12).map { AerodromeEntry(section: 3, itemNumber: $0, field: "i\($0)", value: "v", location: "l") }
            + [1, 2, 3, 5, 6, 7, 8].map { AerodromeEntry(section: 2, itemNumber: $0, field: "a\($0)", value: "v", location: "l") }
        let files = ["aip-pdf/EGMC.pdf", "aip-pdf/LOWS.pdf", "aip-pdf/LFAT.pdf", "aip-pdf/scan.pdf"]
        let coverage = AirportsStage.coverage(files: files, pages: [
            Self.pdfPage(entries: egmc), Self.pdfPage("LOWS", entries: all.filter { $0.section * 100 + ($0.itemNumber ?? 0) != 204 }),
            Self.pdfPage("LFAT", entries: Array(all.prefix(27))),
        ])
        let low = coverage.findings.filter { $0.code == .pdfLowCoverage }
        #expect(low.map(\.file) == ["aip-pdf/EGMC.pdf", "aip-pdf/LFAT.pdf", "aip-pdf/scan.pdf"])
        #expect(low.allSatisfy { $0.location == .file && $0.action == .warning })
        // The value names every missing item of the chapter, section by section.
        let egmcMissing = try #require(low.first?.value).components(separatedBy: "; ")
        #expect(egmcMissing.count == 34 - 19 && egmcMissing.first == "204 Geoid undulation at AD ELEV PSN")
        #expect(coverage.documents.map(\.file) == ["aip-pdf/scan.pdf", "aip-pdf/EGMC.pdf", "aip-pdf/LFAT.pdf", "aip-pdf/LOWS.pdf"])
        #expect(AirportsStage.worstCoverage(coverage.documents)
            == "airports: AIP PDF chapters read least fully: aip-pdf/scan.pdf 0/34 (0 %), aip-pdf/EGMC.pdf 19/34 (55 %), aip-pdf/LFAT.pdf 27/34 (79 %)")
        #expect(AirportsStage.worstCoverage([]) == nil)
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

    @Test func lfatChartsBecomeItsProcedures() async throws {
        let data = try Data(contentsOf: SharedFixtures.url("aip-pdf/expected.json"))
        let lfat = try #require(try JSONDecoder().decode([String: Expected].self, from: data)["LFAT"])
        let (expectedApproaches, expectedDepartures) = (try #require(lfat.approaches), try #require(lfat.departures))
        let file = try SourceFile(contentsOf: SharedFixtures.url("aip-pdf/LFAT.pdf"), displayName: "aip-pdf/LFAT.pdf")
        let page = try #require(try await AIPPDFReader.read(file, extract: PDFTextExtractor().extract).page)
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
