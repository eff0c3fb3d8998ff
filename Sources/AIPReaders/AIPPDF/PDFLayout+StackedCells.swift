/// Tables that stack the languages inside each cell (Czechia, Austria): one numbered row per item, its label cell
/// holding the national label line(s) then the English one(s), its value cell the national value then the English
/// value, or one value printed once for both (times, `H24`, `NIL`). Unlike Italy (``PDFLayout/stackedItem``), no
/// gap parts the halves into separate label cells (a gap that does makes them two cells, read as Italy's).
///
/// The English label is found by what it says: the first label line after the item's first one that names an item
/// of the section in the words of the ICAO template (``AIPTitleWords/item(section:label:)``), the lines above it
/// being the national label. A label printed on one line as `national / English` is parted at the slash when only
/// its second half names the item.
///
/// The value is parted by how such cells are typeset: each language's label and value start on one baseline, as
/// two rows without a rule between them. So the English value starts at the first line below the item's first one
/// where label and value both start after one of the two cells had a line without text (the shorter national half
/// ended there, or the item number stood alone between the halves). Without such a line the value stays whole in
/// `value`: two value lines beside a label of two lines may be a national and an English line or one value of two
/// lines printed once (`MON-FRI 0700-1500` / `SAT 0800-1200`), and guessing the first would put half of a value in
/// `alt_value`. Nor is a value parted that prints both languages inline (a key `Paliva/Fuels:`, `Kapaliny /
/// Fluids:`): one cell for both. A value line ending in a lone `/` is the national half of a pair with the line
/// below it (`…(letní období) /` then `…(summer season)`), the other lines serving both languages.
///
/// Without a label line naming an item, the label cell's lines split in half (each language's label as long as the
/// other's, as the document shows: see ``PDFLayout/stacksLanguagesInCells(_:)``); an item whose label lines are odd
/// in number and show neither is read as one language.
extension PDFTable {
    /// How many items the table has, and how many of them have one label cell of an even number of lines (two or
    /// more): national then English, line for line.
    var evenLabelCellItems: (items: Int, even: Int) {
        (starts.count, labelCellsByItem.count { cells in
            guard cells.count == 1, let lines = cells.first?.count(where: { !split[$0].label.isEmpty }) else { return false }
            return lines >= 2 && lines % 2 == 0
        })
    }
}

extension PDFLayout {
    /// Whether a document stacks the languages inside each cell: three items in four or more (of four at least) are
    /// stacked, in cells of two, four… lines, or in label cells that pair up (a gap between the halves, read as
    /// Italy's), and the first kind outnumber the second. An English document wraps a label now and then, not
    /// nearly always; an Italian one pairs its cells.
    static func stacksLanguagesInCells(_ tables: [PDFTable]) -> Bool {
        let even = tables.map(\.evenLabelCellItems), paired = tables.map(\.pairedLabelItems)
        let items = even.reduce(0) { $0 + $1.items }, evenItems = even.reduce(0) { $0 + $1.even }
        let pairedItems = paired.reduce(0) { $0 + $1.paired }
        return items >= 4 && (evenItems + pairedItems) * 4 >= items * 3 && evenItems > pairedItems
    }

    /// Whether a document prints its section headings twice, one below the other (national, then English: `LKKV AD
    /// 2.2 ZEMĚPISNÉ…` / `LKKV AD 2.2 AERODROME GEOGRAPHICAL…`): its cells stack the languages the same way.
    /// `headings` are the section headings found in `body`.
    static func stacksHeadings(_ headings: [PDFLine], body: [PDFLine]) -> Bool {
        headings.contains { heading in
            guard let index = body.firstIndex(of: heading), index + 1 < body.count else { return false }
            return headingNumber(body[index + 1]) == headingNumber(heading)
        }
    }

    /// A label line's text, a colon ending it dropped (`Provozovatel letiště:`, `AD ADM:`): punctuation, not label.
    static func labelText(_ words: [PDFWord]) -> String {
        var text = PDFLine.join(words)
        if text.hasSuffix(":") { text.removeLast() }
        return text
    }

