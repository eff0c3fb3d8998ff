import AIPBundleKit
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
        let seconds = String(format: "%.3f", Double(result.wallTime.components.attoseconds) / 1e18 + Double(result.wallTime.components.seconds))
        var text = "\(result.report.stage): \(rows) → \(result.outputs.joined(separator: ", ")) (\(megabytes) MB) in \(seconds) s"
        text += "; \(rejected) row\(rejected == 1 ? "" : "s") rejected, \(cleared) field\(cleared == 1 ? "" : "s") cleared"
        if rejected + cleared > 0 { text += " (see \(out)/report.json)" }
        self.text = text
    }
}
