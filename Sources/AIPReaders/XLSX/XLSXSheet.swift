import Foundation

/// One worksheet's non-empty cells as text, rows in ascending order, cells in ascending column order.
public struct XLSXSheet: Sendable {
    /// One cell: 0-based column and its text.
    public struct Cell: Sendable, Equatable {
        public var column: Int
        public var value: String
    }

    /// One row: its 1-based number and its cells.
    public struct Row: Sendable, Equatable {
        public var number: Int
        public var cells: [Cell]
    }

    public var name: String
    public var rows: [Row]
    /// Error cells (`#N/A`, `#REF!`: read as empty), repeated cells (the first one kept) and entity references kept
    /// as written (``XLSXText``).
    public var findings: [Finding]

    /// Reads a worksheet part. Cell text by type: shared (`s`) and inline (`inlineStr`) strings, formula strings
    /// (`str`), booleans (`b`: `TRUE`/`FALSE`), numbers and dates as written in the file (`42`, `0.5`).
    /// Rows and cells may come in any order, with or without references (then each follows the previous one).
    ///
    /// - Throws: ``SourceError`` `.malformed` for malformed XML, a reference outside the largest sheet, or a shared
    ///   string index the table does not have.
    static func read(_ data: Data, name: String, file: String, sharedStrings: XLSXSharedStrings) throws(SourceError) -> XLSXSheet {
        var cellsByRow: [Int: [Int: String]] = [:]
        var findings: [Finding] = []
        var rowNumber = 0
        var column = -1
        var cellType = "n"
        var cellRow = 0
        var value: String?
        /// Entity references of the cell's text (its value, inline or shared string), kept as written (``XLSXText``).
        var undecoded: [String] = []
        var inValue = false
        var inline = XLSXText()
        var inInline = false
        func damaged(_ reason: String) -> SourceError {
            SourceError(file: file, kind: .malformed, reason: "sheet \"\(name)\": \(reason); the workbook is damaged, save it again")
        }
        try XMLStreamReader.read(data, file: "\(file)/\(name)") { event throws(SourceError) in
            switch event {
            case .start("row", let attributes):
                if let text = attributes["r"] {
                    guard let number = Int(text), (1...XLSXCellReference.maxRows).contains(number) else { throw damaged("row number \"\(text)\" is out of range") }
                    rowNumber = number
                } else {
                    rowNumber += 1
                }
                column = -1
            case .start("c", let attributes):
                cellRow = max(rowNumber, 1)
                if let reference = attributes["r"] {
                    guard let parsed = XLSXCellReference.parse(reference) else { throw damaged("cell reference \"\(reference)\" is not valid") }
                    column = parsed.column
                    cellRow = parsed.row
                } else {
                    column += 1
                    guard column < XLSXCellReference.maxColumns else { throw damaged("row \(cellRow) has too many cells") }
                }
                cellType = attributes["t"] ?? "n"
                value = nil
                undecoded = []
            case .start("v", _): inValue = true
            case .end("v"): inValue = false
            case .text(let text) where inValue: value = (value ?? "") + text
            case .entityReference(let name) where inValue:
                value = (value ?? "") + "&\(name);"
                undecoded.append("&\(name);")
            case .start("is", _): inInline = true
            case .end("is"):
                inInline = false
                (value, undecoded) = inline.finish()
            case .end("c"):
                let reference = XLSXCellReference.name(column: column, row: cellRow)
                var text: String
                switch cellType {
                case "s":
                    guard let raw = value else { return }
                    guard let index = Int(raw.trimmingCharacters(in: .whitespaces)), sharedStrings.strings.indices.contains(index) else {
                        throw damaged("cell \(reference) points at shared string \"\(raw)\", which the workbook does not have")
                    }
                    text = sharedStrings.strings[index]
                    undecoded = sharedStrings.undecoded[index] ?? []
                case "b": text = value.map { $0 == "1" ? "TRUE" : $0 == "0" ? "FALSE" : $0 } ?? ""
                case "e":
                    findings.append(Finding(file: file, location: .cell(sheet: name, cell: reference), code: .xlsxErrorValue, value: value,
                                            reason: "is a spreadsheet error value, read as an empty cell", action: .fieldCleared))
                    text = ""
                default: text = value ?? ""
                }
                if !undecoded.isEmpty {
                    findings.append(Finding(file: file, location: .cell(sheet: name, cell: reference), code: .xlsxUndecodedEntity,
                                            value: undecoded.joined(separator: " "),
                                            reason: "holds an entity reference the workbook's own DTD declares, which is not expanded; kept as written",
                                            action: .warning))
                }
                guard !text.isEmpty else { return }
                if cellsByRow[cellRow, default: [:]][column] != nil {
                    findings.append(Finding(file: file, location: .cell(sheet: name, cell: reference), code: .xlsxRepeatedCell,
                                            reason: "appears twice in the sheet; the first one is kept", action: .fieldCleared))
                } else {
                    cellsByRow[cellRow, default: [:]][column] = text
                }
            default:
                if inInline { inline.take(event) }
            }
        }
        let rows = cellsByRow.keys.sorted().map { number in
            Row(number: number, cells: cellsByRow[number]!.sorted { $0.key < $1.key }.map { Cell(column: $0.key, value: $0.value) })
        }
        return XLSXSheet(name: name, rows: rows, findings: findings.sorted())
    }
}
