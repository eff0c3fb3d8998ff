import AIPReaders
import Foundation

/// What `check` finds wrong in a `rules.json`: its structure against the contract (keys and their order, types,
/// ISO-2 country keys, dates, a non-empty `question_id`, every answer an object, `links_json` equal to `links`,
/// questions sorted), then its bytes against the one form ``RulesJSONWriter`` writes.
public enum RulesJSONValidator {
    /// One message per problem; none when the file is valid.
    public static func validate(_ data: Data) -> [String] {
        let (document, problems) = RulesDocumentReader.decode([UInt8](data))
        guard let document else { return problems }
        var messages = problems
        let keys = document.questions.map { $0.questionText.lowercased() }
        if let index = keys.indices.dropFirst().first(where: { keys[$0].utf8.lexicographicallyPrecedes(keys[$0 - 1].utf8) }) {
            messages.append("questions[\(index)] (\"\(document.questions[index].questionText)\") comes after questions[\(index - 1)]; questions must be sorted by lower-cased question_text")
        }
        let qids = document.inconsistentQids
        if zip(qids, qids.dropFirst()).contains(where: { !$0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            messages.append("inconsistent_qids are not sorted, each once")
        }
        // Only a structurally valid file has one canonical form to compare with.
        if messages.isEmpty {
            let canonical = RulesJSONWriter.encode(document)
            if canonical != data { messages.append(formattingMessage(data, canonical: canonical)) }
        }
        return messages
    }

    /// Where the bytes first leave the canonical form, as a line and column.
    private static func formattingMessage(_ data: Data, canonical: Data) -> String {
        let actual = [UInt8](data), expected = [UInt8](canonical)
        let offset = (0..<min(actual.count, expected.count)).first { actual[$0] != expected[$0] } ?? min(actual.count, expected.count)
        let line = actual[..<offset].count { $0 == 0x0A } + 1
        let column = offset - (actual[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        let hint = offset == expected.count && actual.count > expected.count
            ? "text after the closing brace (a final newline?)"
            : "2-space indentation, \": \" after keys, non-ASCII and / unescaped, no final newline"
        return "formatting differs from the contract's at line \(line), column \(column): expected \(hint)"
    }
}
