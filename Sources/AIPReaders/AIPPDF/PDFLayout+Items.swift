/// One numbered item of an AD 2 table as printed.
struct PDFItem: Sendable, Equatable {
    var number: Int
    /// The page where the item number is printed.
    var page: Int
    /// Sub-row labels joined by ` / `, a wrapped label by a space.
    var label: String
    /// Value lines joined by `\n`, a wrapped line by a space: the English half of a cell split by language.
    var value: String
    /// The national half of a value cell split by language, nil when the cell is not split.
    var altValue: String?
}

/// One line of a section split into its columns.
private struct SplitLine {
    var line: PDFLine
    var number: PDFWord?
    var label: [PDFWord]
    var value: [PDFWord]
    /// The split column of a cell split by language, when this line shows one (see ``PDFColumns/languageSplitX``).
    var languageSplitX: Double?
    /// The right edges of the label and value columns on this line's page: the widest text there.
    var labelRight = 0.0
    var valueRight = 0.0
    var altValueRight = 0.0
    var isNumberOnly: Bool { number != nil && label.isEmpty && value.isEmpty }
}

/// A section's lines split into columns, with the lines where item numbers 1, 2, 3… stand.
struct PDFTable {
    fileprivate var split: [SplitLine]
    /// Indices in `split` of the lines carrying item numbers, in order.
    fileprivate var starts: [Int]

    /// Whether this table shows that numbers are vertically centred in their rows: a number stands on a line of
    /// its own, or text of the value column comes before item 1.
    var showsCentredNumbers: Bool {
        guard let first = starts.first else { return false }
        return starts.contains { split[$0].isNumberOnly } || split[..<first].contains { !$0.value.isEmpty }
    }
}

extension PDFLayout {
    /// The section's lines (after its heading) split into number, label and value columns, nil when no line starts
    /// with item number 1. `pageRight` is the right edge of the body text of each page.
    static func table(_ lines: [PDFLine], pageRight: [Int: Double]) -> PDFTable? {
        var split: [SplitLine] = []
        var columns: PDFColumns?
        for pageLines in Dictionary(grouping: lines, by: \.page).sorted(by: { $0.key < $1.key }).map(\.value) {
            columns = self.columns(pageLines) ?? columns
            guard let columns else { return nil }
            var page = pageLines.map { splitLine($0, columns) }
            // Labels wrap at the widest label; values, in the last column, at the page's text margin.
            let labelRight = page.flatMap(\.label).map(\.x1).max() ?? 0
            let valueRight = pageRight[pageLines[0].page] ?? 0
            let altValueRight = columns.languageSplitX.map { splitX in
                page.flatMap(\.value).filter { $0.x0 < splitX - PDFColumns.slack }.map(\.x1).max() ?? 0
            } ?? 0
            for index in page.indices {
                (page[index].labelRight, page[index].valueRight, page[index].altValueRight) = (labelRight, valueRight, altValueRight)
            }
            split += page
        }
        // Item numbers in sequence; a number out of sequence is text of its row.
        var starts: [Int] = []
        for index in split.indices {
            guard let number = split[index].number else { continue }
            if number.text.trimmingSuffix(".") == String(starts.count + 1) { starts.append(index) } else {
                split[index].label.insert(number, at: 0)
                split[index].number = nil
            }
        }
        return starts.isEmpty ? nil : PDFTable(split: split, starts: starts)
    }

