import AIPFindings

/// A section printed without item numbers (Spain): its rows, each placed on the catalogue item its label names.
struct PDFLabelledRows {
    /// The catalogue items the rows' labels name, numbered by that item, rows naming the same item joined (see
    /// ``PDFLayout/placedByLabel(_:section:unplaced:)``).
    var items: [PDFItem]
    /// Rows whose label names no item (`pdf.unplaced_text`), or several of which none can be told by the template's
    /// order (`pdf.ambiguous_label`): never guessed into one.
    var rejected: [(row: PDFItem, code: FindingCode)]
    /// Lines above the first row (column headings).
    var unplaced: [PDFLine]
}

extension PDFLayout {
    /// The columns of a table without item numbers, nil when it shows neither two, three nor four. Which column is
    /// what follows from the count, national before English as the page reads: label | value; label | national
    /// value | English value (France's split cells without numbers); national label | national value | English
    /// label | English value (Spain's two language halves side by side). Geometry alone cannot tell national
    /// label | national value | English value from national value | English label | English value, so the
    /// latter (labels only in English, printed in the middle; no state is known to print it) is not supported.
    ///
    /// A column starts where text starts a line or follows a gutter (a gap wider than 0.8 line heights, as for
    /// numbered tables) at one position, within the slack, on at least three lines and a quarter of the lines, so
    /// that a tab inside a few values makes no column.
    static func unnumberedColumns(_ lines: [PDFLine]) -> [Double]? {
        var starts: [Double] = []
        for line in lines {
            guard let first = line.words.first else { continue }
            starts.append(first.x0)
            for (previous, next) in zip(line.words, line.words.dropFirst()) where next.x0 - previous.x1 >= PDFColumns.minimumGutter(next.height) {
                starts.append(next.x0)
            }
        }
        var groups: [[Double]] = []
        let slack = PDFColumns.slack(textHeight(lines))
        for start in starts.sorted() {
            if let first = groups.last?.first, start - first <= slack { groups[groups.count - 1].append(start) } else { groups.append([start]) }
        }
        let columns = groups.filter { $0.count >= max(3, lines.count / 4) }.map { $0[0] }
        return (2...4).contains(columns.count) ? columns : nil
    }

    /// The rows of a section printed without item numbers (see ``PDFLabelledRows``), nil when it shows no columns
    /// (see ``unnumberedColumns(_:)``).
    ///
    /// A row starts at a label cell: a line with text in a label column that is not a wrapped line of the label
    /// above: more than 1.25 label heights below it (1.6 when it starts in lower case: fonts whose boxes are
    /// short for their line pitch still wrap `Tipos de trafico` / `autorizados` so), or on another page. A row runs
    /// to the next one: labels on the first line of their row, as such tables print them (top-aligned rows). The
    /// English label names the item, the national one when the English does not. As in split cells, an English
    /// value left empty means the national text serves both (then `altValue` is nil).
    ///
    /// Columns are found on each page (odd and even pages may print their tables apart); a page showing none, or
    /// another number of them than the section's first page, keeps the page's before.
    static func labelledRows(_ lines: [PDFLine], section: Int, valueRight: [Int: Double]) -> PDFLabelledRows? {
        var found: [Int: [Double]] = [:]
        var first: [Double]?
        for (page, onPage) in Dictionary(grouping: lines, by: \.page).sorted(by: { $0.key < $1.key }) {
            if let columns = unnumberedColumns(onPage), columns.count == (first ?? columns).count {
                first = first ?? columns
                found[page] = columns
            }
        }
        guard let first else { return nil }
        let count = first.count
        // Pages before the first with columns take its columns, the others those of the page before.
        let pageColumns = Dictionary(uniqueKeysWithValues: Set(lines.map(\.page)).map { page in
            (page, found.filter { $0.key <= page }.max { $0.key < $1.key }?.value ?? first)
        })
        let labelColumns: Set<Int> = count == 4 ? [0, 2] : [0]
        let gutter = PDFColumns.minimumGutter(textHeight(lines))
        let cells = lines.map { cellsOf($0, columns: pageColumns[$0.page] ?? first) }
        var rowStarts: [Int] = []
        var lastLabel: Int?
        for index in lines.indices where labelColumns.contains(where: { !cells[index][$0].isEmpty }) {
            let label = labelColumns.flatMap { cells[index][$0] }
            let height = label.map(\.height).max() ?? 0, gap = lastLabel.map { lines[index].order - lines[$0].order } ?? .infinity
            let wraps = gap <= 1.25 * height || (gap <= 1.6 * height && label.first?.text.first?.isLowercase == true)
            if let last = lastLabel, lines[last].page == lines[index].page, wraps {
                lastLabel = index
                continue
            }
            rowStarts.append(index)
            lastLabel = index
        }
        var rows: [PDFItem] = []
        for (k, start) in rowStarts.enumerated() {
            let range = start..<(k + 1 < rowStarts.count ? rowStarts[k + 1] : lines.count)
            func text(_ column: Int, joiner: String) -> String {
                joinLines(range.map { index in
                    // A column wraps before the next one's gutter; the last one at the body text's right edge.
                    let page = lines[index].page, columns = pageColumns[page] ?? first
                    let right = column + 1 < count ? columns[column + 1] - gutter : valueRight[page] ?? lines[index].words.last?.x1 ?? 0
                    return (cells[index][column], right, false)
                }, joiner: joiner)
            }
            let national = text(0, joiner: " ")
            // Beside values split by language, one label cell holds both (`Aduanas / Customs`, national first).
            let halves = national.components(separatedBy: " / ")
            let (label, altLabel): (String, String?) = switch count {
            case 4: (text(2, joiner: " "), national)
            case 3 where halves.count == 2: (halves[1], halves[0])
            default: (national, nil)
            }
            let (english, nationalValue) = switch count {
            case 2: (text(1, joiner: "\n"), String?.none)
            case 3: (text(2, joiner: "\n"), text(1, joiner: "\n"))
            default: (text(3, joiner: "\n"), text(1, joiner: "\n"))
            }
            let shared = english.isEmpty
            rows.append(PDFItem(number: 0, page: lines[start].page, label: label.isEmpty ? national : label,
                                value: shared ? nationalValue ?? "" : english, altValue: shared ? nil : nationalValue,
                                altLabel: altLabel == label ? nil : altLabel))
        }
        return placedByLabel(rows, section: section, unplaced: Array(lines[..<(rowStarts.first ?? lines.count)]))
    }

