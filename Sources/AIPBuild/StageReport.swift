import AIPReaders
import AIPStages
import Foundation

/// What one stage read, wrote and found: its section of `report.json`.
public struct StageReport: Sendable, Codable, Equatable {
    public var stage: String
    public var inputs: [InputSummary]
    /// Table name → rows written.
    public var rowsWritten: [String: Int]
    public var findings: [Finding]
    /// Named tallies from the stage and its writer (``StageOutput/counts``, ``WrittenFiles/counts``); omitted when empty.
    public var counts: [String: [String: Int]]

    public init(stage: String, inputs: [InputSummary], rowsWritten: [String: Int], findings: [Finding], counts: [String: [String: Int]] = [:]) {
        self.stage = stage
        self.inputs = inputs
        self.rowsWritten = rowsWritten
        self.findings = findings
        self.counts = counts
    }

    enum CodingKeys: String, CodingKey {
        case stage, inputs, findings, counts
        case rowsWritten = "rows_written"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(stage: try container.decode(String.self, forKey: .stage),
                  inputs: try container.decode([InputSummary].self, forKey: .inputs),
                  rowsWritten: try container.decode([String: Int].self, forKey: .rowsWritten),
                  findings: try container.decode([Finding].self, forKey: .findings),
                  counts: try container.decodeIfPresent([String: [String: Int]].self, forKey: .counts) ?? [:])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(stage, forKey: .stage)
        try container.encode(inputs, forKey: .inputs)
        try container.encode(rowsWritten, forKey: .rowsWritten)
        try container.encode(findings, forKey: .findings)
        if !counts.isEmpty { try container.encode(counts, forKey: .counts) }
    }
}
