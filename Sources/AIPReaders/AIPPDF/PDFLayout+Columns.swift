/// Where the columns of one table start on one page, found from the words' positions.
struct PDFColumns: Sendable, Equatable {
    /// Left edge of the item numbers (the leftmost text).
    var numberX: Double
    /// Left edge of the labels.
    var labelX: Double
    /// Left edge of the values: a word starting at or right of it is value text.
    var valueX: Double
    /// Left edge of the second half of value cells split by language (French | English), nil when the page has
    /// no such cells.
    var languageSplitX: Double?

    /// Rounding slack: words of one column start within a point or two of each other.
    static let slack = 3.0

    /// The narrowest gap between two words that parts columns (a gutter) for text of `height`: wider than any
    /// space between words, even a justified one.
    static func minimumGutter(_ height: Double) -> Double { max(6, 0.8 * height) }
}

extension PDFLayout {
    /// An item number as printed in the number column: `1`, `12`, `1.`.
    static func itemNumber(_ word: PDFWord) -> Int? {
        var text = Substring(word.text)
        if text.hasSuffix(".") { text = text.dropLast() }
        guard (1...2).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The columns of the lines of one page of a section, nil when no line there starts with an item number.
    ///
    /// The label column starts at the word after the numbers; the value column at the word after the first wide
    /// gap (a column gutter, wider than any space between words) on lines that start in the number or label column,
    /// the median over those lines, so that a label running into the value column or a tab inside a value does not
    /// move it.
    static func columns(_ lines: [PDFLine]) -> PDFColumns? {
        guard let left = lines.compactMap({ $0.words.first?.x0 }).min() else { return nil }
        let numbered = lines.filter { line in
            guard let first = line.words.first else { return false }
            return itemNumber(first) != nil && first.x0 < left + 20
        }
        guard let numberX = numbered.first?.words[0].x0 else { return nil }
        let labelStarts = numbered.compactMap { $0.words.count > 1 ? $0.words[1].x0 : nil }
        let labelX = median(labelStarts) ?? numberX + 20
        var valueStarts: [Double] = []
        for line in lines {
            var words = line.words[...]
            if let first = words.first, itemNumber(first) != nil, first.x0 < labelX - PDFColumns.slack { words = words.dropFirst() }
            guard let start = words.first, start.x0 < labelX + 10 else { continue }
            let gutter = PDFColumns.minimumGutter(start.height)
            for (previous, next) in zip(words, words.dropFirst()) where next.x0 - previous.x1 >= gutter {
                valueStarts.append(next.x0)
                break
            }
        }
        guard let valueX = median(valueStarts) else { return nil }
        return PDFColumns(numberX: numberX, labelX: labelX, valueX: valueX)
    }

    /// The left edge of the second language half of split value cells: the start of text after a gutter inside
    /// the value column, in its right part, found at one position (within the slack) on at least three lines.
    /// Tab-aligned keys (`Post:   Aéroport`) sit near the value column's left edge and do not count.
    static func languageSplit(_ lines: [PDFLine], valueX: Double) -> Double? {
        guard let right = lines.compactMap({ $0.words.last?.x1 }).max(), right > valueX else { return nil }
        let earliest = valueX + 0.35 * (right - valueX)
        var starts: [Double] = []
        for line in lines {
            let words = line.words.filter { $0.x0 >= valueX - PDFColumns.slack }
            for (previous, next) in zip(words, words.dropFirst()) where next.x0 >= earliest && next.x0 - previous.x1 >= PDFColumns.minimumGutter(next.height) {
                starts.append(next.x0)
                break
            }
        }
        guard let split = median(starts) else { return nil }
        return starts.count { abs($0 - split) <= PDFColumns.slack } >= 3 ? split : nil
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
