/// Finds named columns in a sheet's first non-empty row, by name, ignoring case and surrounding spaces.
struct RulesHeader {
    /// Column index by lower-cased name (the first column of a repeated name).
    let indexes: [String: Int]
    /// The header row's index in ``RulesSheet/rows``.
    let rowIndex: Int
    /// Names given to more than one column.
    private let repeated: [String]

    /// The first non-empty row of `sheet`, or nil when the sheet is empty. Whether it is a header is the caller's
    /// decision (answer sheets may have none).
    init?(_ sheet: RulesSheet) {
        guard let rowIndex = sheet.rows.firstIndex(where: { !$0.isEmpty }) else { return nil }
        var indexes: [String: Int] = [:]
        var repeated: [String] = []
        for (column, cell) in sheet.rows[rowIndex].cells.enumerated() where !cell.isEmpty {
            let name = cell.lowercased()
            if indexes[name] == nil { indexes[name] = column } else if !repeated.contains(cell) { repeated.append(cell) }
        }
        self.indexes = indexes
        self.rowIndex = rowIndex
        self.repeated = repeated
    }

    /// Whether the row names any of `names`.
    func names(any names: [String]) -> Bool { names.contains { indexes[$0.lowercased()] != nil } }

    /// The names of `required` that the header lacks.
    func missing(_ required: [String]) -> [String] { required.filter { indexes[$0.lowercased()] == nil } }

    func index(_ name: String) -> Int? { indexes[name.lowercased()] }

    /// - Throws: ``SourceError`` `.duplicateColumns` when, read as a header, the row names a column twice: which one
    ///   holds the data would be ambiguous.
    func requireUniqueNames(in sheet: RulesSheet) throws(SourceError) {
        guard !repeated.isEmpty else { return }
        throw SourceError(file: sheet.file, kind: .duplicateColumns(repeated),
                          reason: "names column\(repeated.count == 1 ? "" : "s") \(repeated.joined(separator: ", ")) more than once (\(sheet.describe(sheet.rows[rowIndex]))); fix the header")
    }
}
