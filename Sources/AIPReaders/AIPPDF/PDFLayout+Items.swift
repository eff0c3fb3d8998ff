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
    /// The national label, when the document prints labels by language in separate cells.
    var altLabel: String? = nil
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

    /// The label cells: runs of lines with label text no further apart than a wrapped line (1.25 label heights),
    /// with only bare item numbers between them, as ranges of `split` indices. A line with an item number beside
    /// its label starts a new cell.
    fileprivate var labelBlocks: [ClosedRange<Int>] {
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
    fileprivate var numberedBlocks: [(block: ClosedRange<Int>, number: Int?)]? {
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
        let blocks = labelBlocks
        var paired = 0
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : split.count
            let count = blocks.count { (start..<end).contains($0.lowerBound) }
            if count >= 2 && count % 2 == 0 { paired += 1 }
        }
        return (starts.count, paired)
    }

    /// Whether every item number sits in a label cell (see ``PDFLayout/RowPlacement/centredRows``).
    var numbersSitInLabelCells: Bool { numberedBlocks != nil }
}

extension PDFLayout {
    /// The section's lines (after its heading) split into number, label and value columns, nil when no line starts
    /// with item number 1. `body` holds the body lines of each page: a language split column is looked for over
    /// the whole page (a section may hold too few split cells to show it), values wrap at its right edge.
    static func table(_ lines: [PDFLine], body: [Int: [PDFLine]]) -> PDFTable? {
        var split: [SplitLine] = []
        var columns: PDFColumns?
        for pageLines in Dictionary(grouping: lines, by: \.page).sorted(by: { $0.key < $1.key }).map(\.value) {
            let pageBody = body[pageLines[0].page] ?? pageLines
            if var found = self.columns(pageLines) {
                found.languageSplitX = languageSplit(pageBody, valueX: found.valueX)
                columns = found
            }
            guard let columns else { return nil }
            var page = pageLines.map { splitLine($0, columns) }
            // Labels wrap before the value column's gutter; values, in the last column, at the page's text margin.
            let labelRight = columns.valueX - 6
            let valueRight = pageBody.compactMap { $0.words.last?.x1 }.max() ?? 0
            let altValueRight = columns.languageSplitX.map { splitX in
                page.flatMap(\.value).filter { $0.x1 < splitX }.map(\.x1).max() ?? 0
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

    /// How the rows of a document's tables are laid out; one document uses one placement throughout.
    enum RowPlacement {
        /// Numbers and labels on the first line of their row: a row runs to the next number.
        case top
        /// Cell contents vertically centred, numbers centred over all the labelled sub-rows of their item (Belgium):
        /// a row runs from the first line not yet taken down to as far below its number as that line is above it.
        case centredItems
        /// Cell contents vertically centred in each table row, the number in the first row of its item, further
        /// labelled rows belonging to it (France): rows are found around each label cell, as above.
        case centredRows
    }

    /// The placement a document's tables show: `top` unless some table shows centred numbers; then `centredRows`
    /// when every number sits in a label cell, else `centredItems`.
    static func rowPlacement(_ tables: [PDFTable]) -> RowPlacement {
        guard tables.contains(where: \.showsCentredNumbers) else { return .top }
        return tables.allSatisfy(\.numbersSitInLabelCells) ? .centredRows : .centredItems
    }

    /// Whether a document's value cells are split by language anywhere (then its labels are bilingual too).
    static func splitsLanguages(_ tables: [PDFTable]) -> Bool {
        tables.contains { $0.split.contains { $0.languageSplitX != nil } }
    }

    /// Whether a document's tables stack the languages in each item (national label and value, then English label
    /// and value): half of all items or more have their label cells in pairs (the others print one label for both
    /// languages; a table of sub-rows has a few paired items at most).
    static func stacksLanguages(_ tables: [PDFTable]) -> Bool {
        let counts = tables.map(\.pairedLabelItems)
        let items = counts.reduce(0) { $0 + $1.items }, paired = counts.reduce(0) { $0 + $1.paired }
        return items > 0 && paired * 2 >= items
    }

    /// The numbered items of a table, and the lines that belong to no item.
    ///
    /// With `stacked` languages, an item's label cells pair up (national, English): the lines from a national label
    /// to its English one are national text, the lines from the English label to the next pair English text. A
    /// pair whose English label has no value shares the national value (printed once for both languages).
    ///
    /// With `splitLabels` (a document whose value cells are split by language), each label cell is national and
    /// English too: `Douanes et police / Customs and immigration`, or two lines without a slash (national first);
    /// a label without either (`ATS`) serves both.
    static func items(_ table: PDFTable, placement: RowPlacement, stacked: Bool = false,
                      splitLabels: Bool = false) -> (items: [PDFItem], unplaced: [PDFLine]) {
        let split = table.split
        // Anchors: what a row is centred on (or starts with), and the item number it carries, if any.
        let anchors: [(lines: ClosedRange<Int>, number: Int?)]
        if placement == .centredRows, let blocks = table.numberedBlocks {
            anchors = blocks.map { ($0.block, $0.number) }
        } else {
            anchors = table.starts.enumerated().map { ($1...$1, $0 + 1) }
        }
        var owner = [Int?](repeating: nil, count: split.count)
        var next = 0
        for (a, anchor) in anchors.enumerated() {
            let first = split[anchor.lines.lowerBound].line, last = split[anchor.lines.upperBound].line
            let centre = (first.order + last.order) / 2
            let end = a + 1 < anchors.count ? split[anchors[a + 1].lines.lowerBound].line.order - 0.35 * first.height : .infinity
            if placement == .top { next = anchor.lines.lowerBound }
            while next < split.count, split[next].isNumberOnly, !anchor.lines.contains(next) { next += 1 }
            guard next < split.count else { break }
            let top = split[next].line
            let limit = placement != .top && top.page == first.page ? max(last.order, 2 * centre - top.order) + top.height : end
            while next < split.count, split[next].line.order < end, split[next].line.order <= limit {
                owner[next] = a
                next += 1
            }
        }
        // Anchors without a number (further labelled rows) belong to the item above them.
        var item = [Int?](repeating: nil, count: anchors.count)
        var current: Int?
        for (a, anchor) in anchors.enumerated() {
            current = anchor.number ?? current
            item[a] = current
        }
        let itemOf = owner.map { $0.flatMap { item[$0] } }
        var items: [PDFItem] = []
        let blocks = stacked || splitLabels ? table.labelBlocks : []
        for (k, start) in table.starts.enumerated() {
            let indices = split.indices.filter { itemOf[$0] == k + 1 }
            if stacked, let item = stackedItem(split, indices: indices, blocks: blocks, number: k + 1) {
                items.append(item)
                continue
            }
            let rows = indices.map { split[$0] }
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
            let labels = splitLabels ? bilingualLabels(split, indices: indices, blocks: blocks) : nil
            items.append(PDFItem(number: k + 1, page: split[start].line.page,
                                 label: labels?.english ?? joinLines(rows.map { ($0.label, $0.labelRight, false) }, joiner: " / "),
                                 value: joinLines(english, joiner: "\n"),
                                 altValue: splitX == nil ? nil : joinLines(national, joiner: "\n"),
                                 altLabel: labels?.national))
        }
        let unplaced = split.indices.filter { itemOf[$0] == nil && !split[$0].isNumberOnly }.map { split[$0].line }
        return (items, unplaced)
    }

    /// One item of a table with stacked languages (see ``items(_:placement:stacked:)``), nil when its label cells
    /// do not pair up.
    private static func stackedItem(_ split: [SplitLine], indices: [Int], blocks: [ClosedRange<Int>], number: Int) -> PDFItem? {
        guard let first = indices.first else { return nil }
        let starts = blocks.map(\.lowerBound).filter(indices.contains)
        guard starts.count >= 2, starts.count % 2 == 0 else { return nil }
        // Segment j runs from label cell j to the next one; the lines before the first belong to it too.
        let segments = starts.indices.map { j in
            indices.filter { $0 >= (j == 0 ? first : starts[j]) && (j + 1 == starts.count || $0 < starts[j + 1]) }.map { split[$0] }
        }
        func text(_ rows: [SplitLine], _ words: KeyPath<SplitLine, [PDFWord]>, _ right: KeyPath<SplitLine, Double>, joiner: String) -> String {
            joinLines(rows.map { ($0[keyPath: words], $0[keyPath: right], false) }, joiner: joiner)
        }
        var labels: [String] = [], altLabels: [String] = [], values: [String] = [], altValues: [String] = []
        var shared = true
        for pair in stride(from: 0, to: segments.count, by: 2) {
            let national = segments[pair], english = segments[pair + 1]
            altLabels.append(text(national, \.label, \.labelRight, joiner: " "))
            labels.append(text(english, \.label, \.labelRight, joiner: " "))
            let nationalValue = text(national, \.value, \.valueRight, joiner: "\n")
            let englishValue = text(english, \.value, \.valueRight, joiner: "\n")
            if englishValue.isEmpty {
                values.append(nationalValue)
            } else {
                values.append(englishValue)
                shared = false
            }
            altValues.append(nationalValue)
        }
        return PDFItem(number: number, page: split[first].line.page, label: labels.joined(separator: " / "),
                       value: values.filter { !$0.isEmpty }.joined(separator: "\n"),
                       altValue: shared ? nil : altValues.filter { !$0.isEmpty }.joined(separator: "\n"),
                       altLabel: altLabels.joined(separator: " / "))
    }

    /// The English and national labels of an item whose label cells each hold both languages (see
    /// ``items(_:placement:stacked:splitLabels:)``), nil when the item has no label; the national one is nil when
    /// every cell serves both languages.
    private static func bilingualLabels(_ split: [SplitLine], indices: [Int], blocks: [ClosedRange<Int>]) -> (english: String, national: String?)? {
        var english: [String] = [], national: [String] = []
        for block in blocks where indices.contains(block.lowerBound) {
            let lines = block.filter { !split[$0].label.isEmpty }.map { PDFLine.join(split[$0].label) }
            let text = lines.joined(separator: " ")
            let halves = text.components(separatedBy: " / ")
            if halves.count == 2 {
                (national, english) = (national + [halves[0]], english + [halves[1]])
            } else if lines.count == 2, !text.contains("/") {
                (national, english) = (national + [lines[0]], english + [lines[1]])
            } else {
                (national, english) = (national + [text], english + [text])
            }
        }
        guard !english.isEmpty else { return nil }
        return (english.joined(separator: " / "), national == english ? nil : national.joined(separator: " / "))
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

    /// Joins the lines of one cell. A line continues the one before it (with a space, or with nothing after a word
    /// ending in `/` or `-`, which is kept: a dictionary would be needed to tell a typesetting hyphen from a real one) when the
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
                } else if last.text == "/" || !(last.text.hasSuffix("/") || last.text.hasSuffix("-")) {
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
