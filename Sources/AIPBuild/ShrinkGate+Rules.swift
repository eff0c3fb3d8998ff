import AIPContract
import AIPReaders
import Foundation

/// The shrink gate for `rules.json`, which has no tables for the manifest to count: its questions, and each
/// country's answers, against the previous bundle's document.
///
/// A country's answer sheet of the wrong definitions matches no question and the country silently leaves the
/// document (5 answers → 0): the same broken input as a table cut short, stopped the same way (`--allow-shrink`).
extension ShrinkGate {
    /// Questions and per-country answers of `rules.json` in `staging` that lost more than `maxLoss` against the
    /// previous bundle in `previous` (a bundle folder); none when the previous bundle has no `rules.json`.
    ///
    /// - Throws: ``SourceError`` when either document cannot be read.
    func rulesLosses(staging: URL, previous: URL?) throws -> [Loss] {
        let file = RulesContract.fileName
        guard let previous, let before = try Self.document(previous.appendingPathComponent(file), file: "previous bundle's \(file)") else { return [] }
        guard let after = try Self.document(staging.appendingPathComponent(file), file: file) else { return [] }
        let (beforeCounts, afterCounts) = (Self.answersByCountry(before), Self.answersByCountry(after))
        return loss(file: file, part: "questions", unit: "questions", before: before.questions.count, after: after.questions.count)
            + beforeCounts.keys.sorted().flatMap { country in
                loss(file: file, part: "answers of \(country)", unit: "answers", before: beforeCounts[country]!, after: afterCounts[country] ?? 0)
            }
    }

    private static func document(_ url: URL, file: String) throws -> RulesDocument? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try RulesDocumentReader.read([UInt8](data), file: file)
    }

    /// How many questions each country answers.
    private static func answersByCountry(_ document: RulesDocument) -> [String: Int] {
        var counts: [String: Int] = [:]
        for question in document.questions {
            for answer in question.answers { counts[answer.country, default: 0] += 1 }
        }
        return counts
    }
}
