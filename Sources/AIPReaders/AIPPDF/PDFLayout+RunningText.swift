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
    /// Values wrap at `valueRight`, the page's right text edge (a text column's, on a page read column by column).
    /// Nil when no line starts with item 1.
    static func runningTextTable(_ lines: [PDFLine], valueRight: [Int: Double]) -> PDFTable? {
        let left = Dictionary(grouping: lines, by: \.page).mapValues { $0.compactMap { $0.words.first?.x0 }.min() ?? 0 }
        var numbered = false
        let split = lines.map { line -> PDFTableLine in
            let right = valueRight[line.page] ?? 0
            guard let first = line.words.first, line.words.count > 1, itemNumber(first) != nil, first.x0 < (left[line.page] ?? 0) + 20 else {
                return PDFTableLine(line: line, number: nil, label: numbered ? [] : line.words, value: numbered ? line.words : [],
                                    labelRight: right, valueRight: right)
            }
            numbered = true
            let rest = Array(line.words.dropFirst())
            let end = rest.firstIndex { $0.text.hasSuffix(":") }.map { $0 + 1 } ?? rest.count
            var label = Array(rest[..<end])
            if var last = label.popLast() {
                last.text = String(last.text.dropLast(last.text.hasSuffix(":") ? 1 : 0))
                if !last.text.isEmpty { label.append(last) }
            }
            return PDFTableLine(line: line, number: first, label: label, value: Array(rest[end...]), labelRight: right, valueRight: right)
        }
        return Self.numbered(split)
    }
}
