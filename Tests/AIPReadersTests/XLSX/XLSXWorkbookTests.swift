import AIPReaders
import Foundation
import TestSupport
import Testing

/// Workbooks written by the test helper, or by hand part by part for what the helper never writes.
struct XLSXWorkbookTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    func open(_ data: Data, name: String = "book.xlsx") throws -> XLSXWorkbook {
        try XLSXWorkbook(contentsOf: try folder.write(data, to: name), displayName: "rules/\(name)")
    }

    /// A one-sheet workbook whose sheet part is `sheetData` and whose shared strings are `strings`.
    func handWritten(_ sheetData: String, strings: [String] = []) throws -> Data {
        try TestSpreadsheet.archive(TestSpreadsheet.workbookParts(sheetNames: ["Data"]) + [
            ("xl/worksheets/sheet1.xml", #"<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\#(sheetData)</sheetData></worksheet>"#),
            ("xl/sharedStrings.xml", #"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\#(strings.joined())</sst>"#),
        ])
    }

    func cells(_ sheet: XLSXSheet) -> [String: String] {
        var result: [String: String] = [:]
        for row in sheet.rows { for cell in row.cells { result[XLSXCellReference.name(column: cell.column, row: row.number)] = cell.value } }
        return result
    }

    @Test func readsSharedAndInlineStringsOfSeveralSheets() throws {
        let data = try TestSpreadsheet.workbook([
            TestSpreadsheet.Sheet(name: "First", rows: [["Question", "Answer"], ["Q1", "Réponse « un »\nsecond line"]]),
            TestSpreadsheet.Sheet(name: "Second", rows: [["Q2", "", "x & <y>"]]),
        ])
        let workbook = try open(data)
        #expect(workbook.worksheets.map(\.name) == ["First", "Second"])
        let first = try workbook.sheet(workbook.worksheets[0])
        #expect(cells(first) == ["A1": "Question", "B1": "Answer", "A2": "Q1", "B2": "Réponse « un »\nsecond line"])
        let second = try workbook.sheet(workbook.worksheets[1])
        #expect(cells(second) == ["A1": "Q2", "C1": "x & <y>"])
        #expect(second.rows[0].cells.map(\.column) == [0, 2])

        let inline = try open(TestSpreadsheet.workbook([TestSpreadsheet.Sheet(name: "S", rows: [["a", "b"]])], inline: true), name: "inline.xlsx")
        #expect(cells(try inline.sheet(inline.worksheets[0])) == ["A1": "a", "B1": "b"])
    }

    @Test func readsNumbersBooleansErrorsAndRichText() throws {
        let data = try handWritten("""
            <row r="1"><c r="A1"><v>42</v></c><c r="B1" t="n"><v>0.5</v></c><c r="C1" t="b"><v>1</v></c><c r="D1" t="b"><v>0</v></c></row>
            <row r="2"><c r="A2" t="e"><v>#N/A</v></c><c r="B2" t="str"><f>A1&amp;"x"</f><v>42x</v></c><c r="C2" t="s"><v>0</v></c><c r="D2" t="s"/></row>
            <row r="3"><c r="A3" t="s"><v>1</v></c></row>
            """, strings: [
                "<si><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh><t>ignored</t></rPh></si>",
                "<si><t>line_x000D_\nnext _x005F_x0041_</t></si>",
            ])
        let workbook = try open(data)
        let sheet = try workbook.sheet(workbook.worksheets[0])
        #expect(cells(sheet) == ["A1": "42", "B1": "0.5", "C1": "TRUE", "D1": "FALSE", "B2": "42x", "C2": "rich text",
                                 "A3": "line\r\nnext _x0041_"])
        #expect(sheet.findings.map(\.code) == [.xlsxErrorValue])
        #expect(sheet.findings.first?.location == .cell(sheet: "Data", cell: "A2"))
    }

    @Test func placesCellsWrittenOutOfOrderOrWithoutReferences() throws {
        let data = try handWritten("""
            <row r="4"><c r="C4" t="inlineStr"><is><t>c</t></is></c><c r="A4" t="inlineStr"><is><t>a</t></is></c></row>
            <row r="2"><c t="inlineStr"><is><t>first</t></is></c><c t="inlineStr"><is><t>second</t></is></c></row>
            <row><c t="inlineStr"><is><t>after 4?</t></is></c></row>
            """)
        let workbook = try open(data)
        let sheet = try workbook.sheet(workbook.worksheets[0])
        #expect(sheet.rows.map(\.number) == [2, 3, 4])
        #expect(cells(sheet) == ["A4": "a", "C4": "c", "A2": "first", "B2": "second", "A3": "after 4?"])
    }

    @Test func refusesWhatIsNotAWorkbook() throws {
        let notZip = #expect(throws: SourceError.self) { try open(Data("Question,Answer\n".utf8)) }
        #expect(notZip?.kind == .corruptCompression && notZip?.file == "rules/book.xlsx")

        let plainZip = #expect(throws: SourceError.self) { try open(try TestSpreadsheet.archive([("readme.txt", "hello")])) }
        #expect(plainZip?.kind == .malformed)

        let noSheets = #expect(throws: SourceError.self) { try open(try TestSpreadsheet.archive(TestSpreadsheet.workbookParts(sheetNames: []))) }
        #expect(noSheets?.kind == .malformed && noSheets?.reason.contains("no worksheet") == true)

        // The workbook lists a sheet whose part the archive lacks.
        let missingPart = try open(try TestSpreadsheet.archive(TestSpreadsheet.workbookParts(sheetNames: ["Gone"]) + [("xl/sharedStrings.xml", "<sst/>")]))
        let missing = #expect(throws: SourceError.self) { try missingPart.sheet(missingPart.worksheets[0]) }
        #expect(missing?.kind == .missingFile && missing?.file == "rules/book.xlsx/xl/worksheets/sheet1.xml")
    }

    @Test func refusesDamagedSheetContent() throws {
        for (sheetData, expected) in [
            (#"<row r="1"><c r="A1" t="s"><v>7</v></c></row>"#, "shared string \"7\""),
            (#"<row r="1"><c r="XFE1"><v>1</v></c></row>"#, "cell reference \"XFE1\""),
            (#"<row r="1"><c r="A1"><v>1</v></row>"#, "not well-formed XML"),
        ] {
            let workbook = try open(try handWritten(sheetData))
            let error = #expect(throws: SourceError.self) { try workbook.sheet(workbook.worksheets[0]) }
            #expect(error?.kind == .malformed)
            #expect(error?.reason.contains(expected) == true, "\(String(describing: error))")
        }
    }

    /// Entities are never expanded: a "billion laughs" sheet ends at once, and no entity text reaches a cell.
    @Test func doesNotExpandEntities() throws {
        var entities = #"<!ENTITY a0 "laugh">"#
        for level in 1...12 { entities += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        let sheet = #"<?xml version="1.0"?><!DOCTYPE worksheet [\#(entities)]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x&a12;y</t></is></c></row></sheetData></worksheet>"#
        let workbook = try open(try TestSpreadsheet.archive(TestSpreadsheet.workbookParts(sheetNames: ["Data"]) + [
            ("xl/worksheets/sheet1.xml", sheet), ("xl/sharedStrings.xml", "<sst/>"),
        ]))
        do {
            let read = try workbook.sheet(workbook.worksheets[0])
            #expect(cells(read)["A1"].map { !$0.contains("laugh") } ?? true)
        } catch {
            #expect(error.kind == .malformed)
        }
    }

    /// Truncated and corrupted copies of a real-shaped workbook: every one either reads or fails with a
    /// `SourceError`, and flipped bytes in a member never yield different cells (the CRC catches them).
    @Test func survivesTruncatedAndCorruptedArchives() throws {
        let original = try TestSpreadsheet.workbook([
            TestSpreadsheet.Sheet(name: "Answers", rows: (1...40).map { ["Question \($0)", "Answer \($0) with some text", "https://example.com/\($0)"] }),
            TestSpreadsheet.Sheet(name: "More", rows: [["x", "y"]]),
        ])
        let expected = try open(original)
        let expectedCells = try expected.worksheets.map { cells(try expected.sheet($0)) }
        var generator = SplitMix64(seed: 2026)
        var differentButRead = 0
        var failures = 0
        for round in 0..<400 {
            var bytes = [UInt8](original)
            if round % 4 == 0 {
                bytes.removeLast(1 + Int(generator.next() % UInt64(bytes.count - 1)))
            } else {
                for _ in 0...(generator.next() % 6) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(1 + generator.next() % 255)
                }
            }
            do {
                let workbook = try open(Data(bytes), name: "fuzz.xlsx")
                let read = try workbook.worksheets.map { cells(try workbook.sheet($0)) }
                if read != expectedCells { differentButRead += 1 }
            } catch {
                // The message names the workbook, and the member when one is damaged.
                #expect((error as? SourceError)?.file.hasPrefix("rules/fuzz.xlsx") == true)
                failures += 1
            }
        }
        #expect(differentButRead == 0)
        #expect(failures > 200)
    }
}
