import Foundation

/// A rules spreadsheet read into ``RulesSheet``s, whether the maintainers saved it as CSV or XLSX.
public struct RulesSheetFile: Sendable {
    /// The file, relative to the source tree.
    public var file: String
    /// One sheet for CSV; the workbook's worksheets in workbook order for XLSX.
    public var sheets: [RulesSheet]
    /// Records dropped while reading (bad quoting, wrong field count, error cells).
    public var findings: [Finding]
    /// Bytes read (the XLSX archive's size, not its inflated parts).
    public var byteCount: Int

    /// Non-empty rows over all sheets, for the report.
    public var rowCount: Int { sheets.reduce(0) { $0 + $1.rows.count { !$0.isEmpty } } }

    /// Reads `relativePath` under `tree`, as XLSX when its extension is `xlsx` (any case), else as CSV.
    ///
    /// - Throws: ``SourceError``: an unreadable, empty, truncated or non-UTF-8 file; an `.xlsx` that is not a zip
    ///   archive, lacks a part or a worksheet, or holds malformed XML.
    public static func read(_ relativePath: String, in tree: SourceTree) throws -> RulesSheetFile {
        let url = tree.root.appendingPathComponent(relativePath)
        if (relativePath as NSString).pathExtension.lowercased() == "xlsx" {
            let workbook = try XLSXWorkbook(contentsOf: url, displayName: relativePath)
            var sheets: [RulesSheet] = []
            var findings: [Finding] = []
            for info in workbook.worksheets {
                let sheet = try workbook.sheet(info)
                findings += sheet.findings
                sheets.append(RulesSheet(file: relativePath, sheetName: sheet.name, rows: rows(of: sheet)))
            }
            return RulesSheetFile(file: relativePath, sheets: sheets, findings: findings, byteCount: workbook.byteCount)
        }
        let source = try SourceFile(contentsOf: url, displayName: relativePath)
        let (rows, findings) = try csvRows(source)
        return RulesSheetFile(file: relativePath, sheets: [RulesSheet(file: relativePath, sheetName: nil, rows: rows)],
                              findings: findings, byteCount: source.bytes.count)
    }

    /// A worksheet's rows, with one empty row standing for each run of rows the sheet leaves out.
    static func rows(of sheet: XLSXSheet) -> [RulesSheetRow] {
        var rows: [RulesSheetRow] = []
        var next = 1
        for row in sheet.rows {
            if row.number > next, !rows.isEmpty { rows.append(RulesSheetRow(number: next, cells: [])) }
            var cells = [String](repeating: "", count: (row.cells.last?.column ?? -1) + 1)
            for cell in row.cells { cells[cell.column] = RulesSheetRow.clean(cell.value) }
            rows.append(RulesSheetRow(number: row.number, cells: cells))
            next = row.number + 1
        }
        return rows
    }

    /// The records of a CSV file, each as long as the first, with one empty row for each run of blank lines.
    ///
    /// libcsv skips blank lines, so they are found from the line numbers: a record ends on its start line plus the
    /// line breaks inside its quoted fields, and a gap before the next record's start is blank lines.
    static func csvRows(_ source: SourceFile) throws -> ([RulesSheetRow], [Finding]) {
        // The first record's field count, for the headerless read (answer sheets may lack a header row).
        var columnCount = 0
        source.bytes.withUnsafeBytes { raw in
            _ = CSVParser.parse(raw.bindMemory(to: UInt8.self), onRecord: { record in
                columnCount = record.count
                return false
            }, onMalformed: { _, _, _ in })
        }
        var rows: [RulesSheetRow] = []
        var nextLine = 1
        var notUTF8: Int?
        let summary = try CSVTable.read(source, format: "rules sheet", dialect: .csv, columnCount: max(columnCount, 1)) { record in
            var cells: [String] = []
            var breaks = 0
            for index in 0..<record.count {
                let bytes = record[index]
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    notUTF8 = notUTF8 ?? record.line
                    return
                }
                breaks += lineBreaks(in: bytes)
                cells.append(RulesSheetRow.clean(text))
            }
            if record.line > nextLine, !rows.isEmpty { rows.append(RulesSheetRow(number: nextLine, cells: [])) }
            rows.append(RulesSheetRow(number: record.line, cells: cells))
            nextLine = record.line + breaks + 1
        }
        if let line = notUTF8 {
            throw SourceError(file: source.displayName, kind: .notText,
                              reason: "is not UTF-8 text (line \(line)); save it as \"CSV UTF-8\"")
        }
        // A dropped record leaves a gap that is not a blank line: take no empty row from it.
        let dropped = Set(summary.findings.compactMap(\.line))
        rows.removeAll { row in row.cells.isEmpty && dropped.contains(row.number) }
        return (rows, summary.findings)
    }

    /// Line breaks as the CSV parser counts them: LF, CRLF and a lone CR each end one line.
    private static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { count += 1 }
        }
        return count
    }
}
