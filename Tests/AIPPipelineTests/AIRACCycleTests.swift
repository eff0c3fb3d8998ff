import AIPPipeline
import Foundation
import Testing

@Suite struct AIRACCycleTests {
    @Test(arguments: [("2026-01-22", "2601"), ("2025-12-25", "2513"), ("2026-11-26", "2612"), ("2020-01-02", "2001"), ("2020-12-31", "2014")])
    func knownEffectiveDatesHaveTheirIdentifiers(_ date: String, _ identifier: String) throws {
        let cycle = try #require(AIRACCycle(effectiveDate: date))
        #expect(cycle.identifier == identifier)
        #expect(cycle.effectiveDate == date)
    }

    /// The same table read the other way: the identifier names the cycle (2014: 2020 has 14 cycles).
    @Test(arguments: [("2026-01-22", "2601"), ("2025-12-25", "2513"), ("2026-11-26", "2612"), ("2020-01-02", "2001"), ("2020-12-31", "2014")])
    func identifiersNameTheirCycles(_ date: String, _ identifier: String) throws {
        #expect(AIRACCycle(identifier: identifier)?.effectiveDate == date)
        #expect(AIRACCycle(identifier)?.effectiveDate == date)
        #expect(AIRACCycle(date)?.identifier == identifier)
    }

    @Test func identifiersOfNoCycleAreRefused() {
        // 2026 has 13 cycles, 2020 has 14; cycle 00 and non-digits never exist.
        for text in ["2614", "2015", "2600", "26", "261", "26121", "2a12", "+612", "２６１２"] {
            #expect(AIRACCycle(identifier: text) == nil, "\(text)")
            #expect(AIRACCycle(text) == nil, "\(text)")
        }
    }

    @Test func datesInsideACycleAreNotEffectiveDates() {
        #expect(AIRACCycle(effectiveDate: "2026-11-23") == nil)
        #expect(AIRACCycle(effectiveDate: "2026-02-30") == nil)
        #expect(AIRACCycle(effectiveDate: "26-11-26") == nil)
    }

    @Test func theCycleContainingADateStartsOnOrBeforeIt() {
        let noon = Date(timeIntervalSince1970: 1_795_435_200) // 2026-11-23T12:00:00Z
        #expect(AIRACCycle(containing: noon).effectiveDate == "2026-10-29")
    }
}
