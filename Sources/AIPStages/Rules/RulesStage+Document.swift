import AIPReaders

extension RulesStage {
    /// One country's answer sheet, read.
    public struct CountrySheet: Sendable {
        /// ISO-2, upper-case.
        public var country: String
        public var file: String
        public var sheet: RuleAnswerSheet

        public init(country: String, file: String, sheet: RuleAnswerSheet) {
            self.country = country
            self.file = file
            self.sheet = sheet
        }
    }

    /// Builds the document from the definitions, the countries' answers and the previous document.
    ///
    /// - Parameter today: the build's date (`YYYY-MM-DD`), given to new and changed answers.
    public static func document(definitions: RuleDefinitions, countries: [CountrySheet], previous: RulesDocument?,
                                today: String) -> (RulesDocument, findings: [Finding], counts: [String: [String: Int]]) {
        let known = Set(definitions.questions.map(\.id))
        var answers: [String: [String: RuleAnswerRow]] = [:]
        var findings = definitions.findings
        var unknown: Set<String> = []
        var perCountry: [String: Int] = [:]
        for country in countries {
            findings += country.sheet.findings
            for row in country.sheet.answers {
                guard known.contains(row.questionID) else {
                    unknown.insert(row.questionID)
                    findings.append(Finding(file: country.file, location: row.location, code: .rulesUnknownQuestion, value: row.questionID,
                                            reason: "matches no question of the definitions; listed in inconsistent_qids", action: .rowRejected))
                    continue
                }
                answers[row.questionID, default: [:]][country.country] = row
                perCountry[country.country, default: 0] += 1
            }
            // A sheet of the wrong definitions matches nothing, and the country would vanish from rules.json unseen.
            if perCountry[country.country] == nil {
                findings.append(Finding(file: country.file, location: .file, code: .rulesNoAnswerMatched, value: country.country,
                                        reason: "holds \(country.sheet.answers.count) answer\(country.sheet.answers.count == 1 ? "" : "s") and none matches a question of the definitions; "
                                            + "rules.json would have no answer for \(country.country)",
                                        action: .warning))
            }
        }
        let order = countryOrder(countries.map(\.country), previous: previous)
        var previousAnswers: [String: [String: RuleAnswer]] = [:]
        for question in previous?.questions ?? [] {
            previousAnswers[question.questionID] = Dictionary(question.answers.map { ($0.country, $0.answer) }) { first, _ in first }
        }
        var kept = 0, refreshed = 0
        let questions = definitions.questions.map { definition in
            let byCountry = answers[definition.id] ?? [:]
            let written = order.compactMap { country -> CountryAnswer? in
                guard let row = byCountry[country] else { return nil }
                var answer = RuleAnswer(answerHTML: row.answer, links: RuleLinks.extract(cell: row.linksCell, answer: row.answer), lastReviewed: today)
                if let old = previousAnswers[definition.id]?[country], old.answerHTML == answer.answerHTML, old.links == answer.links {
                    answer.lastReviewed = old.lastReviewed
                    answer.confidence = old.confidence
                    kept += 1
                } else {
                    refreshed += 1
                }
                return CountryAnswer(country: country, answer: answer)
            }
            return RuleQuestion(questionID: definition.id, questionRaw: definition.raw, questionText: definition.text,
                                questionPrefix: definition.prefix, category: definition.category, tags: definition.tags, answers: written)
        }
        let document = RulesDocument(questions: sorted(questions), inconsistentQids: unknown.sorted(by: precedes))
        let counts = ["answers_by_country": perCountry, "last_reviewed": ["kept": kept, "refreshed": refreshed]]
        return (document, findings.sorted(), counts)
    }

    /// Countries in the order of their first appearance in the previous document, then the others alphabetically.
    static func countryOrder(_ countries: [String], previous: RulesDocument?) -> [String] {
        var order: [String] = []
        for question in previous?.questions ?? [] {
            for answer in question.answers where !order.contains(answer.country) { order.append(answer.country) }
        }
        let present = Set(countries)
        return order.filter(present.contains) + present.subtracting(order).sorted(by: precedes)
    }

    /// By lower-cased `question_text`, code point by code point; ties keep their order.
    static func sorted(_ questions: [RuleQuestion]) -> [RuleQuestion] {
        let keyed = questions.enumerated().map { (key: $0.element.questionText.lowercased(), index: $0.offset, question: $0.element) }
        return keyed.sorted { $0.key.utf8.elementsEqual($1.key.utf8) ? $0.index < $1.index : precedes($0.key, $1.key) }.map(\.question)
    }

    /// Code point order: UTF-8 byte order is the same, and unlike `String.<` it ignores Unicode equivalence.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}
