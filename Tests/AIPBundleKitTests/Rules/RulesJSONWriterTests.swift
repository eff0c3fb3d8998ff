import AIPBundleKit
import AIPReaders
import Foundation
import Testing

struct RulesJSONWriterTests {
    static let document = RulesDocument(questions: [
        RuleQuestion(questionID: "Q/1", questionRaw: "Q/1", questionText: "Où \"vole\"-t-on?\n\tLigne\\2 \u{01}\u{7F}",
                     questionPrefix: "", category: "VFR", tags: ["night", "ciel 🌙"], answers: [
                        CountryAnswer(country: "FR", answer: RuleAnswer(answerHTML: "Oui<br>https://a.example/x", links: ["https://a.example/x"],
                                                                        lastReviewed: "2026-01-02", confidence: 0.9)),
                        CountryAnswer(country: "BE", answer: RuleAnswer(answerHTML: "", links: [], lastReviewed: "2026-01-03")),
                     ]),
        RuleQuestion(questionID: "Q2", questionRaw: "Q2", questionText: "q2", questionPrefix: "P", category: "", tags: [], answers: []),
    ], inconsistentQids: ["Z?"])

    @Test func writesTheContractsExactForm() {
        let expected = """
            {
              "questions": [
                {
                  "question_id": "Q/1",
                  "question_raw": "Q/1",
                  "question_text": "Où \\"vole\\"-t-on?\\n\\tLigne\\\\2 \\u0001\u{7F}",
                  "question_prefix": "",
                  "category": "VFR",
                  "tags": [
                    "night",
                    "ciel 🌙"
                  ],
                  "answers_by_country": {
                    "FR": {
                      "answer_html": "Oui<br>https://a.example/x",
                      "links": [
                        "https://a.example/x"
                      ],
                      "last_reviewed": "2026-01-02",
                      "links_json": [
                        "https://a.example/x"
                      ],
                      "confidence": 0.9
                    },
                    "BE": {
                      "answer_html": "",
                      "links": [],
                      "last_reviewed": "2026-01-03",
                      "links_json": []
                    }
                  }
                },
                {
                  "question_id": "Q2",
                  "question_raw": "Q2",
                  "question_text": "q2",
                  "question_prefix": "P",
                  "category": "",
                  "tags": [],
                  "answers_by_country": {}
                }
              ],
              "inconsistent_qids": [
                "Z?"
              ]
            }
            """
        #expect(String(decoding: RulesJSONWriter.encode(Self.document), as: UTF8.self) == expected)
        #expect(String(decoding: RulesJSONWriter.encode(RulesDocument(questions: [], inconsistentQids: [])), as: UTF8.self)
                == "{\n  \"questions\": [],\n  \"inconsistent_qids\": []\n}")
    }

    @Test func readsBackWhatItWrites() {
        let (decoded, problems) = RulesDocumentReader.decode([UInt8](RulesJSONWriter.encode(Self.document)))
        #expect(decoded == Self.document)
        // Q2 (lower-cased "q2") sorts before "où…" by code point: the validator says so.
        #expect(problems.isEmpty)
    }
}
