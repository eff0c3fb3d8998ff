/// Sections set as running text rather than as a table (Denmark): an item starts a line with its number, then its
/// label up to a colon, then its value, on that line and the lines below (`1. AD Administration: MON-FRI 0700-1500`,
/// or `3. Health and sanitation:` then `MON-FRI 0800-1600` below). There is no value column to find, so the label
/// ends at the colon instead.
extension PDFLayout {
    /// The section's lines as a table (tried when ``table(_:body:valueRight:)`` finds no value column): on a line
    /// starting with an item number at the text's left edge, the label is the words up to the first one ending in
    /// a colon (the colon dropped) and the value the rest; a numbered line without a colon is all label, its value
    /// below. Further lines are value text; lines before the first number are kept as label text, so that they do
    /// not look like a value centred above it (``PDFTable/showsCentredNumbers``), and are reported as unplaced.
    /// Nil when no line starts with item 1, or when fewer than half the numbered lines show a label ending in a colon:
    /// such a section is no running text but a table whose columns were not found, reported rather than guessed.
    ///
    /// Values wrap at the widest line of the page's `body` that starts at its left text edge: on a page read column
    /// by column every column line starts there (the right column moved onto it), while a title set over both
    /// columns, centred, does not, and would otherwise make every line of the columns look short.
    static func runningTextTable(_ lines: [PDFLine], body: [Int: [PDFLine]]) -> PDFTable? {
        let left = Dictionary(grouping: lines, by: \.page).mapValues { $0.compactMap { $0.words.first?.x0 }.min() ?? 0 }
        let valueRight = Dictionary(uniqueKeysWithValues: left.keys.map { page in
            let lines = body[page] ?? []
            let edge = lines.compactMap { $0.words.first?.x0 }.min() ?? 0
            return (page, lines.filter { ($0.words.first?.x0 ?? .infinity) < edge + 20 }.compactMap { $0.words.last?.x1 }.max() ?? 0)
        })
        var numbered = false, keyed = 0, numberedLines = 0
        let split = lines.map { line -> PDFTableLine in
            let right = valueRight[line.page] ?? 0
            guard let first = line.words.first, line.words.count > 1, itemNumber(first) != nil, first.x0 < (left[line.page] ?? 0) + 20 else {
                return PDFTableLine(line: line, number: nil, label: numbered ? [] : line.words, value: numbered ? line.words : [],
                                    labelRight: right, valueRight: right)
            }
            numbered = true
            numberedLines += 1
            let rest = Array(line.words.dropFirst())
            let colon = rest.firstIndex { $0.text.hasSuffix(":") }
            keyed += colon == nil ? 0 : 1
            let end = colon.map { $0 + 1 } ?? rest.count
            var label = Array(rest[..<end])
            if var last = label.popLast() {
                last.text = String(last.text.dropLast(last.text.hasSuffix(":") ? 1 : 0))
                if !last.text.isEmpty { label.append(last) }
            }
            return PDFTableLine(line: line, number: first, label: label, value: Array(rest[end...]), labelRight: right, valueRight: right)
        }
        return keyed * 2 >= numberedLines ? Self.numbered(split) : nil
    }
}
