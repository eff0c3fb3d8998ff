@testable import AIPBuild
import AIPFindings
import AIPReaders
import Foundation
import Testing

/// `report.json`'s format, totals and clean flag.
@Suite struct BuildReportTests {
    func finding(_ code: FindingCode, _ action: Finding.Action, line: Int) -> Finding {
        Finding(file: "ourairports/runways.csv", line: line, code: code, reason: "is wrong", action: action)
    }

    var report: BuildReport {
        BuildReport(bundleVersion: "2612", airacDate: "2026-11-26", stages: [
            StageReport(stage: "airports", inputs: [], rowsWritten: ["airports": 2, "runways": 3], findings: [
                finding(.valueNotANumber, .fieldCleared, line: 2), finding(.rowUnknownReference, .rowRejected, line: 3),
                finding(.valueNotANumber, .fieldCleared, line: 4),
            ]),
            StageReport(stage: "cities", inputs: [], rowsWritten: ["cities": 5, "runways": 1], findings: []),
            StageReport(stage: "notifications", inputs: [], rowsWritten: ["ga_notification_requirements": 0],
                        findings: [finding(.notificationsNoCustomsTexts, .warning, line: 1)]),
        ])
    }

    @Test func totalsSumRowsPerTableAndCountFindingsPerActionAndCode() {
        let totals = report.totals
        #expect(totals.rowsWritten == ["airports": 2, "runways": 4, "cities": 5, "ga_notification_requirements": 0])
        #expect(totals.findings == 4)
        #expect(totals.findingsByAction == ["field_cleared": 2, "row_rejected": 1, "warning": 1])
        #expect(totals.findingsByCode == ["value.not_a_number": 2, "row.unknown_reference": 1, "notifications.no_customs_texts": 1])
    }

    /// A million bad rows make a report of the first findings of each code and the count of the rest: its size is
    /// bounded, its totals exact, and it survives being read back (as `--only` does with the sections it keeps).
    @Test func findingsBeyondTheCapPerCodeAreCountedNotListed() throws {
        let many = StageReport.findingsKeptPerCode + 250
        let findings = (1...many).map { finding(.valueNotANumber, $0.isMultiple(of: 2) ? .fieldCleared : .rowRejected, line: $0) }
            + [finding(.rowUnknownReference, .rowRejected, line: 1)]
        let report = BuildReport(bundleVersion: "2612", airacDate: "2026-11-26", stages: [
            StageReport(stage: "airports", inputs: [], rowsWritten: [:], findings: findings),
        ])
        let section = report.stages[0]
        #expect(section.findings.count == StageReport.findingsKeptPerCode + 1)
        #expect(section.findings.filter { $0.code == .valueNotANumber }.compactMap(\.line) == Array(1...StageReport.findingsKeptPerCode))
        #expect(section.findingsOmitted == ["value.not_a_number": ["field_cleared": 125, "row_rejected": 125]])
        #expect(report.totals.findings == many + 1)
        #expect(report.totals.findingsByCode == ["value.not_a_number": many, "row.unknown_reference": 1])
        #expect(report.totals.findingsByAction == ["field_cleared": many / 2, "row_rejected": many - many / 2 + 1])
        let reread = try JSONDecoder().decode(BuildReport.self, from: report.json())
        #expect(reread.stages == report.stages && reread.totals == report.totals)
        #expect(try report.json() == reread.json())
    }

    @Test func aReportIsCleanOnlyWithoutAnyFindingWarningsIncluded() {
        var report = report
        #expect(!report.clean)
        report.stages[0].findings = []
        #expect(!report.clean, "a warning alone still asks a person to look")
        report.stages[2].findings = []
        #expect(report.clean)
    }

    @Test func theJSONHasItsFormatTotalsAndCleanFlag() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(json["format"] as? Int == BuildReport.currentFormat)
        #expect(json["clean"] as? Bool == false)
        let totals = try #require(json["totals"] as? [String: Any])
        #expect(totals["findings"] as? Int == 4)
        #expect(totals["findings_by_action"] as? [String: Int] == ["field_cleared": 2, "row_rejected": 1, "warning": 1])
        #expect(totals["rows_written"] as? [String: Int] == ["airports": 2, "runways": 4, "cities": 5, "ga_notification_requirements": 0])
    }

    @Test func aReportWithoutFormatIsReadAndOneOfAnotherFormatIsRefused() throws {
        var json = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        json["format"] = nil
        let older = try JSONDecoder().decode(BuildReport.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(older.stages == report.stages)
        json["format"] = 2
        #expect {
            try JSONDecoder().decode(BuildReport.self, from: JSONSerialization.data(withJSONObject: json))
        } throws: { error in
            "\(error)".contains("report format 2; this build reads format 1")
        }
    }
}
