import AIPReaders

/// Source keys that double as row ids (OurAirports airport and runway ids, GeoNames `geonameid`) must be unique:
/// a repeated id would fail the table's primary key, or silently attach children to the wrong parent.
public enum SourceKeys {
    /// Keeps the rows that are the first of their key in the whole file, in the given order; each other row becomes
    /// a `row_rejected` finding that names the line of the first one.
    ///
    /// - Parameter firstLines: the first line of each key in the whole file. `rows` may be only some of its rows
    ///   (those in scope): a row that repeats the key of an earlier row left out of `rows` is a repeat too. The map
    ///   is only read, never copied: for a whole-world file it is large.
    public static func keepingFirst<Row>(
        _ rows: [Row], key: (Row) -> Int, line: (Row) -> Int, file: String, column: String, firstLines: [Int: Int]
    ) -> (kept: [Row], findings: [Finding]) {
        var kept: [Row] = []
        kept.reserveCapacity(rows.count)
        var findings: [Finding] = []
        for row in rows {
            let id = key(row), rowLine = line(row)
            let first = firstLines[id] ?? rowLine
            if first == rowLine {
                kept.append(row)
            } else {
                findings.append(repeatFinding(file: file, line: rowLine, column: column, key: id, firstLine: first))
            }
        }
        return (kept, findings)
    }

    /// The finding for a row whose key an earlier row (at `firstLine`) already has.
    public static func repeatFinding(file: String, line: Int, column: String, key: Int, firstLine: Int) -> Finding {
        Finding(file: file, line: line, code: .rowDuplicateKey, column: column, value: String(key),
                reason: "has the same \(column) as the row at line \(firstLine); only the first row with a given \(column) is used",
                action: .rowRejected)
    }
}
