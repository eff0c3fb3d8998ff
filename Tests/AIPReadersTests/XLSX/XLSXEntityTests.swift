import AIPReaders
import Foundation
import TestSupport
import Testing

/// Entity and character references in cell text: decoded when XML defines them, kept as written with a finding
/// when only a DTD inside the workbook does (entities are never expanded).
struct XLSXEntityTests {
    /// A one-sheet workbook whose parts are written whole, so either may carry a DOCTYPE.
    func workbook(sheet: String, sharedStrings: String) throws -> XLSXSheet {
        let data = try TestSpreadsheet.archive(TestSpreadsheet.workbookParts(sheetNames: ["Data"]) + [
            ("xl/worksheets/sheet1.xml", sheet), ("xl/sharedStrings.xml", sharedStrings),
        ])
        let folder = try TemporaryFolder()
        let workbook = try XLSXWorkbook(contentsOf: try folder.write(data, to: "book.xlsx"), displayName: "rules/answers/FR.xlsx")
        return try workbook.sheet(workbook.worksheets[0])
    }

    static let main = #"xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main""#

    @Test func predefinedEntitiesAndCharacterReferencesAreDecoded() throws {
        let sheet = try workbook(
            sheet: #"<worksheet \#(Self.main)><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>&#x4F;ui &amp; non</t></is></c></row></sheetData></worksheet>"#,
            sharedStrings: #"<sst \#(Self.main)><si><t>a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; caf&#233; &#x1F6E9;</t></si></sst>"#)
        #expect(sheet.rows.first?.cells.map(\.value) == ["a & b <c> \"d\" 'e' café 🛩", "Oui & non"])
        #expect(sheet.findings.isEmpty)
    }

    @Test func anEntityOnlyADTDDeclaresIsKeptAsWrittenWithAFinding() throws {
        let doctype = #"<!DOCTYPE x [<!ENTITY yes "Yes">]>"#
        let sheet = try workbook(
            sheet: #"\#(doctype)<worksheet \#(Self.main)><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>&yes; indeed</t></is></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="str"><f>A1</f><v>&yes;!</v></c></row></sheetData></worksheet>"#,
            sharedStrings: #"\#(doctype)<sst \#(Self.main)><si><t>&yes;</t></si><si><t>plain</t></si></sst>"#)
        #expect(sheet.rows.first?.cells.map(\.value) == ["&yes;", "&yes; indeed", "plain", "&yes;!"])
        #expect(sheet.findings.map(\.code) == [.xlsxUndecodedEntity, .xlsxUndecodedEntity, .xlsxUndecodedEntity])
        #expect(sheet.findings.map(\.location) == [.cell(sheet: "Data", cell: "A1"), .cell(sheet: "Data", cell: "B1"), .cell(sheet: "Data", cell: "D1")])
        #expect(sheet.findings.first?.value == "&yes;")
    }
}
