import AIPContract
import AIPErrorText
import Foundation

/// The answers of `rules.json` compared per question and country.
enum RulesComparison {
    /// One document's answers: question id → (question text, country → answer text).
    typealias Answers = [String: (question: String?, byCountry: [String: String])]

    /// Answers removed, added and changed, by question id then country; none when either side has no `rules.json`.
    /// - Throws: ``ChangesError`` when a file is not a rules document.
    static func changes(old: URL?, new: URL?) throws -> (changes: [RuleAnswerChange], before: Int?, after: Int?) {
        guard let old, let new else { return ([], nil, nil) }
        let (before, after) = (try answers(old), try answers(new))
        var changes: [RuleAnswerChange] = []
        for id in Set(before.keys).union(after.keys).sorted() {
            let (was, now) = (before[id]?.byCountry ?? [:], after[id]?.byCountry ?? [:])
            let question = after[id]?.question ?? before[id]?.question
            for country in Set(was.keys).union(now.keys).sorted() where was[country] != now[country] {
                let kind: ChangeKind = was[country] == nil ? .added : now[country] == nil ? .removed : .changed
                changes.append(RuleAnswerChange(questionID: id, question: question, country: country, kind: kind, old: was[country], new: now[country]))
            }
        }
        func total(_ answers: Answers) -> Int { answers.values.reduce(0) { $0 + $1.byCountry.count } }
        return (changes, total(before), total(after))
    }

    private static func answers(_ url: URL) throws -> Answers {
        do {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            guard let questions = document?[RulesContract.Document.questions] as? [[String: Any]] else {
                throw ChangesError(.unreadable, "\(url.path) has no \(RulesContract.Document.questions) list; rebuild the bundle")
            }
            var result: Answers = [:]
            for question in questions {
                guard let id = question[RulesContract.Question.id] as? String else { continue }
                let byCountry = (question[RulesContract.Question.answersByCountry] as? [String: Any] ?? [:]).compactMapValues { answer in
                    (answer as? [String: Any])?[RulesContract.Answer.html] as? String
                }
                result[id] = (question[RulesContract.Question.text] as? String, byCountry)
            }
            return result
        } catch let error as ChangesError {
            throw error
        } catch {
            throw ChangesError(.unreadable, "\(url.path) cannot be read as a rules document: \(ErrorText.reason(error)); rebuild the bundle")
        }
    }
}
