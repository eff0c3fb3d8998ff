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

    enum CodingKeys: String, CodingKey {
        case out, airac, signed, stages, clean
        case bundleVersion = "bundle_version"
        case manifestSHA256 = "manifest_sha256"
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
    }

    var line: String {
        let findings = stages.reduce(0) { $0 + $1.findings }
        return "built bundle \(bundleVersion) (AIRAC \(airac.cycle), \(airac.effectiveDate))\(signed ? ", signed," : "") in \(out): "
            + stages.flatMap(\.outputs).joined(separator: ", ")
            + "; \(findings) finding\(findings == 1 ? "" : "s")\(findings == 0 ? "" : " in \(out)/report.json")"
    }
}