    /// Rows printed without item numbers placed on the catalogue items their labels name (the English label, else
    /// the national one: ``AIPTitleWords/items(section:label:)``). A label naming several items takes the first of
    /// them that the template puts after the item of the row before it (`AIS/ARO` after `Health and sanitation`: item
    /// 4, as printed where item 4 goes); one naming none, or none after the row before, is rejected. Rows naming the
    /// same item are the parts of one item printed apart (`Elevation`, `Reference temperature`, `Low average
    /// temperature`; Spain): joined in print order, labels by ` / `, values by line.
    static func placedByLabel(_ rows: [PDFItem], section: Int, unplaced: [PDFLine]) -> PDFLabelledRows {
        var parts: [Int: [PDFItem]] = [:], rejected: [(row: PDFItem, code: FindingCode)] = []
        var previous = 0
        for row in rows {
            var named = AIPTitleWords.items(section: section, label: row.label)
            if named.isEmpty { named = row.altLabel.map { AIPTitleWords.items(section: section, label: $0) } ?? [] }
            guard let item = named.count == 1 ? named[0] : named.first(where: { $0 > previous }) else {
                rejected.append((row, named.isEmpty ? .pdfUnplacedText : .pdfAmbiguousLabel))
                continue
            }
            var placed = row
            placed.number = item
            parts[item, default: []].append(placed)
            previous = item
        }
        let items = parts.keys.sorted().compactMap { item -> PDFItem? in
            guard let rows = parts[item], var first = rows.first else { return nil }
            func joined(_ texts: [String?], _ separator: String) -> String? {
                texts.allSatisfy { $0 == nil } ? nil : texts.map { $0 ?? "" }.filter { !$0.isEmpty }.joined(separator: separator)
            }
            first.label = rows.map(\.label).joined(separator: " / ")
            first.value = rows.map(\.value).filter { !$0.isEmpty }.joined(separator: "\n")
            first.altValue = joined(rows.map(\.altValue), "\n")
            first.altLabel = joined(rows.map(\.altLabel), " / ")
            return first
        }
        return PDFLabelledRows(items: items, rejected: rejected, unplaced: unplaced)
    }

    /// The words of a line by column: a word after a gutter goes to the last column starting at or left of it; a
    /// word without a gutter before it stays in the column of the word before, so that text running across a
    /// column's start (one value shared by both languages) stays one cell.
    static func cellsOf(_ line: PDFLine, columns: [Double]) -> [[PDFWord]] {
        var cells = [[PDFWord]](repeating: [], count: columns.count)
        var column = 0
        for (index, word) in line.words.enumerated() {
            let afterGutter = index == 0 || word.x0 - line.words[index - 1].x1 >= PDFColumns.minimumGutter(word.height)
            if afterGutter { column = max(column, columns.lastIndex { $0 <= word.x0 + PDFColumns.slack(word.height) } ?? 0) }
            cells[column].append(word)
        }
        return cells
    }
}
