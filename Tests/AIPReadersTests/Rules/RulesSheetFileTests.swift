import Foundation
import AIPReaders
import Testing

struct RulesSheetFileTests {
    @Test func keepsOneEmptyRowPerRunOfBlankLinesButNotForQuotedLineBreaks() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.csv("a,b\n\"multi\nline\",x\nc,d\n\n\n  e  ,f\r\n,\n")
        let rows = file.sheets[0].rows
        #expect(rows.map(\.number) == [1, 2, 4, 5, 7, 8])
        #expect(rows.map(\.cells) == [["a", "b"], ["multi\nline", "x"], ["c", "d"], [], ["e", "f"], ["", ""]])
        #expect(rows.map(\.isEmpty) == [false, false, false, true, false, true])
        #expect(file.rowCount == 4)
    }

    @Test func leavesNoEmptyRowWhereARecordWasDropped() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.csv("a,b\nc,d,e\nf,g\n")
        #expect(file.sheets[0].rows.map(\.cells) == [["a", "b"], ["f", "g"]])
        #expect(file.findings.map(\.code) == [.csvFieldCount])
    }

    @Test func refusesCSVThatIsNotUTF8() throws {
        let sheets = try RulesTestSheets()
        try sheets.folder.write(Data([0x61, 0x2C, 0x62, 0x0A, 0xE9, 0x2C, 0x78, 0x0A]), to: "rules/latin1.csv")
        let error = #expect(throws: SourceError.self) { try RulesSheetFile.read("rules/latin1.csv", in: sheets.tree) }
        #expect(error?.kind == .notText && error?.reason.contains("line 2") == true)
    }

    @Test func readsWorkbookRowsWithGapsAsEmptyRows() throws {
        let sheets = try RulesTestSheets()
        let file = try sheets.xlsx([.init(name: "S", rows: [["a", "", "c"], ["", "", ""], [" b "]])])
        #expect(file.sheets[0].sheetName == "S")
        #expect(file.sheets[0].rows.map(\.number) == [1, 2, 3])
        #expect(file.sheets[0].rows.map(\.cells) == [["a", "", "c"], [], ["b"]])
        #expect(file.sheets[0].location(of: file.sheets[0].rows[2], column: 1) == .cell(sheet: "S", cell: "B3"))
    }
}
