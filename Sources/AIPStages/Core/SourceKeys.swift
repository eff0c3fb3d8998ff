import AIPReaders

/// Source keys that double as row ids (OurAirports airport and runway ids, GeoNames `geonameid`) must be unique:
/// a repeated id would fail the table's primary key, or silently attach children to the wrong parent.
public enum SourceKeys {
    /// Keeps the first row of each key, in the given (file) order; each repeat becomes a `row_rejected` finding that
    /// names the line of the first row.
    ///
    /// - Parameter firstLines: the first line of each key in the whole file, when `rows` are only some of its rows
    ///   (those in scope): a row that repeats the key of an earlier row left out of `rows` is a repeat too.
    public static func keepingFirst<Row>(
        _ rows: [Row], key: (Row) -> Int, line: (Row) -> Int, file: String, column: String, firstLines: [Int: Int] = [:]
    ) -> (kept: [Row], findings: [Finding]) {
        var firstLine = firstLines
        firstLine.reserveCapacity(rows.count)
        var kept: [Row] = []
        kept.reserveCapacity(rows.count)
        var findings: [Finding] = []
        for row in rows {
            let id = key(row)
            if let keptLine = firstLine[id], keptLine != line(row) {
                findings.append(Finding(
                    file: file, line: line(row), code: "row.duplicate_key", column: column, value: String(id),
                    reason: "has the same \(column) as the row at line \(keptLine); only the first row with a given \(column) is used",
                    action: .rowRejected))
            } else {
                firstLine[id] = line(row)
                kept.append(row)
            }
        }
        return (kept, findings)
    }
}
