/// Chapters set in two language columns side by side (Spain): the whole page twice, the national text in one column
/// and the English text in the other, line for line, section headings included (`2. DATOS GEOGRÁFICOS…` beside
/// `AERODROME GEOGRAPHICAL AND ADMINISTRATIVE DATA`).
///
/// Such a page shows a column gutter (``PDFLayout/columnGutter(_:extent:)``) with, on one line, a section heading on
/// each side naming the same section; the side whose heading names it by the template's English title is English.
/// Unlike text set in two columns (``PDFLayout/readingOrder(_:extents:)``), the columns are not read one after the
/// other: the English column is the document's body, and the national column is read beside it, each of its rows
/// paired with the English row starting on the same line.
extension PDFLayout {
    /// The English and the national lines of a document set in language columns (see above), nil for any other.
    /// Each line keeps its print position; its `columnRight` is the right edge of its column on the page (where its
    /// text wraps). Lines crossing the gutter (a title over both columns) are in both. `gutters` are the pages'
    /// ``columnGutter(_:extent:)``, when the caller has them already.
    static func languageColumns(_ pages: [[PDFLine]], extents: [ClosedRange<Double>?],
                                gutters: [Double?]? = nil) -> (english: [PDFLine], national: [PDFLine])? {
        let gutters = gutters ?? pages.indices.map { columnGutter(pages[$0], extent: extents[$0]) }
        var englishRight: Bool?
        for (lines, gutter) in zip(pages, gutters) {
            guard let gutter, englishRight == nil else { continue }
            for line in lines where !crosses(line, at: gutter) {
                let halves = [line.words.filter { $0.x1 <= gutter }, line.words.filter { $0.x1 > gutter }].map { PDFLine(page: line.page, words: $0) }
                guard !halves[0].words.isEmpty, !halves[1].words.isEmpty, let section = headingNumber(halves[0]),
                      headingNumber(halves[1]) == section else { continue }
                let english = halves.map { englishHeadingNumber($0) == section }
                if english[0] != english[1] { englishRight = english[1] }
            }
        }
        guard let englishRight else { return nil }
        var english: [PDFLine] = [], national: [PDFLine] = []
        for (index, lines) in pages.enumerated() {
            guard let gutter = gutters[index] else {
                english += lines
                continue
            }
            let free = lines.filter { !crosses($0, at: gutter) }
            let leftRight = free.flatMap { $0.words.filter { $0.x1 <= gutter } }.map(\.x1).max()
            let pageRight = extents[index]?.upperBound ?? free.flatMap(\.words).map(\.x1).max()
            for line in lines {
                if crosses(line, at: gutter) {
                    english.append(line)
                    national.append(line)
                    continue
                }
                var left = PDFLine(page: line.page, words: line.words.filter { $0.x1 <= gutter }, columnRight: leftRight)
                var right = PDFLine(page: line.page, words: line.words.filter { $0.x1 > gutter }, columnRight: pageRight)
                if !englishRight { swap(&left, &right) }
                if !right.words.isEmpty { english.append(right) }
                if !left.words.isEmpty { national.append(left) }
            }
        }
        return (english, national)
    }

    /// The section a heading names by its number and the template's English title, nil for a heading in another
    /// language.
    static func englishHeadingNumber(_ line: PDFLine) -> Int? {
        var title = line.words[...]
        if let first = title.first, itemNumber(first) != nil || first.text.hasPrefix("2.") { title = title.dropFirst() }
        return AIPTitleWords.section(titles: [PDFLine.join(Array(title))], englishOnly: true)
    }
}

/// One row of a section set as `Label: value` runs without item numbers (Spain): its label, the lines of its value,
/// and where it starts (page, height, and which of the keyed parts of its first line it is).
struct PDFKeyedRow {
    var page: Int
    var order: Double
    var part: Int
    var label: [PDFWord]
    var value: [PDFLayout.CellLine]
}

