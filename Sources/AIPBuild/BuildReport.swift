import AIPBundleKit
import AIPReaders
import Foundation

/// `report.json`: what each stage read, wrote and found. Deterministic (no timings), so it can be diffed
/// between builds like the databases.
public struct BuildReport: Sendable, Encodable {
    public struct Input: Sendable, Encodable {
        public var file: String
        public var rows: Int
        public var bytes: Int
    }

    public struct Stage: Sendable, Encodable {
        public var stage: String
        public var inputs: [Input]
        /// Table name → rows written.
        public var rowsWritten: [String: Int]
        public var findings: [Finding]

        enum CodingKeys: String, CodingKey {
            case stage, inputs, findings
            case rowsWritten = "rows_written"
        }
    }

    public var bundleVersion: String
    public var airacDate: String
    public var stages: [Stage]

    enum CodingKeys: String, CodingKey {
        case stages
        case bundleVersion = "bundle_version"
        case airacDate = "airac_date"
    }

    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
