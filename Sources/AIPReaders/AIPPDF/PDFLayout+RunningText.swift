/// Sections set as running text rather than as a table (Denmark): an item starts a line with its number, then its
/// label up to a colon, then its value, on that line and the lines below (`1. AD Administration: MON-FRI 0700-1500`,
/// or `3. Health and sanitation:` then `MON-FRI 0800-1600` below). There is no value column to find, so the label
/// ends at the colon instead.
extension PDFLayout {
    /// The section's lines as a table (tried when ``table(_:body:valueRight:)`` finds no value column): on a line
    /// starting with an item number at the text's left edge, the label is the words up to the first one ending in
    /// a colon (the colon dropped) and the value the rest; a numbered line without a colon is all label, its value
    /// below, unless the next line starts with a small letter and has a colon: the label wrapped there
    /// (`6. AD operator, address, telephone,` / `telefax, e-mail: Testby Lufthavn`; a capitalised `TEL: 123` below a
    /// label is value). Further lines are value text; lines before the first number are kept as label text, so that
    /// they do not look like a value centred above it (``PDFTable/showsCentredNumbers``), and are reported as
    /// unplaced. Nil when no line starts with item 1, or when fewer than half the numbered lines show a label ending
    /// in a colon: such a section is no running text but a table whose columns were not found, reported rather than
    /// guessed.
    ///
    /// Values wrap at the widest line of the page's `body` that starts at its left text edge: on a page read column
    /// by column every column line starts there (the right column moved onto it), while a title set over both
    /// columns, centred, does not, and would otherwise make every line of the columns look short.
    static func runningTextTable(_ lines: [PDFLine], body: [Int: [PDFLine]]) -> PDFTable? {
        let left = Dictionary(grouping: lines, by: \.page).mapValues { $0.compactMap { $0.words.first?.x0 }.min() ?? 0 }
        let indent = PDFColumns.numberColumnWidth(textHeight(lines))
        let valueRight = Dictionary(uniqueKeysWithValues: left.keys.map { page in
            let lines = body[page] ?? []
            let edge = lines.compactMap { $0.words.first?.x0 }.min() ?? 0
            return (page, lines.filter { ($0.words.first?.x0 ?? .infinity) < edge + indent }.compactMap { $0.words.last?.x1 }.max() ?? 0)
        })
        var split: [PDFTableLine] = []
        var keyed = 0, numberedLines = 0
        // The numbered line just before, while its label has found no colon: a label may wrap onto the next line.
        var open: Int?
        for line in lines {
            let right = line.columnRight ?? valueRight[line.page] ?? 0
            func row(_ number: PDFWord?, label: [PDFWord], value: [PDFWord]) -> PDFTableLine {
                PDFTableLine(line: line, number: number, label: label, value: value, labelRight: right, valueRight: right)
            }
            guard let first = line.words.first, line.words.count > 1, itemNumber(first) != nil, first.x0 < (left[line.page] ?? 0) + indent else {
                if let index = open, line.words.first?.text.first?.isLowercase == true, let (label, rest) = labelToColon(line.words[...]) {
                    split[index].label += label
                    keyed += 1
                    split.append(row(nil, label: [], value: rest))
                } else {
                    split.append(numberedLines == 0 ? row(nil, label: line.words, value: []) : row(nil, label: [], value: line.words))
                }
                open = nil
                continue
            }
            numberedLines += 1
            let keyedLine = labelToColon(line.words.dropFirst())
            keyed += keyedLine == nil ? 0 : 1
            open = keyedLine == nil ? split.count : nil
            split.append(row(first, label: keyedLine?.label ?? Array(line.words.dropFirst()), value: keyedLine?.rest ?? []))
        }
        return keyed * 2 >= numberedLines ? Self.numbered(split) : nil
    }

    /// The words up to the first one ending in a colon (the colon dropped) and the words after it, nil without a colon.
    static func labelToColon(_ words: ArraySlice<PDFWord>) -> (label: [PDFWord], rest: [PDFWord])? {
        guard let colon = words.firstIndex(where: { $0.text.hasSuffix(":") }) else { return nil }
        var label = Array(words[..<colon]), key = words[colon]
        key.text.removeLast()
        if !key.text.isEmpty { label.append(key) }
        return (label, Array(words[(colon + 1)...]))
    }
}
