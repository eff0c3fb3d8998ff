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

extension PDFLayout {
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

    /// The numbered items of a table, and the lines that belong to no item.
    ///
    /// With `stacked` languages, an item's label cells pair up (national, English): the lines from a national label
    /// to its English one are national text, the lines from the English label to the next pair English text. A
    /// pair whose English label has no value shares the national value (printed once for both languages).
    ///
    /// With `splitLabels` (a document whose value cells are split by language), each label cell is national and
    /// English too: `Douanes et police / Customs and immigration`, or two lines without a slash (national first);
    /// a label without either (`ATS`) serves both.
    ///
    /// With `stackedCells`, each cell holds both languages, national above English (see
    /// ``stackedCellItem(_:indices:number:section:)``), unless the item's label cells pair up as above; with either, an item
    /// whose label cells do not pair up may still hold both languages in one cell (its halves line for line, which
    /// a line pitch wider than 1.25 label heights parts into cells of one line each).
    static func items(_ table: PDFTable, placement: RowPlacement, stacked: Bool = false,
                      splitLabels: Bool = false, stackedCells: Bool = false, section: Int = 0) -> (items: [PDFItem], unplaced: [PDFLine]) {
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
        let blocks = stacked || stackedCells || splitLabels ? table.labelBlocks : []
        let rowPitch = stacked ? table.languageRowPitch : nil
        for (k, start) in table.starts.enumerated() {
            let indices = split.indices.filter { itemOf[$0] == k + 1 }
            // Centred rows part no label cells between the languages (see ``stackedCellItem``).
            let pairedCells = stacked || (stackedCells && placement == .top)
                ? stackedItem(split, indices: indices, blocks: blocks, number: k + 1, rowPitch: rowPitch) : nil
            if stacked || stackedCells, let item = pairedCells ?? stackedCellItem(split, indices: indices, number: k + 1, section: section) {
                items.append(item)
                continue
            }
            let rows = indices.map { split[$0] }
            // A label after the item's first one starts a sub-row, its value a new line, when the label line above it
            // ends in a colon (`AD ADM:` / `Address:`) or would not have wrapped there (`ARP PSN` / `and site at
            // AD:`); otherwise it wraps that line (`Customs and` / `immigration:`). The label column's edge lies
            // between its widest label line and the value column's gutter: a word that would fit only past the
            // widest line does not start a sub-row when it joins (`Fuelling facilities` / `and capacity:`).
            var startsSubRow = [Bool](repeating: false, count: rows.count)
            let widestLabel = rows.flatMap(\.label).map(\.x1).max() ?? 0
            var previousLabel: Int?
            for index in rows.indices where !rows[index].label.isEmpty {
                if let previous = previousLabel, let last = rows[previous].label.last, let first = rows[index].label.first {
                    let fitsWidest = last.x1 + 0.25 * first.height + (first.x1 - first.x0) <= widestLabel
                    startsSubRow[index] = last.text.hasSuffix(":")
                        || startsLine(rows[index].label, after: rows[previous].label, left: rows[previous].label.first?.x0 ?? 0,
                                      right: rows[index].labelRight) && (fitsWidest || !joiningWords.contains(first.text.lowercased()))
                }
                previousLabel = index
            }
            // A cell split by language has a national half (left) and an English one (right), its lines taken
            // apart at the split column; a shared cell is all `value`.
            let splitX = rows.lazy.compactMap(\.languageSplitX).first
            var english = rows.indices.map { index in
                (words: rows[index].value.filter { $0.x0 >= (splitX ?? -.infinity) - PDFColumns.slack($0.height) }, right: rows[index].valueRight,
                 newRow: startsSubRow[index])
            }
            var national = rows.indices.map { index in
                (words: rows[index].value.filter { $0.x0 < (splitX ?? -.infinity) - PDFColumns.slack($0.height) }, right: rows[index].altValueRight,
                 newRow: startsSubRow[index])
            }
            if splitX != nil { (english, national) = (parallelBreaks(english, national), parallelBreaks(national, english)) }
            let labels = splitLabels ? bilingualLabels(split, indices: indices, blocks: blocks) : nil
            // Where labels start their rows, a label line without a value of its own wraps the label above it
            // (`Hangar space  No` / `for visiting aircraft:`) unless that one ends in a colon; others are sub-rows as
            // their values are (joined by ` / `, a wrapped line by a space). Colons ending a label line are
            // punctuation, not label.
            var label = ""
            var lastLabel: [PDFWord] = []
            for (index, row) in rows.enumerated() where !row.label.isEmpty {
                let wraps = placement == .top && row.value.isEmpty && row.number == nil && lastLabel.last?.text.hasSuffix(":") == false
                if !label.isEmpty { label += startsSubRow[index] && !wraps ? " / " : " " }
                label += PDFLine.join(labelWords(row.label))
                lastLabel = row.label
            }
            items.append(PDFItem(number: k + 1, page: split[start].line.page,
                                 label: labels?.english ?? label,
                                 value: joinLines(english, joiner: "\n"),
                                 altValue: splitX == nil ? nil : joinLines(national, joiner: "\n"),
                                 altLabel: labels?.national))
        }
        let unplaced = split.indices.filter { itemOf[$0] == nil && !split[$0].isNumberOnly }.map { split[$0].line }
        return (items, unplaced)
    }
}
