/// Tables that stack the languages inside each cell (Czechia, Austria): one numbered row per item, its label cell
/// holding the national label line(s) then the English one(s), its value cell the national value then the English
/// value, or one value printed once for both (times, `H24`, `NIL`). Unlike Italy (``PDFLayout/stackedItem``), no
/// gap parts the halves into separate label cells (a gap that does makes them two cells, read as Italy's).
///
/// Without fonts, the halves are told apart by how such cells are typeset: each language's label and value start on
/// one baseline, as two rows without a rule between them. So the English half starts at the first line below the
/// item's first one where label and value both start after one of the two cells had a line without text (the
/// shorter national half ended there). When both national halves are equally long there is no such line: the label
/// cell's lines split in half (each language's label as long as the other's, as the document shows: see
/// ``PDFLayout/stacksLanguagesInCells(_:)``), but the value stays whole in `value`: two value lines beside a label
/// of two lines may be a national and an English line or one value of two lines printed once (`MON-FRI 0700-1500`
/// / `SAT 0800-1200`), and guessing the first would put half of a value in `alt_value`. An item whose label lines
/// are odd in number and show no such line is read as one language.
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

    /// One item of a table stacking the languages inside its cells (see above), nil when its halves cannot be told
    /// apart. English label and value in `label`/`value`, national ones in `altLabel`/`altValue`; a value printed
    /// once, or twice alike, serves both (`altValue` nil).
    static func stackedCellItem(_ split: [PDFTableLine], indices: [Int], number: Int) -> PDFItem? {
        let rows = indices.map { split[$0] }
        let labelled = rows.indices.filter { !rows[$0].label.isEmpty }
        guard let firstLabel = labelled.first, labelled.count >= 2 else { return nil }
        let aligned = rows.indices.first { index in
            index > firstLabel && !rows[index].label.isEmpty && !rows[index].value.isEmpty
                && (rows[index - 1].label.isEmpty || rows[index - 1].value.isEmpty)
        }
        guard let english = aligned ?? (labelled.count % 2 == 0 ? labelled[labelled.count / 2] : nil) else { return nil }
        let valueSplits = aligned != nil
        func text(_ part: ArraySlice<PDFTableLine>, _ words: KeyPath<PDFTableLine, [PDFWord]>, _ right: KeyPath<PDFTableLine, Double>,
                  joiner: String) -> String {
            joinLines(part.map { ($0[keyPath: words], $0[keyPath: right], false) }, joiner: joiner)
        }
        let national = rows[..<english], englishRows = rows[english...]
        let nationalValue = text(national, \.value, \.valueRight, joiner: "\n")
        let englishValue = text(englishRows, \.value, \.valueRight, joiner: "\n")
        let shared = !valueSplits || nationalValue.isEmpty || englishValue.isEmpty || nationalValue == englishValue
        let value = !valueSplits ? text(rows[...], \.value, \.valueRight, joiner: "\n") : englishValue.isEmpty ? nationalValue : englishValue
        return PDFItem(number: number, page: rows[0].line.page, label: text(englishRows, \.label, \.labelRight, joiner: " "),
                       value: value, altValue: shared ? nil : nationalValue,
                       altLabel: text(national, \.label, \.labelRight, joiner: " "))
    }
}
