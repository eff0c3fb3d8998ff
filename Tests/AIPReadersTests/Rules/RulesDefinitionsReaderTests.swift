import AIPReaders
import TestSupport
import Testing

struct RulesDefinitionsReaderTests {
    static let header = "raw question,QUESTION, Category ,Tags\n"

    @Test func prefixGroupsApplyUntilAnEmptyRow() throws {
        let sheets = try RulesTestSheets()
        let definitions = try RulesDefinitionsReader.read(try sheets.csv(Self.header + """
            Alone?,Alone?,General,"a, b ,,c"
            For Radio,,,
            In the air?,"For Radio, in the air?",Airfields,x
            On the runway?,"For Radio, on the runway?",Airfields,
            ,,,
            After?,After?,General,

            For Info,,,
            In the air?,"For Info, in the air?",Airfields,
            """))
        #expect(definitions.questions.map(\.id) == ["Alone?", "For Radio-In the air?", "For Radio-On the runway?", "After?", "For Info-In the air?"])
        #expect(definitions.questions.map(\.prefix) == ["", "For Radio", "For Radio", "", "For Info"])
        #expect(definitions.questions[1].raw == "In the air?" && definitions.questions[1].text == "For Radio, in the air?")
        #expect(definitions.questions[0].tags == ["a", "b", "c"] && definitions.questions[3].tags == [])
        #expect(definitions.prefixes == ["For Radio", "For Info"])
        #expect(definitions.findings.isEmpty)
    }

    @Test func aRowWithoutRawQuestionIsAFindingAndKeepsTheGroup() throws {
        let sheets = try RulesTestSheets()
        let definitions = try RulesDefinitionsReader.read(try sheets.csv(Self.header + "P,,,\n,Orphan?,General,\nIn?,In?,General,\n"))
        #expect(definitions.questions.map(\.id) == ["P-In?"])
        #expect(definitions.findings.map(\.code) == [.rulesMissingRawQuestion])
        #expect(definitions.findings.first?.location == .line(3))
    }

    @Test func refusesMissingColumnsDuplicateIdsAndNoQuestions() throws {
        let sheets = try RulesTestSheets()
        let missing = #expect(throws: SourceError.self) { try RulesDefinitionsReader.read(try sheets.csv("Raw Question,Question,Tags\nA,A,x\n")) }
        #expect(missing?.kind == .missingColumns(["Category"]) && missing?.file == "rules/definitions.csv")
        #expect(missing?.reason.contains("line 1") == true)

        let duplicate = #expect(throws: SourceError.self) {
            try RulesDefinitionsReader.read(try sheets.csv(Self.header + "A?,A?,G,\nP,,,\nA?,PA?,G,\n,,,\nA?,A again?,G,\n"))
        }
        #expect(duplicate?.kind == .duplicateKey)
        #expect(duplicate?.reason == "defines question \"A?\" twice (line 2 and line 6); question ids must be unique")

        let repeated = #expect(throws: SourceError.self) {
            try RulesDefinitionsReader.read(try sheets.csv("Raw Question,Question,Category,Tags,tags\nA,A,G,t,u\n"))
        }
        #expect(repeated?.kind == .duplicateColumns(["tags"]))

        let empty = #expect(throws: SourceError.self) { try RulesDefinitionsReader.read(try sheets.csv(Self.header + "P,,,\n")) }
        #expect(empty?.kind == .headerOnly)
    }

    @Test func takesTheFirstWorkbookSheetWithTheColumns() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.xlsx([
            .init(name: "Notes", rows: [["Read me first"]]),
            .init(name: "Definitions", rows: [["Raw Question", "Question", "Category", "Tags"], ["Q?", "Q?", "G", "t"]]),
        ])
        #expect(try RulesDefinitionsReader.read(file).questions.map(\.id) == ["Q?"])

        let none = try sheets.xlsx([.init(name: "Only", rows: [["Raw Question", "Question"], ["Q?", "Q?"]])], at: "rules/other.xlsx")
        let error = #expect(throws: SourceError.self) { try RulesDefinitionsReader.read(none) }
        #expect(error?.kind == .missingColumns(["Category", "Tags"]) && error?.reason.contains("sheet \"Only\" row 1") == true)
    }
}
