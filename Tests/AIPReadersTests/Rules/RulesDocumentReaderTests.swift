import AIPReaders
import Testing

struct RulesDocumentReaderTests {
    static let text = """
        {
          "questions": [
            {
              "question_id": "P-Où?",
              "question_raw": "Où?",
              "question_text": "P, où \\"ici\\"?\\n",
              "question_prefix": "P",
              "category": "VFR",
              "tags": [
                "a"
              ],
              "answers_by_country": {
                "FR": {
                  "answer_html": "Oui \\ud83d\\ude00 https://a.example/x",
                  "links": [
                    "https://a.example/x"
                  ],
                  "last_reviewed": "2026-01-02",
                  "links_json": [
                    "https://a.example/x"
                  ],
                  "confidence": 0.75
                }
              }
            }
          ],
          "inconsistent_qids": []
        }
        """

    @Test func readsEveryFieldInOrder() throws {
        let document = try RulesDocumentReader.read(Array(Self.text.utf8), file: "rules/previous/rules.json")
        let question = try #require(document.questions.first)
        #expect(question.questionID == "P-Où?" && question.questionText == "P, où \"ici\"?\n" && question.tags == ["a"])
        #expect(question.answers.map(\.country) == ["FR"])
        #expect(question.answers[0].answer == RuleAnswer(answerHTML: "Oui 😀 https://a.example/x", links: ["https://a.example/x"],
                                                         lastReviewed: "2026-01-02", confidence: 0.75))
    }

    @Test func boundsNestingAndNamesWhereTheJSONBreaks() {
        let deep = Array(repeating: UInt8(ascii: "["), count: 100_000)
        let (document, problems) = RulesDocumentReader.decode(deep)
        #expect(document == nil && problems == ["not JSON: line 1, column 65: nested deeper than 64 levels"])
        let error = #expect(throws: SourceError.self) { try RulesDocumentReader.read(Array("{\"questions\": [}".utf8), file: "rules.json") }
        #expect(error?.kind == .malformed && error?.reason.contains("line 1, column 16") == true)
    }

    /// Mutations of a valid file: every one is read or refused with problems, never a crash, in bounded time.
    @Test func survivesMutatedFiles() {
        let original = Array(Self.text.utf8)
        var generator = SplitMix64(seed: 77)
        var refused = 0
        for round in 0..<2_000 {
            var bytes = original
            if round % 5 == 0 {
                bytes.removeLast(1 + Int(generator.next() % UInt64(bytes.count - 1)))
            } else {
                for _ in 0...(generator.next() % 3) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            let (document, problems) = RulesDocumentReader.decode(bytes)
            if document == nil || !problems.isEmpty { refused += 1 }
        }
        #expect(refused > 1_000)
    }
}
