extension PDFLayout {
    /// The AD 2 section a heading without code or `AD` announces (`2.3 OPERATIONAL HOURS`, `3. Operational Hours`,
    /// `3 OPERATIONAL HOURS`, the Danish `OPERATIONAL HOURS`), nil for other lines. Such a number alone could be an
    /// item number (`3 Customs`) or a value (`2.5 NM`), so the title decides: its words must be one of the
    /// section's titles (``AIPTitleWords/section(titles:)``), and a printed number must be that section's.
    static func titledHeadingNumber(_ line: PDFLine) -> Int? {
        guard let first = line.words.first?.text else { return nil }
        var printed: Int?
        var title = line.words[...]
        if first.hasPrefix("2."), let number = Int(first.dropFirst(2)) {
            printed = number
        } else if let number = Int(first.hasSuffix(".") ? String(first.dropLast()) : first) {
            printed = number
        }
        if printed != nil { title = title.dropFirst() }
        // A column gutter parts a title from the title in the other language (Spain: `2. DATOS GEOGRÁFICOS…` |
        // `AERODROME GEOGRAPHICAL…`) or from a value set beside it (`…Indicator and Name:` | `EKAH - Aarhus`).
        var parts: [[PDFWord]] = []
        for (index, word) in title.enumerated() {
            if index == 0 || word.x0 - title[title.startIndex + index - 1].x1 >= PDFColumns.minimumGutter(word.height) {
                parts.append([word])
            } else {
                parts[parts.count - 1].append(word)
            }
        }
        guard let section = AIPTitleWords.section(titles: parts.map(PDFLine.join)), printed == nil || printed == section else { return nil }
        return section
    }

    /// Whether a line prints no digit at all: a heading known by its title alone (see ``sections(_:)``).
    static func printsNoNumber(_ line: PDFLine) -> Bool { !line.words.contains { $0.text.contains(where: \.isNumber) } }
}