    /// One item of a table stacking the languages inside its cells (see above), nil when its halves cannot be told
    /// apart. English label and value in `label`/`value`, national ones in `altLabel`/`altValue`; a value printed
    /// once, or twice alike, serves both (`altValue` nil).
    static func stackedCellItem(_ split: [PDFTableLine], indices: [Int], number: Int, section: Int) -> PDFItem? {
        let rows = indices.map { split[$0] }
        let labelled = rows.indices.filter { !rows[$0].label.isEmpty }
        guard let firstLabel = labelled.first else { return nil }
        if rows.contains(where: { $0.languageSplitX != nil }) { return splitStackedItem(rows, number: number, section: section) }
        func names(_ index: Int) -> Bool { AIPTitleWords.item(section: section, label: labelText(rows[index].label)) != nil }
        func text(_ part: ArraySlice<PDFTableLine>, _ words: KeyPath<PDFTableLine, [PDFWord]>, _ right: KeyPath<PDFTableLine, Double>,
                  joiner: String) -> String {
            joinLines(part.map { ($0[keyPath: words], $0[keyPath: right], false) }, joiner: joiner)
        }
        let whole = text(rows[...], \.value, \.valueRight, joiner: "\n")
        if labelled.count == 1 {
            let halves = labelText(rows[firstLabel].label).components(separatedBy: " / ")
            guard halves.count == 2, AIPTitleWords.item(section: section, label: halves[1]) != nil,
                  AIPTitleWords.item(section: section, label: halves[0]) == nil else { return nil }
            return PDFItem(number: number, page: rows[0].line.page, label: halves[1], value: whole, altValue: nil, altLabel: halves[0])
        }
        let aligned = rows.indices.first { index in
            index > firstLabel && !rows[index].label.isEmpty && !rows[index].value.isEmpty
                && (rows[index - 1].label.isEmpty || rows[index - 1].value.isEmpty)
        }
        let named = labelled.dropFirst().first(where: names)
        let halves = labelled.count % 2 == 0 ? labelled[labelled.count / 2] : nil
        guard let english = aligned.flatMap({ names($0) ? $0 : nil }) ?? named ?? aligned ?? halves else { return nil }
        let national = rows[..<english], englishRows = rows[english...]
        let label = joinLines(englishRows.map { (labelWords($0.label), $0.labelRight, false) }, joiner: " ")
        let altLabel = joinLines(national.map { (labelWords($0.label), $0.labelRight, false) }, joiner: " ")
        if let (value, altValue) = pairedLines(rows) {
            return PDFItem(number: number, page: rows[0].line.page, label: label, value: value, altValue: altValue, altLabel: altLabel)
        }
        guard let valueStart = aligned, !printsLanguagesInline(rows) else {
            return PDFItem(number: number, page: rows[0].line.page, label: label, value: whole, altValue: nil, altLabel: altLabel)
        }
        let nationalValue = text(rows[..<valueStart], \.value, \.valueRight, joiner: "\n")
        let englishValue = text(rows[valueStart...], \.value, \.valueRight, joiner: "\n")
        let shared = nationalValue.isEmpty || englishValue.isEmpty || nationalValue == englishValue
        return PDFItem(number: number, page: rows[0].line.page, label: label, value: englishValue.isEmpty ? nationalValue : englishValue,
                       altValue: shared ? nil : nationalValue, altLabel: altLabel)
    }

    /// Label words without a colon ending them (see ``labelText(_:)``).
    static func labelWords(_ words: [PDFWord]) -> [PDFWord] {
        guard var last = words.last, last.text.hasSuffix(":") else { return words }
        last.text.removeLast()
        return last.text.isEmpty ? Array(words.dropLast()) : Array(words.dropLast()) + [last]
    }

    /// Whether a value prints both languages inline: a key of two halves parted by a slash before its colon
    /// (`Paliva/Fuels:`, `Letecký petrolej / Aviation kerosene Jet- A1:`).
    static func printsLanguagesInline(_ rows: [PDFTableLine]) -> Bool {
        rows.contains { row in
            var slash = false
            for word in row.value where !word.text.contains("//") {
                if word.text.contains("/") { slash = true }
                if word.text.hasSuffix(":") {
                    if slash { return true }
                    slash = false
                }
            }
            return false
        }
    }

