import AIPPipeline
import AIPReaders

extension AirportsStage {
    /// How far from the build's AIRAC cycle an AD 2 document's effective date may be. Pages are published at most
    /// a few cycles ahead, so a date over a year later is damaged or crafted, and would otherwise win the precedence
    /// of ``precedence(_:findings:)`` over every real page; ten years back is older than any eAIP still served.
    static let effectiveDaysAfterCycle = 366
    static let effectiveDaysBeforeCycle = 3_653

    /// The documents with every effective date outside the window around `cycle` cleared, each a finding.
    static func plausiblyDated(_ documents: [AerodromeDocument], cycle: AIRACCycle, findings: inout [Finding]) -> [AerodromeDocument] {
        let window = (cycle.effectiveDay - effectiveDaysBeforeCycle)...(cycle.effectiveDay + effectiveDaysAfterCycle)
        return documents.map { document in
            guard let date = document.effectiveDate, let day = AIRACCycle.day(from: date), !window.contains(day) else { return document }
            findings.append(Finding(file: document.file, location: .file, code: .aipEffectiveDateOutOfRange, value: date,
                                    reason: "is not within \(AIRACCycle.format(day: window.lowerBound))…\(AIRACCycle.format(day: window.upperBound)) around the build's \(cycle); the document is read as undated",
                                    action: .fieldCleared))
            var document = document
            document.effectiveDate = nil
            return document
        }
    }
}
