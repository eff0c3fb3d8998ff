import AIPBuild
import AIPReaders
import AIPStages

/// What `build` reports on stdout: the bundle's version, AIRAC cycle and folder, and per stage what it wrote.
struct BuildResult: CommandResult {
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

    enum CodingKeys: String, CodingKey {
        case out, airac, signed, stages
        case bundleVersion = "bundle_version"
    }

    init(out: String, stamp: BuildStamp, signed: Bool, stages: [StageResult]) {
        self.out = out
        bundleVersion = stamp.version
        airac = Cycle(cycle: stamp.airac.identifier, effectiveDate: stamp.airac.effectiveDate)
        self.signed = signed
        self.stages = stages.map { result in
            let findings = result.report.findings
            return Stage(stage: result.report.stage, outputs: result.outputs, rowsWritten: result.report.rowsWritten,
                         rowsRejected: findings.count { $0.action == .rowRejected },
                         fieldsCleared: findings.count { $0.action == .fieldCleared }, findings: findings.count)
        }
    }

    var line: String {
        let findings = stages.reduce(0) { $0 + $1.findings }
        return "built bundle \(bundleVersion) (AIRAC \(airac.cycle), \(airac.effectiveDate))\(signed ? ", signed," : "") in \(out): "
            + stages.flatMap(\.outputs).joined(separator: ", ")
            + "; \(findings) finding\(findings == 1 ? "" : "s")\(findings == 0 ? "" : " in \(out)/report.json")"
    }
}
