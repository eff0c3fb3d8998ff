import AIPBuild
import AIPBundleKit
import AIPStages
import AIPReaders
import Foundation

/// The one line `build` prints per stage on stderr: rows written, findings, size and time.
struct BuildSummaryLine {
    let text: String

    init(_ result: StageResult, out: String) {
        let rows = result.report.rowsWritten.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let rejected = result.report.findings.count { $0.action == .rowRejected }
        let cleared = result.report.findings.count { $0.action == .fieldCleared }
        let megabytes = String(format: "%.1f", Double(result.outputBytes) / 1_048_576)
        func seconds(_ duration: Duration) -> String {
            String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
        }
        var text = "\(result.report.stage): \(rows) → \(result.outputs.joined(separator: ", ")) (\(megabytes) MB) in \(seconds(result.wallTime))"
        text += "; \(rejected) row\(rejected == 1 ? "" : "s") rejected, \(cleared) field\(cleared == 1 ? "" : "s") cleared"
        if rejected + cleared > 0 { text += " (see \(out)/report.json)" }
        self.text = text
    }
}
