/// Finds named columns in a sheet's first non-empty row, by name, ignoring case and surrounding spaces.
struct RulesHeader {
    /// Column index by lower-cased name.
    let indexes: [String: Int]
    /// The header row's index in ``RulesSheet/rows``.
    let rowIndex: Int

    /// The first non-empty row of `sheet` as a header, or nil when the sheet is empty.
    ///
    /// - Throws: ``SourceError`` `.duplicateColumns` when a name repeats.
    init?(_ sheet: RulesSheet) throws(SourceError) {
        guard let rowIndex = sheet.rows.firstIndex(where: { !$0.isEmpty }) else { return nil }
        let row = sheet.rows[rowIndex]
        var indexes: [String: Int] = [:]
        var repeated: [String] = []
        for (column, cell) in row.cells.enumerated() where !cell.isEmpty {
            let name = cell.lowercased()
            if indexes[name] == nil { indexes[name] = column } else if !repeated.contains(cell) { repeated.append(cell) }
        }
        if !repeated.isEmpty {
            throw SourceError(file: sheet.file, kind: .duplicateColumns(repeated),
                              reason: "names column\(repeated.count == 1 ? "" : "s") \(repeated.joined(separator: ", ")) more than once (\(sheet.describe(row))); fix the header")
        }
        self.indexes = indexes
        self.rowIndex = rowIndex
    }

    /// The names of `required` that the header lacks.
    func missing(_ required: [String]) -> [String] { required.filter { indexes[$0.lowercased()] == nil } }

    func index(_ name: String) -> Int? { indexes[name.lowercased()] }
}
