import AIPReaders
import TestSupport
import Testing

struct RulesAnswersReaderTests {
    @Test func continuationRowsJoinWithBreaksAndPrefixRowsStartGroups() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.csv("""
            Question,Answer,Links
            Q1?,First line,https://a.example
            ,second line,https://b.example
            ,third line,
            For Radio,,
            In the air?,None.,
            ,,
            In the air?,Outside the group.,
            Unanswered?,,
            ,dangling,
            ,,
            ,orphan,
            """, at: "rules/answers/FR.csv")
        let sheet = try RulesAnswersReader.read(file, prefixes: ["For Radio"])
        #expect(sheet.answers.map(\.questionID) == ["Q1?", "For Radio-In the air?", "In the air?", "Unanswered?"])
        #expect(sheet.answers[3].answer == "dangling")
        #expect(sheet.answers[0].answer == "First line<br>second line<br>third line")
        #expect(sheet.answers[0].linksCell == "https://a.example https://b.example")
        #expect(sheet.answers[1].answer == "None." && sheet.answers[1].location == .line(6))
        #expect(sheet.findings.map(\.code) == [.rulesOrphanContinuation])
        #expect(sheet.findings.first?.location == .line(12))
    }

    @Test func readsHeaderlessSheetsByPosition() throws {
        let sheets = try RulesTestSheets()
        let csv = try sheets.csv("Q1?,Yes,https://x.example\nQ2?,No,\n", at: "rules/answers/DE.csv")
        let fromCSV = try RulesAnswersReader.read(csv, prefixes: [])
        #expect(fromCSV.answers.map(\.questionID) == ["Q1?", "Q2?"])
        #expect(fromCSV.answers.map(\.linksCell) == ["https://x.example", ""])

        // A first row with twice the same text is data, not a header naming a column twice.
        let repeated = try sheets.csv("Same,same\n", at: "rules/answers/IT.csv")
        #expect(try RulesAnswersReader.read(repeated, prefixes: []).answers.map(\.answer) == ["same"])

        let twoColumns = try sheets.csv("Q1?,Yes\n", at: "rules/answers/AT.csv")
        #expect(try RulesAnswersReader.read(twoColumns, prefixes: []).answers.map(\.answer) == ["Yes"])
    }

    @Test func readsEveryWorkbookSheetEachWithItsOwnHeader() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.xlsx([
            .init(name: "A", rows: [["Links", "ANSWER", "question"], ["https://l.example", "Yes", "Q1?"]]),
            .init(name: "B", rows: [["Q2?", "No"], ["Q1?", "Again"]]),
        ], at: "rules/answers/GB.xlsx")
        let sheet = try RulesAnswersReader.read(file, prefixes: [])
        #expect(sheet.answers.map(\.questionID) == ["Q1?", "Q2?"])
        #expect(sheet.answers[0].linksCell == "https://l.example")
        #expect(sheet.findings.map(\.code) == [.rulesDuplicateAnswer])
        #expect(sheet.findings.first?.location == .cell(sheet: "B", cell: "A2"))
        #expect(sheet.findings.first?.reason.contains("A!C2") == true)
    }

    @Test func refusesAHalfHeaderAndASheetWithoutAnswers() throws {
        let sheets = try RulesTestSheets()
        let half = #expect(throws: SourceError.self) {
            try RulesAnswersReader.read(try sheets.csv("Question,Reply\nQ?,Yes\n", at: "rules/answers/FR.csv"), prefixes: [])
        }
        #expect(half?.kind == .missingColumns(["Answer"]))
        let empty = #expect(throws: SourceError.self) {
            try RulesAnswersReader.read(try sheets.csv("Question,Answer\nFor Radio,\n", at: "rules/answers/FR.csv"), prefixes: ["For Radio"])
        }
        #expect(empty?.kind == .headerOnly && empty?.file == "rules/answers/FR.csv")
    }
}
