import AIPJSON
import AIPReaders
import AIPStages
import Foundation

/// `report.json`: what each stage read, wrote and found, with totals over all of them. Deterministic (no timings), so
/// it can be diffed between builds like the databases. `docs/schemas/report.schema.json` is its schema.
///
/// `totals` and `clean` are worked out from the sections whenever the report is written, never read back: a report
/// carried over by `--only` gets them recounted over its merged sections.
public struct BuildReport: Sendable, Codable {
    /// The format this build writes. A report with another `format` is refused when read; one without any (written
    /// before the key existed, with the same sections) is read as this one.
    public static let currentFormat = 1

    public var bundleVersion: String
    public var airacDate: String
    /// One section per stage that has ever been built into the bundle, in registry order.
    public var stages: [StageReport]

    public init(bundleVersion: String, airacDate: String, stages: [StageReport]) {
        self.bundleVersion = bundleVersion
        self.airacDate = airacDate
        self.stages = stages
    }

    /// Sums over every section.
    public struct Totals: Sendable, Equatable, Codable {
        /// Rows written per table, over all stages.
        public var rowsWritten: [String: Int] = [:]
        /// Every finding of every stage, those a section counts without keeping included.
        public var findings = 0
        /// Findings per action (`row_rejected`, `field_cleared`, `warning`); an action with none is left out.
        public var findingsByAction: [String: Int] = [:]
        /// Findings per code (`value.not_a_number`); a code with none is left out.
        public var findingsByCode: [String: Int] = [:]

        enum CodingKeys: String, CodingKey {
            case findings
            case rowsWritten = "rows_written"
            case findingsByAction = "findings_by_action"
            case findingsByCode = "findings_by_code"
        }
    }

    public var totals: Totals {
        var totals = Totals()
        for stage in stages {
            totals.rowsWritten.merge(stage.rowsWritten, uniquingKeysWith: +)
            totals.findings += stage.findingCount()
            totals.findingsByCode.merge(stage.findingCountsByCode, uniquingKeysWith: +)
            for action in Finding.Action.allCases {
                let count = stage.findingCount(action)
                if count > 0 { totals.findingsByAction[action.rawValue, default: 0] += count }
            }
        }
        return totals
    }

    /// Whether no stage has any finding, warnings included: nothing in the bundle needs a person to look. A warning
    /// counts because it is exactly that (a carried file edited by hand, an upstream file with nothing to read).
    public var clean: Bool { stages.allSatisfy(\.findings.isEmpty) }

    enum CodingKeys: String, CodingKey {
        case format, stages, totals, clean
        case bundleVersion = "bundle_version"
        case airacDate = "airac_date"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let format = try container.decodeIfPresent(Int.self, forKey: .format), format != Self.currentFormat {
            throw DecodingError.dataCorruptedError(forKey: .format, in: container,
                                                   debugDescription: "report format \(format); this build reads format \(Self.currentFormat)")
        }
        self.init(bundleVersion: try container.decode(String.self, forKey: .bundleVersion),
                  airacDate: try container.decode(String.self, forKey: .airacDate),
                  stages: try container.decode([StageReport].self, forKey: .stages))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.currentFormat, forKey: .format)
        try container.encode(bundleVersion, forKey: .bundleVersion)
        try container.encode(airacDate, forKey: .airacDate)
        try container.encode(stages, forKey: .stages)
        try container.encode(totals, forKey: .totals)
        try container.encode(clean, forKey: .clean)
    }

    /// This run's sections, plus the sections of `previous` for stages that did not run (their files were carried
    /// over, so their report must be too).
    static func merging(_ sections: [StageReport], into previous: BuildReport?, stamp: BuildStamp, order: [String]) -> BuildReport {
        let kept = previous?.sections(carriedPast: Set(sections.map(\.stage)), order: order) ?? []
        let all = (sections + kept).sorted { order.firstIndex(of: $0.stage)! < order.firstIndex(of: $1.stage)! }
        return BuildReport(bundleVersion: stamp.version, airacDate: stamp.airac.effectiveDate, stages: all)
    }

    /// The sections a build that runs only `ran` keeps: those of the other stages still in `order` (the registry).
    func sections(carriedPast ran: Set<String>, order: [String]) -> [StageReport] {
        stages.filter { !ran.contains($0.stage) && order.contains($0.stage) }
    }

    public func json() throws -> Data {
        try JSONWriter.encode(self)
    }
}
