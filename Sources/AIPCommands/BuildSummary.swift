import AIPBuild
import AIPReaders
import AIPStages

/// What `build` prints on stdout: the bundle's version, AIRAC cycle and folder, and per stage what it wrote.
struct BuildSummary: CommandResult {
    struct Cycle: Encodable {
        var cycle: String
        var effectiveDate: String

        enum CodingKeys: String, CodingKey {
            case cycle
            case effectiveDate = "effective_date"
        }
    }

    struct Stage: Encodable {
        var stage: String
        var outputs: [String]
        var rowsWritten: [String: Int]
        var rowsRejected: Int
        var fieldsCleared: Int
        var findings: Int

        enum CodingKeys: String, CodingKey {
            case stage, outputs, findings
            case rowsWritten = "rows_written"
            case rowsRejected = "rows_rejected"
            case fieldsCleared = "fields_cleared"
        }
    }

    var out: String
    var bundleVersion: String
    var airac: Cycle
    var signed: Bool
    var stages: [Stage]
    /// Whether the whole bundle's report has no finding (``BuildReport/clean``), carried stages included.
    var clean: Bool
    var manifestSHA256: String
    /// Aerodromes with AIP entries, and the states they are in (from the airports stage's coverage counts).
    var aipCoverage: AIPCoverage?

    struct AIPCoverage: Encodable {
        var states: Int
        var aerodromes: Int
    }

    enum CodingKeys: String, CodingKey {
        case out, airac, signed, stages, clean
        case bundleVersion = "bundle_version"
        case manifestSHA256 = "manifest_sha256"
        case aipCoverage = "aip_coverage"
    }

    init(out: String, result: BuildResult, signed: Bool) {
        self.out = out
        bundleVersion = result.stamp.version
        airac = Cycle(cycle: result.stamp.airac.identifier, effectiveDate: result.stamp.airac.effectiveDate)
        self.signed = signed
        clean = result.report.clean
        manifestSHA256 = result.manifestSHA256
        stages = result.stages.map { result in
            Stage(stage: result.report.stage, outputs: result.outputs, rowsWritten: result.report.rowsWritten,
                  rowsRejected: result.report.findingCount(.rowRejected), fieldsCleared: result.report.findingCount(.fieldCleared),
                  findings: result.report.findingCount())
        }
        aipCoverage = result.stages.lazy.compactMap { $0.report.counts["coverage_aerodromes_with_aip"] }.first.map { byState in
            AIPCoverage(states: byState.values.count { $0 > 0 }, aerodromes: byState.values.reduce(0, +))
        }
    }

    var line: String {
        let findings = stages.reduce(0) { $0 + $1.findings }
        return "built bundle \(bundleVersion) (AIRAC \(airac.cycle), \(airac.effectiveDate))\(signed ? ", signed," : "") in \(out): "
            + stages.flatMap(\.outputs).joined(separator: ", ")
            + (aipCoverage.map { "; AIP data for \($0.aerodromes) aerodromes in \($0.states) state\($0.states == 1 ? "" : "s")" } ?? "")
            + "; \(findings) finding\(findings == 1 ? "" : "s")\(findings == 0 ? "" : " in \(out)/report.json")"
    }
}
