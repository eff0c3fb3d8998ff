import AIPContract
import AIPJSON

/// Reads a published `rules.json` back into a ``RulesDocument``, checking it against the contract on the way.
///
/// The same decoding serves the rules stage (the previous file, whose review dates and country order carry over)
/// and `aipbundle check` (which lists every problem rather than stopping at the first).
public enum RulesDocumentReader {
    /// The document in `bytes`, for a stage.
    ///
    /// - Throws: ``SourceError`` (`.malformed`) naming `file` and the first problem: not JSON, or not the contract's shape.
    public static func read(_ bytes: [UInt8], file: String) throws(SourceError) -> RulesDocument {
        let (document, problems) = decode(bytes)
        guard let document, problems.isEmpty else {
            throw SourceError(file: file, kind: .malformed,
                              reason: "is not a valid \(RulesContract.fileName): \(problems.first ?? "unreadable"); fix or remove it")
        }
        return document
    }

    /// The document in `bytes` and every way it breaks the contract's structure (key order and formatting aside from
    /// key order are the writer's business). The document is nil only when the bytes are not JSON or not an object
    /// with a list of questions.
    public static func decode(_ bytes: [UInt8]) -> (RulesDocument?, problems: [String]) {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            return (nil, ["not JSON: \(error)"])
        }
        var problems: [String] = []
        guard case .object(let top) = json else { return (nil, ["the top level is \(json.typeName), not an object"]) }
        typealias Document = RulesContract.Document
        checkKeys(top.map(\.key), expected: Document.keys, optional: [], at: "the top level", into: &problems)
        guard case .array(let items)? = top.first(where: { $0.key == Document.questions })?.value else {
            return (nil, problems + ["\"\(Document.questions)\" is missing or not a list"])
        }
        var questions: [RuleQuestion] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let path = "\(Document.questions)[\(index)]"
            guard let question = decodeQuestion(item, at: path, into: &problems) else { continue }
            if !seen.insert(question.questionID).inserted {
                problems.append("\(path).\(RulesContract.Question.id): \"\(question.questionID)\" appears twice")
            }
            questions.append(question)
        }
        var inconsistent: [String] = []
        switch top.first(where: { $0.key == Document.inconsistentQids })?.value {
        case .array(let values)?:
            for (index, value) in values.enumerated() {
                if case .string(let text) = value { inconsistent.append(text) } else {
                    problems.append("\(Document.inconsistentQids)[\(index)] is \(value.typeName), not a string")
                }
            }
        case let other?: problems.append("\(Document.inconsistentQids) is \(other.typeName), not a list")
        case nil: break
        }
        return (RulesDocument(questions: questions, inconsistentQids: inconsistent), problems)
    }

    private static func decodeQuestion(_ json: JSONValue, at path: String, into problems: inout [String]) -> RuleQuestion? {
        guard case .object(let members) = json else {
            problems.append("\(path) is \(json.typeName), not an object")
            return nil
        }
        typealias Question = RulesContract.Question
        checkKeys(members.map(\.key), expected: Question.keys, optional: [], at: path, into: &problems)
        func text(_ key: String) -> String {
            switch members.first(where: { $0.key == key })?.value {
            case .string(let value)?: return value
            case let other?: problems.append("\(path).\(key) is \(other.typeName), not a string")
            case nil: break
            }
            return ""
        }
        let id = text(Question.id)
        if id.isEmpty { problems.append("\(path).\(Question.id) is empty (the server skips such questions)") }
        let question = RuleQuestion(
            questionID: id, questionRaw: text(Question.raw), questionText: text(Question.text),
            questionPrefix: text(Question.prefix), category: text(Question.category),
            tags: strings(members.first { $0.key == Question.tags }?.value, at: "\(path).\(Question.tags)", into: &problems), answers: [])
        var answers: [CountryAnswer] = []
        switch members.first(where: { $0.key == Question.answersByCountry })?.value {
        case .object(let countries)?:
            for (index, (country, value)) in countries.enumerated() {
                let answerPath = "\(path).\(Question.answersByCountry).\(country)"
                if countries[..<index].contains(where: { $0.key == country }) {
                    problems.append("\(answerPath) appears twice")
                    continue
                }
                if !ISOCountryCodes.isAssigned(country) {
                    problems.append("\(answerPath): \"\(country)\" is not an ISO 3166-1 alpha-2 country code (upper-case)")
                }
                if let answer = decodeAnswer(value, at: answerPath, into: &problems) {
                    answers.append(CountryAnswer(country: country, answer: answer))
                }
            }
        case let other?: problems.append("\(path).\(Question.answersByCountry) is \(other.typeName), not an object")
        case nil: break
        }
        var result = question
        result.answers = answers
        return result
    }

    private static func decodeAnswer(_ json: JSONValue, at path: String, into problems: inout [String]) -> RuleAnswer? {
        guard case .object(let members) = json else {
            problems.append("\(path) is \(json.typeName), not an object (a string aborts the server's load)")
            return nil
        }
        typealias Answer = RulesContract.Answer
        checkKeys(members.map(\.key), expected: Answer.keys, optional: [Answer.confidence], at: path, into: &problems)
        let value = { (key: String) in members.first { $0.key == key }?.value }
        var html = ""
        switch value(Answer.html) {
        case .string(let text)?: html = text
        case let other?: problems.append("\(path).\(Answer.html) is \(other.typeName), not a string")
        case nil: break
        }
        var reviewed = ""
        switch value(Answer.lastReviewed) {
        case .string(let text)?:
            reviewed = text
            if !RuleDate.isValid(text) { problems.append("\(path).\(Answer.lastReviewed): \"\(text)\" is not a date YYYY-MM-DD") }
        case let other?: problems.append("\(path).\(Answer.lastReviewed) is \(other.typeName), not a string")
        case nil: break
        }
        let links = strings(value(Answer.links), at: "\(path).\(Answer.links)", into: &problems)
        if let linksJSON = value(Answer.linksJSON), strings(linksJSON, at: "\(path).\(Answer.linksJSON)", into: &problems) != links {
            problems.append("\(path).\(Answer.linksJSON) differs from \(Answer.links)")
        }
        var confidence: Double?
        switch value(Answer.confidence) {
        case .number(let text)?:
            confidence = Double(text)
            if let number = confidence, !(0...1).contains(number) { problems.append("\(path).\(Answer.confidence): \(text) is outside 0…1") }
        case let other?: problems.append("\(path).\(Answer.confidence) is \(other.typeName), not a number")
        case nil: break
        }
        return RuleAnswer(answerHTML: html, links: links, lastReviewed: reviewed, confidence: confidence)
    }

    private static func strings(_ json: JSONValue?, at path: String, into problems: inout [String]) -> [String] {
        guard let json else { return [] }
        guard case .array(let values) = json else {
            problems.append("\(path) is \(json.typeName), not a list")
            return []
        }
        var result: [String] = []
        for (index, value) in values.enumerated() {
            if case .string(let text) = value { result.append(text) } else {
                problems.append("\(path)[\(index)] is \(value.typeName), not a string")
            }
        }
        return result
    }

    /// Reports missing, unknown, repeated and misplaced keys: the contract fixes the order of every key.
    private static func checkKeys(_ keys: [String], expected: [String], optional: [String], at path: String,
                                  into problems: inout [String]) {
        let missing = expected.filter { !keys.contains($0) }
        let unknown = keys.filter { !expected.contains($0) && !optional.contains($0) }
        var repeated: [String] = []
        for (index, key) in keys.enumerated() where keys[..<index].contains(key) && !repeated.contains(key) { repeated.append(key) }
        if !missing.isEmpty { problems.append("\(path) lacks \(missing.joined(separator: ", "))") }
        if !unknown.isEmpty { problems.append("\(path) has unknown keys \(unknown.joined(separator: ", "))") }
        if !repeated.isEmpty { problems.append("\(path) repeats \(repeated.joined(separator: ", "))") }
        let order = expected + optional
        let known = keys.filter { order.contains($0) }
        if missing.isEmpty, repeated.isEmpty, known != order.filter({ known.contains($0) }) {
            problems.append("\(path): keys are in the order \(known.joined(separator: ", ")); the contract's is \(order.joined(separator: ", "))")
        }
    }
}
