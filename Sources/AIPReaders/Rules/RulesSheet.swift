/// One sheet of a rules file as rows of text cells: a whole CSV file, or one worksheet of an XLSX workbook.
///
/// A fully empty row ends a prefix group, so empty rows are kept: blank CSV lines and rows an XLSX sheet skips
/// appear as one empty row each.
public struct RulesSheet: Sendable {
    /// The file, relative to the source tree (`rules/answers/FR.xlsx`).
    public var file: String
    /// The worksheet's name; nil for a CSV file.
    public var sheetName: String?
    public var rows: [RulesSheetRow]

    public init(file: String, sheetName: String?, rows: [RulesSheetRow]) {
        self.file = file
        self.sheetName = sheetName
        self.rows = rows
    }

    /// Where a cell is, for findings: `Sheet1!B12` in a workbook, the line in a CSV file.
    public func location(of row: RulesSheetRow, column: Int) -> Finding.Location {
        guard let sheetName else { return .line(row.number) }
        return .cell(sheet: sheetName, cell: XLSXCellReference.name(column: column, row: row.number))
    }

    /// The place of a row in an error message: `line 12` or `sheet "Rules" row 12`.
    public func describe(_ row: RulesSheetRow) -> String {
        sheetName.map { "sheet \"\($0)\" row \(row.number)" } ?? "line \(row.number)"
    }
}

/// One row: its number (1-based sheet row, or CSV line where the record starts) and its cells, trimmed.
public struct RulesSheetRow: Sendable, Equatable {
    public var number: Int
    public var cells: [String]

    public init(number: Int, cells: [String]) {
        self.number = number
        self.cells = cells
    }

    /// The cell at `column`, "" past the last one.
    public subscript(column: Int) -> String { column < cells.count ? cells[column] : "" }

    public var isEmpty: Bool { cells.allSatisfy(\.isEmpty) }
}

extension RulesSheetRow {
    /// A cell's text as the rules read it: surrounding whitespace dropped, line breaks written as LF.
    ///
    /// Standard library only: Foundation's trimming and replacing bridge through `NSString`, which cost more than
    /// the rest of reading a sheet.
    static func clean(_ text: String) -> String {
        var text = text
        if text.utf8.contains(0x0D) { text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") }
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return first == text.startIndex && last == text.index(before: text.endIndex) ? text : String(text[first...last])
    }
}
