extension PDFLayout {
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

    /// One item of a table with stacked languages (see ``items(_:placement:stacked:)``), nil when its label cells
    /// do not pair up and its value is not printed in two rows beside one label (``onceLabelledItem``).
    ///
    /// Each language's row starts with its label and value, the value placed beside the label as in every row of
    /// the table (``PDFTableLine/valueOffset``). A value whose line beside the English label sits otherwise than
    /// the national value beside the national label (its lines run on beside both labels, offset from them: `H24`
    /// / `AIS/ARO Wien…` beside `FLUGBERATUNG` / `AIS BRIEFING OFFICE`) is one cell printed once for both
    /// languages, even where a line of it is close enough to the English label to be read on the same line.
    static func stackedItem(_ split: [PDFTableLine], indices: [Int], blocks: [ClosedRange<Int>], number: Int,
                            rowPitch: Double? = nil) -> PDFItem? {
        guard let first = indices.first else { return nil }
        let starts = blocks.map(\.lowerBound).filter(indices.contains)
        if starts.count == 1, let rowPitch { return onceLabelledItem(indices.map { split[$0] }, number: number, rowPitch: rowPitch) }
        guard starts.count >= 2, starts.count % 2 == 0 else { return nil }
        // Segment j runs from label cell j to the next one; the lines before the first belong to it too.
        let segments = starts.indices.map { j in
            indices.filter { $0 >= (j == 0 ? first : starts[j]) && (j + 1 == starts.count || $0 < starts[j + 1]) }.map { split[$0] }
        }
        func text(_ rows: [PDFTableLine], _ words: KeyPath<PDFTableLine, [PDFWord]>, _ right: KeyPath<PDFTableLine, Double>, joiner: String) -> String {
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
                altValues.append(nationalValue)
            } else if let offset = english.first?.valueOffset, let nationalOffset = national.first?.valueOffset,
                      abs(offset - nationalOffset) > baselineTolerance(english[0].line.height) {
                let once = text(national + english, \.value, \.valueRight, joiner: "\n")
                values.append(once)
                altValues.append(once)
            } else {
                values.append(englishValue)
                altValues.append(nationalValue)
                shared = false
            }
        }
        return PDFItem(number: number, page: split[first].line.page, label: labels.joined(separator: " / "),
                       value: values.filter { !$0.isEmpty }.joined(separator: "\n"),
                       altValue: shared ? nil : altValues.filter { !$0.isEmpty }.joined(separator: "\n"),
                       altLabel: altLabels.joined(separator: " / "))
    }

    /// One item of a table with stacked languages whose label is printed once for both (`HOTELS`, `GEOID
    /// UNDULATION`) and whose value is printed in two rows all the same: the national row beside the label, the
    /// English one a `rowPitch` below it (the distance between the rows of the table's items that print both
    /// labels, ``PDFTable/languageRowPitch``), where no label starts, its value a `rowPitch` below the national one. Nil when no value line starts there (one
    /// value for both: its lines follow each other closer than the rows do).
    static func onceLabelledItem(_ rows: [PDFTableLine], number: Int, rowPitch: Double) -> PDFItem? {
        guard let first = rows.first(where: { !$0.label.isEmpty }), let top = first.value.first ?? first.label.first else { return nil }
        let english = rows.firstIndex { row in
            guard row.label.isEmpty, let start = row.value.first, row.line.page == first.line.page else { return false }
            return abs(start.y0 - top.y0 - rowPitch) <= baselineTolerance(start.height)
        }
        guard let english, rows[..<english].contains(where: { !$0.value.isEmpty }) else { return nil }
        func text(_ part: ArraySlice<PDFTableLine>) -> String {
            joinLines(part.map { ($0.value, $0.valueRight, false) }, joiner: "\n")
        }
        return PDFItem(number: number, page: first.line.page, label: joinLines(rows.map { (labelWords($0.label), $0.labelRight, false) }, joiner: " "),
                       value: text(rows[english...]), altValue: text(rows[..<english]))
    }

    /// How far apart two starts of text may lie and still be placed alike, for text of `height`: a tenth and a
    /// half of it (lines of two cells offset by a fifth of a line and more are read as one line, see
    /// ``lines(of:)``, but are not one row).
    static func baselineTolerance(_ height: Double) -> Double { 0.15 * height }

    /// The English and national labels of an item whose label cells each hold both languages (see
    /// ``items(_:placement:stacked:splitLabels:)``), nil when the item has no label; the national one is nil when
    /// every cell serves both languages.
    static func bilingualLabels(_ split: [PDFTableLine], indices: [Int], blocks: [ClosedRange<Int>]) -> (english: String, national: String?)? {
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
}
