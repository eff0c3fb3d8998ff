import AIPReaders

/// Source keys that double as row ids (OurAirports airport and runway ids, GeoNames `geonameid`) must be unique:
/// a repeated id would fail the table's primary key, or silently attach children to the wrong parent.
public enum SourceKeys {
    /// Keeps the first row of each key, in the given (file) order; each repeat becomes a `row_rejected` finding that
    /// names the line that was kept.
    public static func keepingFirst<Row>(
        _ rows: [Row], key: (Row) -> Int, line: (Row) -> Int, file: String, column: String
    ) -> (kept: [Row], findings: [Finding]) {
        var firstLine: [Int: Int] = [:]
        firstLine.reserveCapacity(rows.count)
        var kept: [Row] = []
        kept.reserveCapacity(rows.count)
        var findings: [Finding] = []
        for row in rows {
            let id = key(row)
            if let keptLine = firstLine[id] {
                findings.append(Finding(
                    file: file, line: line(row), column: column, value: String(id),
                    reason: "repeats the \(column) of the row at line \(keptLine), which was kept", action: .rowRejected))
            } else {
                firstLine[id] = line(row)
                kept.append(row)
            }
        }
        return (kept, findings)
    }
}
