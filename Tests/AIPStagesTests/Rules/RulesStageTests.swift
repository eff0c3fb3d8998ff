import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import TestSupport
import Testing

struct RulesStageTests {
    static func definition(_ id: String, text: String? = nil) -> RuleDefinition {
        RuleDefinition(id: id, raw: id, text: text ?? id, prefix: "", category: "General", tags: [])
    }

    static func country(_ code: String, _ answers: [(String, String)]) -> RulesStage.CountrySheet {
        RulesStage.CountrySheet(country: code, file: "rules/answers/\(code).csv", sheet: RuleAnswerSheet(answers: answers.enumerated().map {
            RuleAnswerRow(questionID: $1.0, answer: $1.1, linksCell: "", location: .line($0 + 2))
        }))
    }

    @Test func sortsByLowerCasedTextInCodePointOrderTiesInDefinitionsOrder() {
        let definitions = RuleDefinitions(questions: [
            Self.definition("1", text: "b second"), Self.definition("2", text: "Zulu"), Self.definition("3", text: "B SECOND"),
            Self.definition("4", text: "élan"), Self.definition("5", text: "a first"), Self.definition("6", text: "Émile"),
        ], prefixes: [])
        let (document, _, _) = RulesStage.document(definitions: definitions, countries: [], previous: nil, today: "2026-11-26")
        // "é" (U+00E9) sorts after "z" by code point, though a locale would put it near "e".
        #expect(document.questions.map(\.questionID) == ["5", "1", "3", "2", "4", "6"])
    }

    @Test func countriesKeepThePreviousOrderAndNewOnesFollowAlphabetically() {
        let definitions = RuleDefinitions(questions: [Self.definition("Q")], prefixes: [])
        let countries = ["IT", "BE", "FR", "AT", "DE"].map { Self.country($0, [("Q", "answer \($0)")]) }
        let fresh = RulesStage.document(definitions: definitions, countries: countries, previous: nil, today: "2026-11-26").0
        #expect(fresh.questions[0].answers.map(\.country) == ["AT", "BE", "DE", "FR", "IT"])

        let previous = RulesDocument(questions: [
            RuleQuestion(questionID: "Old", questionRaw: "Old", questionText: "Old", questionPrefix: "", category: "", tags: [],
                         answers: ["FR", "GB", "BE"].map { CountryAnswer(country: $0, answer: RuleAnswer(answerHTML: "x", links: [], lastReviewed: "2025-01-01")) }),
            RuleQuestion(questionID: "Q", questionRaw: "Q", questionText: "Q", questionPrefix: "", category: "", tags: [],
                         answers: [CountryAnswer(country: "DE", answer: RuleAnswer(answerHTML: "x", links: [], lastReviewed: "2025-01-01"))]),
        ], inconsistentQids: [])
        let ordered = RulesStage.document(definitions: definitions, countries: countries, previous: previous, today: "2026-11-26").0
        #expect(ordered.questions[0].answers.map(\.country) == ["FR", "BE", "DE", "AT", "IT"])
    }

    @Test func lastReviewedIsKeptOnlyWhenTextAndLinksAreUnchanged() {
        let definitions = RuleDefinitions(questions: ["Same", "Text", "Links", "New"].map { Self.definition($0) }, prefixes: [])
        let countries = [Self.country("FR", [("Same", "Yes https://a.example"), ("Text", "Changed"), ("Links", "Yes https://new.example"), ("New", "Hello")])]
        func old(_ html: String, _ links: [String]) -> [CountryAnswer] {
            [CountryAnswer(country: "FR", answer: RuleAnswer(answerHTML: html, links: links, lastReviewed: "2025-03-04", confidence: 0.8))]
        }
        let previous = RulesDocument(questions: [
            RuleQuestion(questionID: "Same", questionRaw: "", questionText: "", questionPrefix: "", category: "", tags: [],
                         answers: old("Yes https://a.example", ["https://a.example"])),
            RuleQuestion(questionID: "Text", questionRaw: "", questionText: "", questionPrefix: "", category: "", tags: [], answers: old("Before", [])),
            RuleQuestion(questionID: "Links", questionRaw: "", questionText: "", questionPrefix: "", category: "", tags: [],
                         answers: old("Yes https://new.example", ["https://old.example"])),
        ], inconsistentQids: [])
        let (document, _, counts) = RulesStage.document(definitions: definitions, countries: countries, previous: previous, today: "2026-11-26")
        let answers = Dictionary(uniqueKeysWithValues: document.questions.map { ($0.questionID, $0.answers[0].answer) })
        #expect(answers["Same"]?.lastReviewed == "2025-03-04" && answers["Same"]?.confidence == 0.8)
        #expect(answers["Text"]?.lastReviewed == "2026-11-26" && answers["Text"]?.confidence == nil)
        #expect(answers["Links"]?.lastReviewed == "2026-11-26")
        #expect(answers["New"]?.lastReviewed == "2026-11-26")
        #expect(counts["last_reviewed"] == ["kept": 1, "refreshed": 3])
    }

