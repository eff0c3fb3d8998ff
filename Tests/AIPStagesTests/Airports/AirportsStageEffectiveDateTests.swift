import AIPPipeline
import AIPReaders
@testable import AIPStages
import Testing

/// An AD 2 document dated implausibly far from the build's AIRAC cycle (a crafted `9999-12-31`) is read as undated,
/// with a finding, so it cannot win the precedence over the real edition.
@Suite struct AirportsStageEffectiveDateTests {
    typealias Documents = AirportsStageAerodromeDocumentsTests
    static let cycle = AIRACCycle(effectiveDate: "2026-11-26")!

    static func customs(_ value: String) -> [AerodromeEntry] {
        [AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: value, location: "r")]
    }

    @Test func aFarFutureDateNoLongerWinsOverTheRealEdition() async throws {
        let crafted = Documents.page(file: "eaip/a-crafted.html", date: "9999-12-31", entries: Self.customs("crafted"))
        let real = Documents.page(file: "eaip/b-real.html", date: "2026-11-26", entries: Self.customs("H24"))
        var findings: [Finding] = []
        let dated = AirportsStage.plausiblyDated([crafted, real], cycle: Self.cycle, findings: &findings)
        #expect(dated.map(\.effectiveDate) == [nil, "2026-11-26"])
        #expect(findings.map(\.code) == [.aipEffectiveDateOutOfRange])
        #expect(findings.first?.file == "eaip/a-crafted.html" && findings.first?.value == "9999-12-31")

        var output = Documents.baseOutput()
        var ids = AirportsRowIds()
        try await AirportsStage().merge(pages: dated, into: &output, ids: &ids)
        #expect(output.aipEntries.map(\.value) == ["H24"])
        #expect(output.findings.map(\.file) == ["eaip/a-crafted.html"])
    }

    @Test(arguments: [("2015-11-26", true), ("2016-12-01", false), ("2027-11-26", false), ("2027-11-28", true), ("2000-01-01", true)])
    func theWindowRunsFromTenYearsBeforeTheCycleToAYearAfter(date: String, outside: Bool) {
        var findings: [Finding] = []
        let dated = AirportsStage.plausiblyDated([Documents.page(date: date)], cycle: Self.cycle, findings: &findings)
        #expect(dated.first?.effectiveDate == (outside ? nil : date))
        #expect(findings.count == (outside ? 1 : 0))
    }
}
