import AIPReaders
import AIPStages
import Foundation

/// What one stage read, wrote and found: its section of `report.json`.
public struct StageReport: Sendable, Codable, Equatable {
    public var stage: String
    public var inputs: [InputSummary]
    /// Table name → rows written.
    public var rowsWritten: [String: Int]
    /// The findings, at most ``findingsKeptPerCode`` of each code (the first, in the stage's order).
    public var findings: [Finding]
    /// Code → action → how many findings of that code were left out of ``findings``; empty when none were.
    public var findingsOmitted: [String: [String: Int]]
    /// Named tallies from the stage and its writer (``StageOutput/counts``, ``WrittenFiles/counts``); omitted when empty.
    public var counts: [String: [String: Int]]

    /// A report keeps this many findings of one code and counts the rest: a source gone wrong (an XLSX of a million
    /// bad rows) gives a report a person can still open, and its size stays bounded, while the totals stay exact.
    public static let findingsKeptPerCode = 1_000

    /// The section of a stage's run: `findings` beyond ``findingsKeptPerCode`` of a code are counted, not kept.
    public init(stage: String, inputs: [InputSummary], rowsWritten: [String: Int], findings: [Finding], counts: [String: [String: Int]] = [:]) {
        var kept: [Finding] = []
        var perCode: [String: Int] = [:]
        var omitted: [String: [String: Int]] = [:]
        for finding in findings {
            perCode[finding.code.rawValue, default: 0] += 1
            if perCode[finding.code.rawValue]! <= Self.findingsKeptPerCode {
                kept.append(finding)
            } else {
                omitted[finding.code.rawValue, default: [:]][finding.action.rawValue, default: 0] += 1
            }
        }
        self.init(stage: stage, inputs: inputs, rowsWritten: rowsWritten, findings: kept, omitted: omitted, counts: counts)
    }

    private init(stage: String, inputs: [InputSummary], rowsWritten: [String: Int], findings: [Finding],
                 omitted: [String: [String: Int]], counts: [String: [String: Int]]) {
        self.stage = stage
        self.inputs = inputs
        self.rowsWritten = rowsWritten
        self.findings = findings
        self.findingsOmitted = omitted
        self.counts = counts
    }

    /// How many findings the stage made (of `action`, or of any), those counted without being kept included.
    public func findingCount(_ action: Finding.Action? = nil) -> Int {
        findings.count { action == nil || $0.action == action }
            + findingsOmitted.values.reduce(0) { total, byAction in
                total + byAction.reduce(0) { action == nil || $1.key == action?.rawValue ? $0 + $1.value : $0 }
            }
    }

    /// Code → how many findings of it the stage made, those counted without being kept included.
    public var findingCountsByCode: [String: Int] {
        var counts = Dictionary(grouping: findings, by: \.code.rawValue).mapValues(\.count)
        for (code, byAction) in findingsOmitted { counts[code, default: 0] += byAction.values.reduce(0, +) }
        return counts
    }

    enum CodingKeys: String, CodingKey {
        case stage, inputs, findings, counts
        case rowsWritten = "rows_written"
        case findingsOmitted = "findings_omitted"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stage: try container.decode(String.self, forKey: .stage),
                  inputs: try container.decode([InputSummary].self, forKey: .inputs),
                  rowsWritten: try container.decode([String: Int].self, forKey: .rowsWritten),
                  findings: try container.decode([Finding].self, forKey: .findings),
                  omitted: try container.decodeIfPresent([String: [String: Int]].self, forKey: .findingsOmitted) ?? [:],
                  counts: try container.decodeIfPresent([String: [String: Int]].self, forKey: .counts) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stage, forKey: .stage)
        try container.encode(inputs, forKey: .inputs)
        try container.encode(rowsWritten, forKey: .rowsWritten)
        try container.encode(findings, forKey: .findings)
        if !findingsOmitted.isEmpty { try container.encode(findingsOmitted, forKey: .findingsOmitted) }
        if !counts.isEmpty { try container.encode(counts, forKey: .counts) }
    }
}
