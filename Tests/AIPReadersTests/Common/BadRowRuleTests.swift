import AIPReaders
import Testing

@Suite struct BadRowRuleTests {
    @Test(arguments: [(10, 6, true), (10, 5, false), (9, 9, false), (1_000, 501, true), (84_000, 31, false)])
    func moreThanHalfOfAtLeastTenRowsIsFatal(_ relevant: Int, _ rejected: Int, _ fatal: Bool) {
        var threw = false
        do {
            try BadRowRule.check(file: "f.csv", relevantRows: relevant, rejectedRows: rejected, rows: "runways")
        } catch {
            threw = error.kind == .tooManyBadRows && error.reason.contains("\(rejected) of its \(relevant) runways")
        }
        #expect(threw == fatal)
    }
}
