import AIPFindings
import AIPPipeline
import AIPReaders
@testable import AIPStages
import Foundation
import TestSupport
import Testing

/// Chart headings of a chart-list source (`aip-pdf/autorouter/charts.json`) as procedures, and the coverage per
/// state the stage reports.
@Suite struct AirportsStageChartHeadingsTests {
    typealias Fixture = AirportsStageAerodromeDocumentsTests

    static func tree(_ headings: ChartHeadings) throws -> (TemporaryFolder, SourceTree) {
        let folder = try TemporaryFolder()
        try folder.write(String(decoding: try headings.data(), as: UTF8.self), to: "aip-pdf/autorouter/charts.json")
        return (folder, SourceTree(root: folder.url))
    }

    @Test func headingsReplaceAChaptersChartPagesAndGiveAnAerodromeWithoutChapterItsProcedures() async throws {
        let headings = ChartHeadings(aerodromes: [
            "EGMC": [.init(kind: .approach, heading: "RWY 23 ILS Z"), .init(kind: .departure, heading: "RWY 05 CLN 1A")],
            "EGSS": [.init(kind: .arrival, heading: "LOREL 1A")],
        ])
        let (folder, sources) = try Self.tree(headings)
        defer { withExtendedLifetime(folder) {} }
        let chapter = AerodromeDocument(file: "aip-pdf/autorouter/EGMC.pdf", family: .aipPDF, icao: "EGMC", effectiveDate: "2026-01-01",
                                        name: nil, arpText: nil, entries: [], charts: [AerodromeChart(title: "AD_2_EGMC_IAC_RWY05_VOR", location: "page 9")])
        // A chapter of another folder (a state's own) keeps the charts read from its pages.
        let national = AerodromeDocument(file: "aip-pdf/gb/EGSS.pdf", family: .aipPDF, icao: "EGSS", effectiveDate: "2026-01-01",
                                         name: nil, arpText: nil, entries: [], charts: [AerodromeChart(title: "AD_2_EGSS_IAC_RWY22_ILS", location: "page 9")])
        let paths = try AirportsStage.chartHeadingPaths(sources)
        #expect(paths == ["aip-pdf/autorouter/charts.json"])
        let (documents, inputs) = try AirportsStage.withChartHeadings([chapter, national], paths: paths, in: sources)
        #expect(inputs.map(\.file) == paths && inputs.first?.rows == 1)
        #expect(documents.map(\.file) == ["aip-pdf/autorouter/EGMC.pdf", "aip-pdf/gb/EGSS.pdf", "aip-pdf/autorouter/charts.json"])
        #expect(documents[0].charts.map(\.title) == ["AD_2_EGMC_IAC_RWY_23_ILS_Z", "AD_2_EGMC_SID_RWY_05_CLN_1A"])
        #expect(documents[1].charts == national.charts)
        #expect(documents[2].icao == "EGSS" && documents[2].entries.isEmpty && documents[2].charts.map(\.title) == ["AD_2_EGSS_STAR_LOREL_1A"])

        var output = Fixture.baseOutput()
        var ids = AirportsRowIds()
        try await AirportsStage().merge(pages: [documents[0]], into: &output, ids: &ids)
        #expect(output.procedures.map { [$0.name, $0.procedureType, $0.approachType ?? "-", $0.runwayIdent ?? "-"] }
            == [["RWY 23 ILS Z", "approach", "ILS", "23"], ["RWY 05 CLN 1A", "departure", "-", "05"]])
    }

    @Test func aChartListThatIsNotFetchsFormatStopsTheBuildNamingTheFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("<html>Sign in</html>", to: "aip-pdf/autorouter/charts.json")
        let sources = SourceTree(root: folder.url)
        #expect { try AirportsStage.withChartHeadings([], paths: ["aip-pdf/autorouter/charts.json"], in: sources) } throws: { error in
            (error as? SourceError)?.file == "aip-pdf/autorouter/charts.json"
        }
    }

    static func airport(_ icao: String, _ country: String) -> AirportRow {
        var airport = Fixture.airport(icao)
        airport.isoCountry = country
        return airport
    }

    @Test func coveragePerStateCountsAerodromesBySourceItemsCustomsAndProcedures() async throws {
        var output = AirportsStage.Output(airports: [Self.airport("EGMC", "GB"), Self.airport("EGSS", "GB"), Self.airport("LOWS", "AT")],
                                          runways: [Fixture.runway(1, "EGMC", "05", "23")], findings: [])
        var ids = AirportsRowIds()
        let customs = AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "a")
        let hotels = AerodromeEntry(section: 5, itemNumber: 1, field: "Hotels", value: "In town", location: "b")
        let eaip = Fixture.page(entries: [customs, hotels], charts: ["INSTRUMENT APPROACH CHART ILS RWY 05 - ICAO"])
        let pdf = AerodromeDocument(file: "aip-pdf/at/LOWS.pdf", family: .aipPDF, icao: "LOWS", effectiveDate: "2026-01-01", name: nil,
                                    arpText: nil, entries: [hotels], charts: [])
        try await AirportsStage().merge(pages: [eaip, pdf], into: &output, ids: &ids)
        let coverage = AirportsStage.stateCoverage(of: output)
        let template = AIPFieldCatalogue.names.keys.count { (2...5).contains($0 / 100) }
        #expect(coverage["GB"] == .init(aerodromes: 2, withEAIP: 1, withPDF: 0, itemsRead: 2, itemsExpected: template, withCustoms: 1,
                                        withProcedures: 1, withAIP: 1))
        #expect(coverage["AT"] == .init(aerodromes: 1, withEAIP: 0, withPDF: 1, itemsRead: 1, itemsExpected: template, withCustoms: 0,
                                        withProcedures: 0, withAIP: 1))
        let counts = AirportsStage.coverageCounts(coverage)
        #expect(counts["coverage_aerodromes_with_aip"] == ["GB": 1, "AT": 1] && counts["coverage_aerodromes"] == ["GB": 2, "AT": 1])
    }

    @Test(arguments: [(10, 9, false), (10, 8, true), (100, 90, false), (100, 89, true), (1, 0, true), (0, 0, false)])
    func aStateThatLostMoreThanATenthIsAWarning(before: Int, now: Int, warned: Bool) {
        var coverage = AirportsStage.StateCoverage()
        coverage.withAIP = now
        let findings = AirportsStage.coverageDrops(["DE": coverage], previous: ["DE": before])
        #expect(findings.map(\.code) == (warned ? [.aipCoverageDropped] : []))
        #expect(findings.allSatisfy { $0.value == "\(before) → \(now)" && $0.action == .warning })
    }

    @Test func thePreviousBundlesAerodromesWithAIPEntriesAreCountedPerState() throws {
        let airports = PlainTable(columns: ["icao_code", "iso_country"], rows: [
            [.text("EGMC"), .text("GB")], [.text("EGSS"), .text("GB")], [.text("LOWS"), .text("AT")], [.text("XXXX"), .null],
        ])
        let entries = PlainTable(columns: ["id", "airport_icao"], rows: [[.integer(1), .text("EGMC")], [.integer(2), .text("EGMC")],
                                                                          [.integer(3), .text("LOWS")], [.integer(4), .text("XXXX")]])
        let previous = BundleContents(fileNames: ["airports.db"]) { _, table in table == "airports" ? airports : table == "aip_entries" ? entries : nil }
        #expect(try AirportsStage.previousAIPAerodromes(previous) == ["GB": 1, "AT": 1, AirportsStage.unknownState: 1])
        #expect(try AirportsStage.previousAIPAerodromes(.empty) == [:])
    }
}