extension PDFLayout {
    /// The rows of a section set as `Label: value` runs (see ``PDFKeyedRow``), and the lines before the first row;
    /// nil when fewer than two lines in three at the text's left edge start with a label (a table, not such runs).
    /// `edges` holds the left edge of the body text of each page (default: of the section's lines there): a section
    /// running on over a page may have no line at the edge there.
    ///
    /// A row starts on a line at the left edge of its page's text whose first words, at most eight, end in a colon
    /// (`Distance and direction from the city:`); the rest of the line and the lines below it up to the next row
    /// (indented, or at the edge without such a label) are its value. A row's first line holding several keys after
    /// column gutters (`TEL: +34…   FAX: +34…`) holds that many rows, one per key.
    static func keyedRows(_ lines: [PDFLine], edges: [Int: Double] = [:]) -> (rows: [PDFKeyedRow], before: [PDFLine])? {
        let left = edges.merging(Dictionary(grouping: lines, by: \.page).mapValues { $0.compactMap { $0.words.first?.x0 }.min() ?? 0 }) { edge, _ in edge }
        let right = Dictionary(grouping: lines, by: \.page).mapValues { $0.compactMap { $0.words.last?.x1 }.max() ?? 0 }
        var rows: [PDFKeyedRow] = [], before: [PDFLine] = []
        var edgeLines = 0, keyedLines = 0
        for line in lines {
            guard let first = line.words.first else { continue }
            let columnRight = line.columnRight ?? right[line.page] ?? 0
            let atEdge = first.x0 < (left[line.page] ?? 0) + PDFColumns.slack(first.height)
            edgeLines += atEdge ? 1 : 0
            if atEdge, let key = keyOf(line.words[...]) {
                keyedLines += 1
                var part = 0
                var rest = key.rest
                var label = key.label
                // Further keys after a gutter on the same line start rows of their own.
                while true {
                    let gap = rest.indices.dropFirst().first { index in
                        rest[index].x0 - rest[index - 1].x1 >= PDFColumns.minimumGutter(rest[index].height) && keyOf(rest[index...]) != nil
                    }
                    let value = gap.map { Array(rest[..<$0]) } ?? Array(rest)
                    rows.append(PDFKeyedRow(page: line.page, order: line.order, part: part, label: label, value: [(value, columnRight, false)]))
                    guard let gap, let next = keyOf(rest[gap...]) else { break }
                    (label, rest, part) = (next.label, next.rest, part + 1)
                }
            } else if !rows.isEmpty {
                rows[rows.count - 1].value.append((line.words, columnRight, false))
            } else {
                before.append(line)
            }
        }
        guard !rows.isEmpty, keyedLines * 3 >= edgeLines * 2 else { return nil }
        return (rows, before)
    }

    /// The label (colon dropped) and the words after it when `words` start with a key: at most eight words, the
    /// last ending in a colon, none before it ending a sentence.
    static func keyOf(_ words: ArraySlice<PDFWord>) -> (label: [PDFWord], rest: [PDFWord])? {
        guard let (label, rest) = labelToColon(words.prefix(8)), !label.isEmpty,
              !label.dropLast().contains(where: { [".", ";", ":"].contains(where: $0.text.hasSuffix) }) else { return nil }
        return (label, rest + Array(words.dropFirst(8)))
    }

    /// The rows of a section set as `Label: value` runs (``keyedRows(_:)``), each with the row of the `national`
    /// column starting on the same line beside it (label and value in `altLabel`/`altValue`), placed on the
    /// catalogue items their labels name (``placedByLabel(_:section:unplaced:)``); nil when the section is no such
    /// runs. `body` holds the body lines of each page, `nationalBody` those of the national column.
    static func keyedItems(_ lines: [PDFLine], national: [PDFLine], section: Int, body: [Int: [PDFLine]],
                           nationalBody: [Int: [PDFLine]]) -> PDFLabelledRows? {
        func edges(_ pages: [Int: [PDFLine]]) -> [Int: Double] { pages.mapValues { $0.compactMap { $0.words.first?.x0 }.min() ?? 0 } }
        guard let (rows, before) = keyedRows(lines, edges: edges(body)) else { return nil }
        let beside = keyedRows(national, edges: edges(nationalBody))?.rows ?? []
        let items = rows.map { row in
            let other = beside.first { $0.page == row.page && $0.part == row.part && abs($0.order - row.order) < 0.5 * (row.label.first?.height ?? 0) }
            return PDFItem(number: 0, page: row.page, label: labelText(row.label), value: joinLines(row.value, joiner: "\n"),
                           altValue: other.map { joinLines($0.value, joiner: "\n") }, altLabel: other.map { labelText($0.label) })
        }
        return placedByLabel(items, section: section, unplaced: before)
    }
}
