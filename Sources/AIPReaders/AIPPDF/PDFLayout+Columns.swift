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
    /// The height of the table's text (``PDFLayout/textHeight(_:)``), the unit of its lengths.
    var em: Double

    var slack: Double { Self.slack(em) }

    // Every length the layout compares is a multiple of the height of the text concerned (its words' boxes, about
    // the font size), none is in points: a chapter set in 6-point type reads like one set in 10.

    /// Rounding slack for text of `height`: words of one column start within a few tenths of a line of each other.
    static func slack(_ height: Double) -> Double { 0.4 * height }

    /// The narrowest gap between two words that parts columns (a gutter) for text of `height`: wider than any
    /// space between words, even a justified one.
    static func minimumGutter(_ height: Double) -> Double { 0.8 * height }

    /// How far right of the text's left edge an item number may start for text of `height`: the width of a
    /// number column (`12.` and its gap).
    static func numberColumnWidth(_ height: Double) -> Double { 2.4 * height }
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
    /// The label column starts where lines start right of the numbers (``labelColumn(_:numberX:numbered:em:)``);
    /// the value column at the word after the first wide gap (a column gutter, wider than any space between words)
    /// on lines that start in the number or label column: the leftmost position where a third as many lines as at
    /// the commonest one (and two at least) start their value, so that a label running into the value column or a
    /// tab inside a value does not move it, and a page read column by column, whose right column's values start
    /// further right once moved below the left one (Denmark), keeps the left column's.
    static func columns(_ lines: [PDFLine]) -> PDFColumns? {
        guard let left = lines.compactMap({ $0.words.first?.x0 }).min() else { return nil }
        let em = textHeight(lines), slack = PDFColumns.slack(em)
        let numbered = lines.filter { line in
            guard let first = line.words.first else { return false }
            return itemNumber(first) != nil && first.x0 < left + PDFColumns.numberColumnWidth(em)
        }
        guard let numberX = numbered.first?.words[0].x0 else { return nil }
        guard let labelX = labelColumn(lines, numberX: numberX, numbered: numbered.count, em: em) else { return nil }
        var valueStarts: [Double] = []
        for line in lines {
            var words = line.words[...]
            if let first = words.first, itemNumber(first) != nil, first.x0 < labelX - slack { words = words.dropFirst() }
            guard let start = words.first, start.x0 < labelX + 3 * slack else { continue }
            let gutter = PDFColumns.minimumGutter(start.height)
            for (previous, next) in zip(words, words.dropFirst()) where next.x0 - previous.x1 >= gutter {
                valueStarts.append(next.x0)
                break
            }
        }
        guard let valueX = commonestLeftmost(valueStarts, slack: slack) else { return nil }
        return PDFColumns(numberX: numberX, labelX: labelX, valueX: valueX, em: em)
    }

    /// The left edge of the label column: the leftmost position right of the item numbers where lines start (the
    /// number set aside) on two lines or more (one in a table of one item) and a quarter as many as there are
    /// numbers. Not the word after each
    /// number: a number centred in its row stands beside a value, or alone (Czechia).
    static func labelColumn(_ lines: [PDFLine], numberX: Double, numbered: Int, em: Double) -> Double? {
        let slack = PDFColumns.slack(em)
        let starts = lines.compactMap { line -> Double? in
            var words = line.words[...]
            if let first = words.first, itemNumber(first) != nil, first.x0 < numberX + slack { words = words.dropFirst() }
            return words.first?.x0
        }.filter { $0 > numberX + slack }.sorted()
        return starts.first { start in starts.count { $0 >= start && $0 - start <= slack } >= max(min(2, numbered), numbered / 4) }
    }

    /// The height of the text of `lines`: the median height of their words' boxes (about the font size).
    static func textHeight(_ lines: [PDFLine]) -> Double {
        median(lines.flatMap { $0.words.map(\.height) }) ?? 0
    }

    /// The left edge of the second language half of split value cells: the start of text after a gutter inside
    /// the value column, in its right part, found at one position (within the slack) on at least three lines.
    /// Tab-aligned keys (`Post:   Aéroport`) sit near the value column's left edge and do not count.
    static func languageSplit(_ lines: [PDFLine], valueX: Double) -> Double? {
        guard let right = lines.compactMap({ $0.words.last?.x1 }).max(), right > valueX else { return nil }
        let earliest = valueX + 0.35 * (right - valueX)
        let slack = PDFColumns.slack(textHeight(lines))
        var starts: [Double] = []
        for line in lines {
            let words = line.words.filter { $0.x0 >= valueX - slack }
            for (previous, next) in zip(words, words.dropFirst()) where next.x0 >= earliest && next.x0 - previous.x1 >= PDFColumns.minimumGutter(next.height) {
                starts.append(next.x0)
                break
            }
        }
        guard let split = median(starts) else { return nil }
        return starts.count { abs($0 - split) <= slack } >= 3 ? split : nil
    }

    /// The leftmost of `starts` that a third as many others as the commonest one start at (within `slack`), and
    /// two at least when there are two; nil without starts.
    static func commonestLeftmost(_ starts: [Double], slack: Double) -> Double? {
        let sorted = starts.sorted()
        let support = sorted.map { start in sorted.count { $0 >= start && $0 - start <= slack } }
        guard let most = support.max() else { return nil }
        return sorted.indices.first { support[$0] * 3 >= most && support[$0] >= min(2, sorted.count) }.map { sorted[$0] }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.sorted()[values.count / 2]
    }
}
