/// One line of a section split into its columns.
struct PDFTableLine {
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

    /// How far the line's value sits below its label (bottom to bottom; negative above), nil without label or
    /// value: the cells of one table row sit alike in every row, whatever padding their table gives each column.
    var valueOffset: Double? {
        guard let label = label.first, let value = value.first else { return nil }
        return value.y1 - label.y1
    }
}

/// A section's lines split into columns, with the lines where item numbers 1, 2, 3… stand.
struct PDFTable {
    var split: [PDFTableLine]
    /// Indices in `split` of the lines carrying item numbers, in order.
    var starts: [Int]

    /// Whether this table shows that numbers are vertically centred in their rows: a number stands on a line of
    /// its own, or text of the value column comes before item 1.
    var showsCentredNumbers: Bool {
        guard let first = starts.first else { return false }
        return starts.contains { split[$0].isNumberOnly } || split[..<first].contains { !$0.value.isEmpty }
    }

    /// The label cells: runs of lines with label text no further apart than a wrapped line (1.25 label heights),
    /// with only bare item numbers between them, as ranges of `split` indices. A line with an item number beside
    /// its label starts a new cell.
    var labelBlocks: [ClosedRange<Int>] {
        var blocks: [ClosedRange<Int>] = []
        for index in split.indices where !split[index].label.isEmpty {
            if let last = blocks.last, split[index].number == nil, split[last.upperBound].line.page == split[index].line.page,
               split[index].line.order - split[last.upperBound].line.order <= 1.25 * (split[index].label.map(\.height).max() ?? 0),
               split[(last.upperBound + 1)..<index].allSatisfy(\.isNumberOnly) {
                blocks[blocks.count - 1] = last.lowerBound...index
            } else {
                blocks.append(index...index)
            }
        }
        return blocks
    }

    /// The label cell each item number sits in (vertically within it), nil when some number sits in none: the
    /// number is then centred over several label cells.
    var numberedBlocks: [(block: ClosedRange<Int>, number: Int?)]? {
        var numbered = labelBlocks.map { (block: $0, number: Int?.none) }
        for (k, start) in starts.enumerated() {
            let y = split[start].line.order, tolerance = 0.5 * split[start].line.height
            guard let index = numbered.firstIndex(where: { y >= split[$0.block.lowerBound].line.order - tolerance
                && y <= split[$0.block.upperBound].line.order + tolerance }), numbered[index].number == nil else { return nil }
            numbered[index].number = k + 1
        }
        return numbered
    }

    /// How many items the table has, and how many of them hold an even number (two or more) of label cells: a
    /// table printing each item's label and value in the national language, then again in English below
    /// (Italy), has most of its items paired.
    var pairedLabelItems: (items: Int, paired: Int) {
        (starts.count, labelCellsByItem.count { $0.count >= 2 && $0.count % 2 == 0 })
    }

    /// The distance from an item's national label row to its English one, in a table stacking the languages in
    /// pairs of rows: the median, over the items whose national label is one line, of the distance between the
    /// tops of their first two label cells on one page; nil without such an item.
    var languageRowPitch: Double? {
        let pitches = labelCellsByItem.compactMap { cells -> Double? in
            guard cells.count == 2, cells[0].count == 1, let national = split[cells[0].lowerBound].label.first,
                  let english = split[cells[1].lowerBound].label.first, national.page == english.page else { return nil }
            return english.y0 - national.y0
        }
        return PDFLayout.median(pitches)
    }

    /// The label cells (``labelBlocks``) starting in each item's lines, item by item.
    var labelCellsByItem: [[ClosedRange<Int>]] {
        let blocks = labelBlocks
        return starts.indices.map { k in
            let lines = starts[k]..<(k + 1 < starts.count ? starts[k + 1] : split.count)
            return blocks.filter { lines.contains($0.lowerBound) }
        }
    }

    /// Whether every item number sits in a label cell (see ``PDFLayout/RowPlacement/centredRows``).
    var numbersSitInLabelCells: Bool { numberedBlocks != nil }
}

