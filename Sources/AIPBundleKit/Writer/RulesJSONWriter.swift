import AIPContract
import AIPJSON
import AIPReaders
import Foundation

/// Writes `rules.json` in the one byte form the contract fixes (`data-contract.md`, rules.json), the form of Python's
/// `json.dump(…, indent=2, ensure_ascii=False)`: keys in the contract's order, 2-space indentation, `": "` after
/// keys, `[]` and `{}` for empty containers, non-ASCII and `/` written as themselves, no final newline.
/// The contract's key order is built here; the text is ``JSONWriter``'s.
public enum RulesJSONWriter {
    /// The file's exact bytes.
    public static func encode(_ document: RulesDocument) -> Data {
        let value = JSONValue.object([
            (RulesContract.Document.questions, .array(document.questions.map(question))),
            (RulesContract.Document.inconsistentQids, strings(document.inconsistentQids)),
        ])
        return Data(JSONWriter.bytes(value, layout: .indented))
    }

    /// Writes the file at `url` (never over an existing one) and returns its bytes.
    public static func write(_ document: RulesDocument, to url: URL) throws -> Data {
        let data = encode(document)
        try data.write(to: url, options: .withoutOverwriting)
        return data
    }

    private static func question(_ question: RuleQuestion) -> JSONValue {
        typealias Question = RulesContract.Question
        typealias Answer = RulesContract.Answer
        return .object([
            (Question.id, .string(question.questionID)),
            (Question.raw, .string(question.questionRaw)),
            (Question.text, .string(question.questionText)),
            (Question.prefix, .string(question.questionPrefix)),
            (Question.category, .string(question.category)),
            (Question.tags, strings(question.tags)),
            (Question.answersByCountry, .object(question.answers.map { entry in
                var answer: [(key: String, value: JSONValue)] = [
                    (Answer.html, .string(entry.answer.answerHTML)),
                    (Answer.links, strings(entry.answer.links)),
                    (Answer.lastReviewed, .string(entry.answer.lastReviewed)),
                    (Answer.linksJSON, strings(entry.answer.links)),
                ]
                // Swift prints the shortest text that reads back as the same double, as Python's repr does.
                if let confidence = entry.answer.confidence { answer.append((Answer.confidence, .number(confidence.description))) }
                return (entry.country, .object(answer))
            })),
        ])
    }

    private static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}