    /// The English and national value of an item whose value lines pair up where a line ends in a lone `/` (the
    /// national half, the line below it the English one), the other lines serving both; nil without such a line.
    static func pairedLines(_ rows: [PDFTableLine]) -> (value: String, altValue: String)? {
        let lines = rows.map(\.value).filter { !$0.isEmpty }
        guard lines.dropLast().contains(where: { $0.last?.text == "/" && $0.count > 1 }) else { return nil }
        var english: [String] = [], national: [String] = []
        var index = 0
        while index < lines.count {
            if lines[index].last?.text == "/", lines[index].count > 1, index + 1 < lines.count {
                national.append(PDFLine.join(lines[index].dropLast()))
                english.append(PDFLine.join(lines[index + 1]))
                index += 2
            } else {
                national.append(PDFLine.join(lines[index]))
                english.append(PDFLine.join(lines[index]))
                index += 1
            }
        }
        return (english.joined(separator: "\n"), national.joined(separator: "\n"))
    }

    /// One item of a stacked table whose value cell is split by language (national | English, Czechia's operator
    /// and address): its label lines are sub-rows, each a national line with the English one below it (the line
    /// below names the item in English and the line does not, and the line below holds no value printed once), or
    /// one line for both. A sub-row runs from its label to the next sub-row's; its English half is the words right of
    /// the split column, its national half those left of it, and a sub-row without an English half (`SITA`,
    /// `E-mail`) is printed once for both languages.
    static func splitStackedItem(_ rows: [PDFTableLine], number: Int, section: Int) -> PDFItem {
        let labelled = rows.indices.filter { !rows[$0].label.isEmpty }
        let splitX = rows.lazy.compactMap(\.languageSplitX).first ?? .infinity
        func names(_ index: Int) -> Bool { AIPTitleWords.item(section: section, label: labelText(rows[index].label)) != nil }
        func printedOnce(_ index: Int) -> Bool { !rows[index].value.isEmpty && rows[index].languageSplitX == nil }
        var subRows: [(national: Int, english: Int?)] = []
        var k = 0
        while k < labelled.count {
            let line = labelled[k]
            if k + 1 < labelled.count, !names(line), names(labelled[k + 1]), !printedOnce(labelled[k + 1]) {
                subRows.append((line, labelled[k + 1]))
                k += 2
            } else {
                subRows.append((line, nil))
                k += 1
            }
        }
        var labels: [String] = [], altLabels: [String] = []
        var english: [PDFLayout.CellLine] = [], national: [PDFLayout.CellLine] = []
        for (j, subRow) in subRows.enumerated() {
            let lines = rows[(j == 0 ? 0 : subRow.national)..<(j + 1 < subRows.count ? subRows[j + 1].national : rows.count)]
            let left = lines.map { row in (words: row.value.filter { $0.x0 < splitX - PDFColumns.slack($0.height) }, right: row.altValueRight) }
            let right = lines.map { row in (words: row.value.filter { $0.x0 >= splitX - PDFColumns.slack($0.height) }, right: row.valueRight) }
            let once = right.allSatisfy(\.words.isEmpty)
            for (index, line) in left.enumerated() {
                national.append((line.words, line.right, index == 0))
                english.append(once ? (line.words, line.right, index == 0) : (right[index].words, right[index].right, index == 0))
            }
            let altLabel = labelText(rows[subRow.national].label)
            altLabels.append(altLabel)
            labels.append(subRow.english.map { labelText(rows[$0].label) } ?? altLabel)
        }
        return PDFItem(number: number, page: rows[0].line.page, label: labels.joined(separator: " / "),
                       value: joinLines(english, joiner: "\n"), altValue: joinLines(national, joiner: "\n"),
                       altLabel: altLabels.joined(separator: " / "))
    }
}