extension PDFLayout {
    /// The section's lines (after its heading) split into number, label and value columns, nil when no line starts
    /// with item number 1. `body` holds the body lines of each page: a language split column is looked for over
    /// the whole page (a section may hold too few split cells to show it). `valueRight` holds the right edge
    /// values wrap at on each page (see ``valueRight(body:all:)``).
    static func table(_ lines: [PDFLine], body: [Int: [PDFLine]], valueRight: [Int: Double]) -> PDFTable? {
        var split: [PDFTableLine] = []
        var columns: PDFColumns?
        for pageLines in Dictionary(grouping: lines, by: \.page).sorted(by: { $0.key < $1.key }).map(\.value) {
            let pageBody = body[pageLines[0].page] ?? pageLines
            if var found = self.columns(pageLines) {
                found.languageSplitX = languageSplit(pageBody, valueX: found.valueX)
                columns = found
            }
            guard let columns else { return nil }
            var page = pageLines.map { splitLine($0, columns) }
            // Labels wrap before the value column's gutter; values, in the last column, at the text's right edge.
            let labelRight = columns.valueX - PDFColumns.minimumGutter(columns.em)
            let valueRight = valueRight[pageLines[0].page] ?? pageBody.compactMap { $0.words.last?.x1 }.max() ?? 0
            let altValueRight = columns.languageSplitX.map { splitX in
                page.flatMap(\.value).filter { $0.x1 < splitX }.map(\.x1).max() ?? 0
            } ?? 0
            for index in page.indices {
                (page[index].labelRight, page[index].valueRight, page[index].altValueRight)
                    = (labelRight, page[index].line.columnRight ?? valueRight, altValueRight)
            }
            split += page
        }
        return numbered(split)
    }

    /// The table of lines split into columns, with its item numbers in sequence (a number out of sequence is text
    /// of its row), nil when there is no item 1.
    static func numbered(_ split: [PDFTableLine]) -> PDFTable? {
        var split = split
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

    /// The right edge of the body text on each page, where lines of the last column wrap: the widest body line of
    /// all the pages that share the page's text margin (the right edge of all its text, running header and footer
    /// included). Odd and even pages of a chapter have their margins apart (Switzerland: 559 and 525 points) but
    /// print their tables alike, so the widest line of any one of them is the nearest bound of the edge they
    /// share; the widest line of one page alone may stop well short of it (LSGS page 1: 539 points, where a
    /// 546-point line would have fitted).
    static func valueRight(body: [Int: [PDFLine]], all: [Int: [PDFLine]]) -> [Int: Double] {
        let margins = all.mapValues { textExtent($0)?.upperBound ?? 0 }
        let slack = PDFColumns.slack(textHeight(body.values.flatMap { $0 }))
        return Dictionary(uniqueKeysWithValues: body.keys.map { page in
            let alike = body.filter { abs((margins[$0.key] ?? 0) - (margins[page] ?? 0)) <= slack }
            return (page, textExtent(alike.values.flatMap { $0 })?.upperBound ?? 0)
        })
    }

    private static func splitLine(_ line: PDFLine, _ columns: PDFColumns) -> PDFTableLine {
        var words = line.words[...]
        var number: PDFWord?
        if let first = words.first, itemNumber(first) != nil, first.x0 < columns.labelX - columns.slack {
            number = first
            words = words.dropFirst()
        }
        var label = words.filter { $0.x0 < columns.valueX - columns.slack }
        var value = Array(words.filter { $0.x0 >= columns.valueX - columns.slack })
        // A label ends at its colon: words after it on the line are value even left of the value column (a row set
        // over the whole width, Denmark's `7. Remarks: NIL`).
        if let colon = label.dropLast().firstIndex(where: { $0.text.hasSuffix(":") }) {
            value = Array(label[(colon + 1)...]) + value
            label = Array(label[...colon])
        }
        // A line shows a cell split by language when a word starts at the split column after more than a space;
        // text merely running across the column is a shared cell.
        let showsSplit = columns.languageSplitX.map { splitX in
            value.indices.contains { index in
                abs(value[index].x0 - splitX) <= columns.slack
                    && (index == 0 || value[index].x0 - value[index - 1].x1 >= 0.4 * value[index].height)
            }
        } ?? false
        return PDFTableLine(line: line, number: number, label: Array(label), value: value,
                            languageSplitX: showsSplit ? columns.languageSplitX : nil)
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
