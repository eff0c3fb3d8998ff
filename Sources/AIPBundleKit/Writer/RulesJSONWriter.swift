import AIPReaders
import Foundation

/// Writes `rules.json` in the one byte form the contract fixes (`data-contract.md`, rules.json), the form of Python's
/// `json.dump(…, indent=2, ensure_ascii=False)`: keys in the contract's order, 2-space indentation, `": "` after
/// keys, `[]` and `{}` for empty containers, non-ASCII and `/` written as themselves, no final newline.
/// `JSONEncoder` can do neither the key order nor the rest.
public enum RulesJSONWriter {
    /// The file's exact bytes.
    public static func encode(_ document: RulesDocument) -> Data {
        var out = IndentedJSON()
        out.open("{")
        out.key("questions")
        out.open("[")
        for question in document.questions {
            out.item()
            write(question, &out)
        }
        out.close("]")
        out.key("inconsistent_qids")
        out.strings(document.inconsistentQids)
        out.close("}")
        return Data(out.bytes)
    }

    /// Writes the file at `url` (never over an existing one) and returns its bytes.
    public static func write(_ document: RulesDocument, to url: URL) throws -> Data {
        let data = encode(document)
        try data.write(to: url, options: .withoutOverwriting)
        return data
    }

    private static func write(_ question: RuleQuestion, _ out: inout IndentedJSON) {
        out.open("{")
        out.key("question_id")
        out.string(question.questionID)
        out.key("question_raw")
        out.string(question.questionRaw)
        out.key("question_text")
        out.string(question.questionText)
        out.key("question_prefix")
        out.string(question.questionPrefix)
        out.key("category")
        out.string(question.category)
        out.key("tags")
        out.strings(question.tags)
        out.key("answers_by_country")
        out.open("{")
        for entry in question.answers {
            out.key(entry.country)
            out.open("{")
            out.key("answer_html")
            out.string(entry.answer.answerHTML)
            out.key("links")
            out.strings(entry.answer.links)
            out.key("last_reviewed")
            out.string(entry.answer.lastReviewed)
            out.key("links_json")
            out.strings(entry.answer.links)
            if let confidence = entry.answer.confidence {
                out.key("confidence")
                // Swift prints the shortest text that reads back as the same double, as Python's repr does.
                out.bytes += Array(confidence.description.utf8)
            }
            out.close("}")
        }
        out.close("}")
        out.close("}")
    }
}

/// Indented JSON text, written in order: containers opened and closed, a key or an item before each value.
private struct IndentedJSON {
    var bytes: [UInt8] = []
    /// For each open container: whether it has a member yet.
    private var open: [Bool] = []

    /// Starts an object (`{`) or a list (`[`).
    mutating func open(_ bracket: Character) {
        bytes.append(bracket.asciiValue!)
        open.append(false)
    }

    /// Ends the innermost container: `{}` or `[]` when empty, else on its own line.
    mutating func close(_ bracket: Character) {
        if open.removeLast() { newline() }
        bytes.append(bracket.asciiValue!)
    }

    /// Starts the next item of a list.
    mutating func item() {
        if open[open.count - 1] { bytes.append(UInt8(ascii: ",")) }
        open[open.count - 1] = true
        newline()
    }

    /// Starts the next member of an object: `"key": `.
    mutating func key(_ key: String) {
        item()
        string(key)
        bytes += [UInt8(ascii: ":"), 0x20]
    }

    /// A list of strings.
    mutating func strings(_ values: [String]) {
        open("[")
        for value in values {
            item()
            string(value)
        }
        close("]")
    }

    /// A string as Python's `json` writes it with `ensure_ascii=False`: `"`, `\` and control characters escaped
    /// (`\n`, `\r`, `\t`, `\b`, `\f`, else `\u00xx`), everything else as UTF-8.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [0x5C, byte]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x08: bytes += [0x5C, UInt8(ascii: "b")]
            case 0x0C: bytes += [0x5C, UInt8(ascii: "f")]
            case 0..<0x20: bytes += Array("\\u00".utf8) + [Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// A line break, then two spaces per open container.
    private mutating func newline() {
        bytes.append(0x0A)
        bytes += repeatElement(0x20, count: 2 * open.count)
    }
}
