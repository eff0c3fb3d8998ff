import AIPBuild
import AIPReaders
import Foundation

/// What `build` prints per stage on stderr: one line with rows written, findings, size and time, then one indented
/// line per kind of finding (its code, count and up to three samples), so a CI log shows what went wrong without
/// opening `report.json`.
struct BuildSummaryLine {
    let text: String

    /// Samples shown per finding code.
    static let samplesPerCode = 3

    init(_ result: StageResult, out: String) {
        let findings = result.report.findings
        let rows = result.report.rowsWritten.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let rejected = result.report.findingCount(.rowRejected)
        let cleared = result.report.findingCount(.fieldCleared)
        let megabytes = String(format: "%.1f", Double(result.outputBytes) / 1_048_576)
        let seconds = Double(result.wallTime.components.seconds) + Double(result.wallTime.components.attoseconds) / 1e18
        var lines = ["\(result.report.stage): \(rows) → \(result.outputs.joined(separator: ", ")) (\(megabytes) MB) in "
            + String(format: "%.3f s", seconds)
            + "; \(rejected) row\(rejected == 1 ? "" : "s") rejected, \(cleared) field\(cleared == 1 ? "" : "s") cleared"
            + (findings.isEmpty ? "" : " (see \(out)/report.json)")]
        let byCode = Dictionary(grouping: findings, by: \.code)
        let counts = result.report.findingCountsByCode
        for code in byCode.keys.sorted() {
            let group = byCode[code]!.sorted(), count = counts[code.rawValue] ?? group.count
            lines.append("  \(code): \(count) × " + group.prefix(Self.samplesPerCode).map(\.description).joined(separator: "; ")
                         + (count > Self.samplesPerCode ? "; …" : ""))
        }
        text = lines.joined(separator: "\n")
    }
}
