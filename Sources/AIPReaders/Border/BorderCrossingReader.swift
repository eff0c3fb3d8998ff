import Foundation

/// Reads border crossing lists in the format of `airfieldmap.csv` (UTF-8 with BOM, header
/// `Country,Name,Type,Comment,ICAO,Airfield Name`), by header name.
///
/// A row without a country or a name, or with a field that is not UTF-8 text, is rejected with a finding; every
/// other row is kept as written, the ICAO column included, for the airports stage to match.
public enum BorderCrossingReader {
    static let format = "border crossing list"
    public static let requiredColumns = ["Country", "Name", "ICAO"]

    /// - Throws: ``SourceError`` for an empty, header-only, non-CSV or truncated file, a missing or repeated column,
    ///   or when most rows are bad (``BadRowRule``).
    public static func read(_ file: SourceFile) throws -> BorderCrossingFile {
        var records: [BorderCrossingRecord] = []
        var findings: [Finding] = []
        var names: [String] = []
        let summary = try CSVTable.read(file, format: format, required: requiredColumns, columns: { header in
            names = header.indexes.sorted { $0.value < $1.value }.map(\.key)
            return BorderColumns(header)
        }) { record, columns in
            var row = RowDecoder(record: record, file: file.displayName)
            do throws(Finding) {
                let country = try row.requiredText(columns.country).trimmingCharacters(in: .whitespaces)
                let name = try row.requiredText(columns.name).trimmingCharacters(in: .whitespaces)
                let icao = row.text(columns.icao)?.trimmingCharacters(in: .whitespaces)
                var original: [BorderCrossingRecord.Field] = []
                for (index, column) in names.enumerated() {
                    original.append(.init(column: column, value: row.text(CSVColumn(name: column, index: index)) ?? ""))
                }
                records.append(BorderCrossingRecord(
                    file: file.displayName, line: record.line, country: country, name: name,
                    type: columns.type.flatMap { row.text($0) }, comment: columns.comment.flatMap { row.text($0) },
                    icao: icao?.isEmpty == false ? icao : nil, airfieldName: columns.airfieldName.flatMap { row.text($0) },
                    originalRow: original))
                findings += row.findings
            } catch {
                findings.append(error)
            }
        }
        findings = summary.findings + findings
        let rejected = findings.count { $0.action == .rowRejected }
        try BadRowRule.check(file: file.displayName, relevantRows: summary.recordCount, rejectedRows: rejected)
        return BorderCrossingFile(fileName: file.displayName, records: records, rowCount: summary.recordCount,
                                  byteCount: file.bytes.count, findings: findings.sorted())
    }
}

/// The columns of a border crossing list, found once by header name.
private struct BorderColumns {
    let country, name, icao: CSVColumn
    let type, comment, airfieldName: CSVColumn?

    init(_ header: CSVHeader) {
        (country, name, icao) = (header["Country"], header["Name"], header["ICAO"])
        (type, comment, airfieldName) = (header.optional("Type"), header.optional("Comment"), header.optional("Airfield Name"))
    }
}