    /// The numbered items of a table, and the lines that belong to no item.
    ///
    /// Rows are delimited by the item numbers. Two placements exist, and a document uses one throughout: numbers
    /// on the first line of their row (a row then runs to the next number), or vertically `centred` in rows of
    /// labelled sub-rows (a row then runs from the first line not yet taken down to as far below its number as its
    /// first line is above it).
    static func items(_ table: PDFTable, centred: Bool) -> (items: [PDFItem], unplaced: [PDFLine]) {
        let (split, starts) = (table.split, table.starts)
        var owner = [Int?](repeating: nil, count: split.count)
        var next = 0
        for (k, start) in starts.enumerated() {
            let centre = split[start].line.order
            let end = k + 1 < starts.count ? split[starts[k + 1]].line.order - 0.35 * split[starts[k + 1]].line.height : .infinity
            if !centred { next = start }
            while next < split.count, split[next].isNumberOnly, next != start { next += 1 }
            guard next < split.count else { break }
            let top = split[next].line
            let limit = centred && top.page == split[start].line.page ? max(centre, 2 * centre - top.order) + top.height : end
            while next < split.count, split[next].line.order < end, split[next].line.order <= limit {
                owner[next] = k
                next += 1
            }
        }
        var items: [PDFItem] = []
        for (k, start) in starts.enumerated() {
            let rows = split.indices.filter { owner[$0] == k }.map { split[$0] }
            // A label after the item's first one starts a sub-row: its value starts a new line.
            let firstLabel = rows.firstIndex { !$0.label.isEmpty } ?? rows.count
            let startsSubRow = rows.indices.map { $0 > firstLabel && !rows[$0].label.isEmpty }
            // A cell split by language has a national half (left) and an English one (right), its lines taken
            // apart at the split column; a shared cell is all `value`.
            let splitX = rows.lazy.compactMap(\.languageSplitX).first
            let english = rows.indices.map { index in
                (rows[index].value.filter { $0.x0 >= (splitX ?? -.infinity) - PDFColumns.slack }, rows[index].valueRight, startsSubRow[index])
            }
            let national = rows.indices.map { index in
                (rows[index].value.filter { $0.x0 < (splitX ?? -.infinity) - PDFColumns.slack }, rows[index].altValueRight, startsSubRow[index])
            }
            items.append(PDFItem(number: k + 1, page: split[start].line.page,
                                 label: joinLines(rows.map { ($0.label, $0.labelRight, false) }, joiner: " / "),
                                 value: joinLines(english, joiner: "\n"),
                                 altValue: splitX == nil ? nil : joinLines(national, joiner: "\n")))
        }
        let unplaced = split.indices.filter { owner[$0] == nil && !split[$0].isNumberOnly && !starts.contains($0) }.map { split[$0].line }
        return (items, unplaced)
    }

    private static func splitLine(_ line: PDFLine, _ columns: PDFColumns) -> SplitLine {
        var words = line.words[...]
        var number: PDFWord?
        if let first = words.first, itemNumber(first) != nil, first.x0 < columns.labelX - PDFColumns.slack {
            number = first
            words = words.dropFirst()
        }
        let label = words.filter { $0.x0 < columns.valueX - PDFColumns.slack }
        let value = Array(words.filter { $0.x0 >= columns.valueX - PDFColumns.slack })
        // A line shows a cell split by language when a word starts at the split column after more than a space;
        // text merely running across the column is a shared cell.
        let showsSplit = columns.languageSplitX.map { splitX in
            value.indices.contains { index in
                abs(value[index].x0 - splitX) <= PDFColumns.slack
                    && (index == 0 || value[index].x0 - value[index - 1].x1 >= 0.4 * value[index].height)
            }
        } ?? false
        return SplitLine(line: line, number: number, label: Array(label), value: value,
                         languageSplitX: showsSplit ? columns.languageSplitX : nil)
    }

    /// Joins the lines of one cell. A line continues the one before it (with a space, or with nothing after a `/`
    /// or a `-`, which is kept: a dictionary would be needed to tell a typesetting hyphen from a real one) when the
    /// line before wrapped: the next line's first word would not have fitted after it, up to `right` (the column's
    /// right edge on the page). A line that starts a sub-row (`newRow`, it has its own label), starts with a key
    /// (`TEL:`, `On-stand de-icing:`, `Address :`; capitalised, unlike a wrapped `information:`), or follows a sentence's end with a capital, starts a new line (`joiner`).
    static func joinLines(_ lines: [(words: [PDFWord], right: Double, newRow: Bool)], joiner: String) -> String {
        var text = ""
        var previous: [PDFWord]?
        for (line, right, newRow) in lines where !line.isEmpty {
            let current = PDFLine.join(line)
            if let previous, let last = previous.last, let first = line.first {
                let space = max(2, 0.25 * first.height)
                let fits = last.x1 + space + (first.x1 - first.x0) <= right + 1
                let sentenceEnd = [".", ":", ";"].contains(where: last.text.hasSuffix) && first.text.first.map { $0.isUppercase || $0.isNumber } == true
                let startsWithKey = first.text.first.map { $0.isUppercase || $0.isNumber } == true
                    && line.prefix(3).contains { $0.text.hasSuffix(":") }
                if fits || newRow || sentenceEnd || startsWithKey {
                    text += joiner
                } else if !(text.hasSuffix("/") || text.hasSuffix("-")) {
                    text += " "
                }
            }
            text += current
            previous = line
        }
        return text
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
