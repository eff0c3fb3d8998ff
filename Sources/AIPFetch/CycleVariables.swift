import AIPPipeline
import Foundation

/// The values a URL template may name for one AIRAC cycle, e.g. for 2026-11-26: `{airac}` 2026-11-26, `{yyyy}` 2026,
/// `{mm}` 11, `{dd}` 26, `{MON}` NOV (English, whatever the machine's locale), `{yymmdd}` 261126, `{cycle}` 2612.
public struct CycleVariables: Sendable {
    public let values: [String: String]

    public init(_ cycle: AIRACCycle) {
        let date = cycle.effectiveDate
        let (year, month, day) = (String(date.prefix(4)), String(date.dropFirst(5).prefix(2)), String(date.suffix(2)))
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        values = [
            "airac": date, "yyyy": year, "mm": month, "dd": day, "MON": months[Int(month)! - 1],
            "yymmdd": String(year.suffix(2)) + month + day, "cycle": cycle.identifier,
        ]
    }

    /// `template` with every `{name}` replaced; `extra` adds names (`redirect`).
    /// - Throws: ``FetchError`` naming an unknown `{name}`, so a typo in settings never requests a wrong URL.
    public func expand(_ template: String, extra: [String: String] = [:]) throws -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = extra[name] ?? values[name] else {
                throw FetchError(.settings, "the URL template \(template) names {\(name)}, which is not known; known: "
                                 + (Array(values.keys) + Array(extra.keys)).sorted().map { "{\($0)}" }.joined(separator: ", "))
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
