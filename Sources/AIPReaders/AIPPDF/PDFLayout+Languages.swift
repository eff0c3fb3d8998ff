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
    /// do not pair up.
    static func stackedItem(_ split: [PDFTableLine], indices: [Int], blocks: [ClosedRange<Int>], number: Int) -> PDFItem? {
        guard let first = indices.first else { return nil }
        let starts = blocks.map(\.lowerBound).filter(indices.contains)
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
