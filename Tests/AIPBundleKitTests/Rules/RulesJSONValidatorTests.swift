import AIPBundleKit
import AIPReaders
import Foundation
import Testing

struct RulesJSONValidatorTests {
    static let valid = RulesJSONWriter.encode(RulesDocument(questions: [
        RuleQuestion(questionID: "A?", questionRaw: "A?", questionText: "A?", questionPrefix: "", category: "G", tags: ["t"], answers: [
            CountryAnswer(country: "FR", answer: RuleAnswer(answerHTML: "Oui", links: ["https://a.example"], lastReviewed: "2024-02-29")),
        ]),
        RuleQuestion(questionID: "B?", questionRaw: "B?", questionText: "b?", questionPrefix: "", category: "G", tags: [], answers: []),
    ], inconsistentQids: []))

    func validate(replacing old: String, with new: String) -> [String] {
        let text = String(decoding: Self.valid, as: UTF8.self)
        precondition(text.contains(old), old)
        return RulesJSONValidator.validate(Data(text.replacingOccurrences(of: old, with: new).utf8))
    }

    @Test func acceptsTheWritersOutput() {
        #expect(RulesJSONValidator.validate(Self.valid) == [])
    }

    @Test func namesEachStructuralProblem() {
        #expect(validate(replacing: #""question_id": "A?""#, with: #""question_id": """#)
                == ["questions[0].question_id is empty (the server skips such questions)"])
        #expect(validate(replacing: #""FR": {"#, with: #""UK": {"#)
                == [#"questions[0].answers_by_country.UK: "UK" is not an ISO 3166-1 alpha-2 country code (upper-case)"#])
        #expect(validate(replacing: #""FR": {"#, with: #""FR": {"answer_html": "", "links": [], "last_reviewed": "2024-01-01", "links_json": []}, "FR": {"#)
                == ["questions[0].answers_by_country.FR appears twice"])
        #expect(validate(replacing: "2024-02-29", with: "2025-02-29") == [#"questions[0].answers_by_country.FR.last_reviewed: "2025-02-29" is not a date YYYY-MM-DD"#])
        #expect(validate(replacing: """
            "links_json": [
                        "https://a.example"
                      ]
            """, with: #""links_json": []"#) == ["questions[0].answers_by_country.FR.links_json differs from links"])
        #expect(validate(replacing: #""b?""#, with: #""0?""#)
                == [#"questions[1] ("0?") comes after questions[0]; questions must be sorted by lower-cased question_text"#])
        #expect(validate(replacing: #""inconsistent_qids": []"#, with: #""inconsistent_qids": ["b", "a"]"#)
                == ["inconsistent_qids are not sorted, each once"])
    }

    @Test func refusesAnAnswerThatIsNotAnObject() {
        let text = String(decoding: Self.valid, as: UTF8.self)
        let start = text.range(of: #""FR": {"#)!.lowerBound
        let end = text.range(of: "}\n      }\n    },")!.lowerBound
        let broken = text.replacingCharacters(in: start..<text.index(after: end), with: #""FR": "Oui""#)
        #expect(RulesJSONValidator.validate(Data(broken.utf8))
                == [#"questions[0].answers_by_country.FR is a string, not an object (a string aborts the server's load)"#])
    }

    @Test func namesKeyOrderAndFormatting() {
        let swapped = validate(replacing: """
            "question_raw": "A?",
                  "question_text": "A?",
            """, with: """
            "question_text": "A?",
                  "question_raw": "A?",
            """)
        #expect(swapped.count == 1 && swapped[0].hasPrefix("questions[0]: keys are in the order question_id, question_text, question_raw"))
        #expect(RulesJSONValidator.validate(Self.valid + Data("\n".utf8))
                == ["formatting differs from the contract's at line 36, column 2: expected text after the closing brace (a final newline?)"])
        let escapedSlash = validate(replacing: "https://a.example\"\n", with: "https:\\/\\/a.example\"\n")
        #expect(escapedSlash == ["formatting differs from the contract's at line 16, column 20: expected 2-space indentation, \": \" after keys, non-ASCII and / unescaped, no final newline"])
        #expect(RulesJSONValidator.validate(Data("{\"questions\": [".utf8)).first?.hasPrefix("not JSON: line 1") == true)
    }
}
