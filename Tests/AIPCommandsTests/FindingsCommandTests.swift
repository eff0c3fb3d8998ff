import AIPCommands
import AIPFindings
import Foundation
import TestSupport
import Testing

@Suite struct FindingsCommandTests {
    /// The reference is generated from the catalogue: a code added, renamed or re-explained without regenerating it
    /// fails here.
    @Test func docsFindingsIsTheGeneratedReference() throws {
        let committed = try String(contentsOf: SharedFixtures.packageRoot.appendingPathComponent("docs/findings.md"), encoding: .utf8)
        #expect(committed == FindingsCommand.markdown(), "docs/findings.md is out of date; regenerate it: \(FindingsCommand.regenerate)")
    }

    @Test func theJSONFormListsEveryCodeOnceWithItsEntry() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try FindingsCommand.json().utf8)) as? [String: Any]
        let codes = try #require(object?["codes"] as? [[String: String]])
        #expect(codes.count == FindingCode.allCases.count)
        #expect(Set(codes.compactMap { $0["code"] }).count == codes.count)
        #expect(codes.first { $0["code"] == "csv.field_count" } == [
            "code": "csv.field_count", "severity": "error", "meaning": FindingCode.csvFieldCount.meaning,
            "remedy": FindingCode.csvFieldCount.remedy,
        ])
        #expect(object?["former_codes"] as? [String: String] == ["eaip.page_superseded": "aip.document_superseded",
                                                                  "eaip.no_position": "aip.no_position",
                                                                  "eaip.item_not_in_catalogue": "aip.item_not_in_catalogue",
                                                                  "eaip.item_unlabelled": "aip.item_unlabelled"])
    }

    /// One block per code, each starting its line with the code and its severity, in code order.
    @Test func theTextFormStartsALinePerCode() {
        let firstLines = FindingsCommand.text().split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(firstLines.map { String($0.prefix { $0 != " " }) } == FindingCode.allCases.map(\.rawValue).sorted())
        #expect(firstLines.contains { $0.hasPrefix("check.schema") && $0.contains(" error ") })
    }

    @Test func markdownAndJSONTogetherAreAUsageError() async {
        #expect(await exitCode(["findings", "--markdown", "--json"]) == 64)
        #expect(await exitCode(["findings"]) == 0)
    }
}
