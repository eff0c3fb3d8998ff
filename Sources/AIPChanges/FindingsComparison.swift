import AIPFindings
import Foundation

/// The two builds' findings from their `report.json` totals.
enum FindingsComparison {
    /// The part of `report.json` read here (its shape: `docs/schemas/report.schema.json`).
    private struct Report: Decodable {
        struct Totals: Decodable {
            var findingsByCode: [String: Int]
            enum CodingKeys: String, CodingKey { case findingsByCode = "findings_by_code" }
        }
        var totals: Totals
    }

    /// Per severity and the most frequent codes; a bundle without a readable report counts none.
    /// - Parameters: old, new: the two bundles' `report.json`.
    static func summary(old: URL, new: URL) -> FindingsSummary {
        let (before, after) = (byCode(old), byCode(new))
        func severityCounts(_ counts: [String: Int]) -> [FindingSeverity: Int] {
            var result: [FindingSeverity: Int] = [:]
            for (code, count) in counts {
                if let severity = FindingCode(rawValue: code)?.severity { result[severity, default: 0] += count }
            }
            return result
        }
        let (oldSeverities, newSeverities) = (severityCounts(before), severityCounts(after))
        let bySeverity = FindingSeverity.allCases.map {
            FindingsSummary.Count(name: $0.rawValue, before: oldSeverities[$0] ?? 0, after: newSeverities[$0] ?? 0)
        }
        let codes = Set(before.keys).union(after.keys).sorted {
            (after[$1] ?? 0, before[$1] ?? 0, $0) < (after[$0] ?? 0, before[$0] ?? 0, $1)
        }
        let top = codes.prefix(ChangesLimits.findingCodes).map { FindingsSummary.Count(name: $0, before: before[$0] ?? 0, after: after[$0] ?? 0) }
        return FindingsSummary(bySeverity: bySeverity, topCodes: Array(top))
    }

    private static func byCode(_ report: URL) -> [String: Int] {
        // The report is a build record, not a bundle file (no manifest vouches for it): without one, the page says
        // no findings rather than refusing to show the bundle's changes.
        guard let data = try? Data(contentsOf: report),
              let report = try? JSONDecoder().decode(Report.self, from: data) else { return [:] }
        return report.totals.findingsByCode
    }
}
