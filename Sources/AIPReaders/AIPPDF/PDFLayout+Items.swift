/// One numbered item of an AD 2 table as printed.
struct PDFItem: Sendable, Equatable {
    var number: Int
    /// The page where the item number is printed.
    var page: Int
    /// Sub-row labels joined by ` / `, a wrapped label by a space.
    var label: String
    /// Value lines joined by `\n`, a wrapped line by a space.
    var value: String
}

/// One line of a section split into its columns.
private struct SplitLine {
    var line: PDFLine
    var number: PDFWord?
    var label: [PDFWord]
    var value: [PDFWord]
    var isNumberOnly: Bool { number != nil && label.isEmpty && value.isEmpty }
}

extension PDFLayout {
    /// The numbered items of one section (its lines after the heading), and the lines that belong to no item.
    ///
    /// Rows are delimited by the item numbers, which run 1, 2, 3… in the number column. Two placements exist:
    /// numbers on the first line of their row, or vertically centred in a row of labelled sub-rows. A section where
    /// some number stands on a line of its own is of the second kind: a row then runs from the first line not yet
    /// taken down to as far below its number as its first line is above it.
    static func items(_ lines: [PDFLine]) -> (items: [PDFItem], unplaced: [PDFLine]) {
        var split: [SplitLine] = []
        var columns: PDFColumns?
        for pageLines in Dictionary(grouping: lines, by: \.page).sorted(by: { $0.key < $1.key }).map(\.value) {
            columns = self.columns(pageLines) ?? columns
            guard let columns else { return ([], lines) }
            split += pageLines.map { splitLine($0, columns) }
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
        guard !starts.isEmpty else { return ([], lines) }
        let centred = starts.contains { split[$0].isNumberOnly }
        var owner = [Int?](repeating: nil, count: split.count)
        var next = 0
        for (k, start) in starts.enumerated() {
            let centre = split[start].line.order
            let end = k + 1 < starts.count ? split[starts[k + 1]].line.order - 0.35 * split[starts[k + 1]].line.height : .infinity
            if !centred { next = start }
            while next < split.count, split[next].isNumberOnly, next != start { next += 1 }
            guard next < split.count else { break }
            let top = split[next].line
            let limit = centred && top.page == split[start].line.page ? max(centre, 2 * centre - top.order) + 0.4 * top.height : end
            while next < split.count, split[next].line.order < end, split[next].line.order <= limit {
                owner[next] = k
                next += 1
            }
        }
        var items: [PDFItem] = []
        for (k, start) in starts.enumerated() {
            let rows = split.indices.filter { owner[$0] == k }.map { split[$0] }
            items.append(PDFItem(number: k + 1, page: split[start].line.page,
                                 label: joinLines(rows.map(\.label), sentenceJoiner: " / "),
                                 value: joinLines(rows.map(\.value), sentenceJoiner: "\n")))
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
        let value = words.filter { $0.x0 >= columns.valueX - PDFColumns.slack }
        return SplitLine(line: line, number: number, label: Array(label), value: Array(value))
    }

    /// Joins the lines of one cell: a line that wrapped (the next line's first word would not have fitted after
    /// it, up to the cell's widest line) continues with a space, or with nothing after a `/` or a typesetting
    /// hyphen (`-` between lower-case letters, dropped); other line breaks are kept as `joiner`.
    static func joinLines(_ lines: [[PDFWord]], sentenceJoiner joiner: String) -> String {
        let lines = lines.filter { !$0.isEmpty }
        guard let right = lines.compactMap({ $0.last?.x1 }).max() else { return "" }
        var text = ""
        var previous: [PDFWord]?
        for line in lines {
            let current = PDFLine.join(line)
            if let previous, let last = previous.last, let first = line.first {
                let space = max(2, 0.25 * first.height)
                let wrapped = last.x1 + space + (first.x1 - first.x0) > right + 1
                if wrapped && text.hasSuffix("/") {
                } else if wrapped && text.hasSuffix("-") {
                    let before = text.dropLast().last
                    if let before, before.isLowercase, current.first?.isLowercase == true { text.removeLast() }
                } else {
                    text += wrapped ? " " : joiner
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