    @Test func answersToUnknownQuestionsAreListedAndReported() {
        let definitions = RuleDefinitions(questions: [Self.definition("Known")], prefixes: [])
        let countries = [Self.country("FR", [("Known", "a"), ("Zeta?", "b"), ("Alpha?", "c")]), Self.country("DE", [("Zeta?", "d")])]
        let (document, findings, counts) = RulesStage.document(definitions: definitions, countries: countries, previous: nil, today: "2026-11-26")
        #expect(document.inconsistentQids == ["Alpha?", "Zeta?"])
        // DE answers nothing known: besides its unknown question, the whole sheet matching nothing is a finding.
        #expect(findings.map(\.code) == [.rulesNoAnswerMatched, .rulesUnknownQuestion, .rulesUnknownQuestion, .rulesUnknownQuestion])
        #expect(findings.map(\.file) == ["rules/answers/DE.csv", "rules/answers/DE.csv", "rules/answers/FR.csv", "rules/answers/FR.csv"])
        #expect(findings.first?.reason == "holds 1 answer and none matches a question of the definitions; rules.json would have no answer for DE")
        #expect(counts["answers_by_country"] == ["FR": 1])
    }
}

/// The stage on a source tree: file names, the previous document from the tree or from the previous bundle.
struct RulesStageRunTests {
    let folder: TemporaryFolder
    let stamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("Raw Question,Question,Category,Tags\nQ?,Où ? « Q »,General,a\n", to: "rules/definitions.csv")
        try folder.write("Question,Answer\nQ?,Réponse — oui\n", to: "rules/answers/FR.csv")
    }

    func run(previous: BundleContents = .empty) async throws -> RulesStage.Output {
        try await RulesStage().run(StageContext(sources: SourceTree(root: folder.url), stamp: stamp, previous: previous))
    }

    @Test func readsTheTreeAndKeepsNonASCIIText() async throws {
        try folder.write("Q?,Ja\n", to: "rules/answers/de.csv")
        let output = try await run()
        #expect(output.document.questions.map(\.questionText) == ["Où ? « Q »"])
        #expect(output.document.questions[0].answers.map(\.country) == ["DE", "FR"])
        #expect(output.document.questions[0].answers[1].answer.answerHTML == "Réponse — oui")
        #expect(output.inputs.map(\.file) == ["rules/definitions.csv", "rules/answers/de.csv", "rules/answers/FR.csv"])
    }

    @Test func refusesAnswerFilesNotNamedByACountryCode() async throws {
        for name in ["UK.csv", "FRA.csv", "EU.xlsx", "old/FR.csv"] {
            let folder = try TemporaryFolder()
            try folder.write("Raw Question,Question,Category,Tags\nQ?,Q?,G,\n", to: "rules/definitions.csv")
            try folder.write("Q?,A\n", to: "rules/answers/\(name)")
            let error = await #expect(throws: SourceError.self) {
                try await RulesStage().run(StageContext(sources: SourceTree(root: folder.url), stamp: stamp))
            }
            #expect(error?.kind == .invalidName && error?.file == "rules/answers/\(name)")
        }
    }

    @Test func refusesTwoFilesForOneCountryOrForTheDefinitions() async throws {
        try folder.write("Q?,A\n", to: "rules/answers/fr.xlsx")
        let country = await #expect(throws: SourceError.self) { try await run() }
        #expect(country?.kind == .duplicateKey && country?.reason.contains("FR") == true)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("rules/answers/fr.xlsx"))
        try folder.write("x", to: "rules/definitions.xlsx")
        let definitions = await #expect(throws: SourceError.self) { try await run() }
        #expect(definitions?.kind == .duplicateKey)
    }

    @Test func takesReviewDatesFromThePreviousBundleOrTheTree() async throws {
        let published = #"{"questions": [{"question_id": "Q?", "question_raw": "Q?", "question_text": "x", "question_prefix": "", "category": "", "tags": [], "answers_by_country": {"FR": {"answer_html": "Réponse — oui", "links": [], "last_reviewed": "2024-02-29", "links_json": []}}}], "inconsistent_qids": []}"#
        let bundle = BundleContents(fileNames: ["rules.json"], read: { _, _ in nil }, readBytes: { _ in Array(published.utf8) })
        #expect(try await run(previous: bundle).document.questions[0].answers[0].answer.lastReviewed == "2024-02-29")

        // A previous file in the source tree wins over the bundle's.
        try folder.write(published.replacingOccurrences(of: "2024-02-29", with: "2023-05-06"), to: "rules/previous/rules.json")
        let output = try await run(previous: bundle)
        #expect(output.document.questions[0].answers[0].answer.lastReviewed == "2023-05-06")
        #expect(output.inputs.last?.file == "rules/previous/rules.json")

        try folder.write(#"{"questions": [{"question_id": ""}]}"#, to: "rules/previous/rules.json")
        let error = await #expect(throws: SourceError.self) { try await run() }
        #expect(error?.kind == .malformed && error?.file == "rules/previous/rules.json")
    }
}
