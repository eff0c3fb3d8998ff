/// Layout analysis of an AIP aerodrome chapter: pure functions from word boxes to sections and items, testable
/// without PDFs. Nothing here knows a state: it reads what every AD 2 chapter shares. Headings come from the forms
/// `XXXX AD 2.3`, `AD 2.3`, `XXXX 2.3`, `AD 2 XXXX.3`, or from the template's section titles (`2.3 OPERATIONAL
/// HOURS`, `3. Operational Hours`, `OPERATIONAL HOURS`, national titles as an aid); items from their printed numbers
/// in the template's order, or from the template's English label words; columns from the geometry of each section.
/// Every length compared is a multiple of the text's own height (``PDFColumns``), none is in points. Pages set in two
/// text columns are read column by column (``readingOrder(_:extents:)``), pages set in two language columns in
/// their English column with the national one beside it (``languageColumns(_:extents:)``).
enum PDFLayout {
    /// The lines of each page, text-layer artefacts removed, running header and footer kept.
    static func pageLines(_ layer: PDFTextLayer) -> [[PDFLine]] {
        layer.pages.map { lines(of: $0.words.filter { !isArtefact($0) }) }
    }

    /// The body of the document: lines of every page, running headers/footers and artefacts removed, in page order
    /// and, on pages set in two text columns, in reading order (``readingOrder(_:extents:)``). `pageLines` are the
    /// document's ``pageLines(_:)`` when the caller has them already.
    static func body(_ layer: PDFTextLayer, pageLines: [[PDFLine]]? = nil) -> [PDFLine] {
        let pages = pageLines ?? self.pageLines(layer)
        return readingOrder(pageBodies(layer, pageLines: pages), extents: pages.map(textExtent)).flatMap { $0 }
    }

    /// The body lines of each page: running header and footer removed, in print position.
    static func pageBodies(_ layer: PDFTextLayer, pageLines: [[PDFLine]]) -> [[PDFLine]] {
        zip(layer.pages, pageLines).map { page, lines in
            let headerBottom = runningHeaderBottom(lines, pageHeight: page.height)
            return lines.filter { $0.midY > headerBottom && $0.midY <= runningFooterTop(pageHeight: page.height) }
        }
    }

    /// The left and right edges of all the text of a page's `lines` (running header and footer included, when
    /// given), nil for a page without words.
    static func textExtent(_ lines: [PDFLine]) -> ClosedRange<Double>? {
        let words = lines.flatMap(\.words)
        guard let left = words.map(\.x0).min(), let right = words.map(\.x1).max() else { return nil }
        return left...right
    }

    /// The AD 2 section number a heading line announces (`EBOS AD 2.3 Operational Hours` → 3), nil for other lines.
    /// The number must be followed by a title word, so references (`See AD 2.11`, `AD 2.24.1`) are no headings.
    /// Without code or `AD` in front, the title decides (``titledHeadingNumber(_:)``).
    static func headingNumber(_ line: PDFLine) -> Int? { codedHeadingNumber(line) ?? titledHeadingNumber(line) }

    private static func codedHeadingNumber(_ line: PDFLine) -> Int? {
        var words = line.words.map(\.text)[...]
        if let first = words.first, first.count == 4, first.allSatisfy({ $0.isASCII && $0.isUppercase }), first != "ICAO" { words = words.dropFirst() }
        if words.first == "AD" { words = words.dropFirst() }
        guard words.count < line.words.count else { return nil }
        // `AD 2 LFAT.3` (French SIA) names the section after the code.
        if words.first == "2", let code = words.dropFirst().first, code.count > 5, code.prefix(4).allSatisfy({ $0.isASCII && $0.isUppercase }),
           code.dropFirst(4).first == "." {
            words = ["2." + code.dropFirst(5)] + words.dropFirst(2)
        }
        guard let token = words.first, token.hasPrefix("2."), words.count >= 2 else { return nil }
        guard let number = Int(token.dropFirst(2)), (1...25).contains(number) else { return nil }
        let title = words.dropFirst().first ?? ""
        guard let initial = title.first, initial.isLetter else { return nil }
        return number
    }

    /// The lines of each AD 2 section, from its (first) heading to the next section's heading; a heading printed
    /// twice (bilingual) starts no new section. A heading printing no number at all starts one only in a document
    /// that numbers none of its headings (Denmark): where others are numbered, such words are a label
    /// (`Informations complémentaires` / `Additional information`, AD 2.11 item 10 of France), or the English
    /// repeat of a numbered national heading.
    ///
    /// A heading set in larger type than the text may wrap (`LOWS AD 2.4 ABFERTIGUNGSDIENSTE UND EIN-` /
    /// `RICHTUNGEN`): the lines right below it in its type (``continuesHeading(_:after:text:)``) are heading, not
    /// text of the section.
    static func sections(_ lines: [PDFLine]) -> [(number: Int, heading: PDFLine, lines: [PDFLine])] {
        var sections: [(number: Int, heading: PDFLine, lines: [PDFLine])] = []
        let numbers = lines.map(headingNumber)
        let numbered = lines.indices.contains { numbers[$0] != nil && !printsNoNumber(lines[$0]) }
        let text = textHeight(lines)
        var headingEnd: PDFLine?
        for (line, number) in zip(lines, numbers) {
            if let number, !numbered || !printsNoNumber(line) || sections.last?.number == number {
                headingEnd = line
                if sections.last?.number == number { continue }
                sections.append((number, line, []))
            } else if !sections.isEmpty {
                if let end = headingEnd, continuesHeading(line, after: end, text: text) {
                    headingEnd = line
                    continue
                }
                headingEnd = nil
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }

    /// Whether `line` wraps the heading whose last line is `heading`: on its page right below it (a gap narrower
    /// than its height), in its type (of its height within a tenth), which is larger than the `text` height of the
    /// document's lines by a fifth or more.
    static func continuesHeading(_ line: PDFLine, after heading: PDFLine, text: Double) -> Bool {
        line.page == heading.page && heading.height >= 1.2 * text && abs(line.height - heading.height) <= 0.1 * heading.height
            && line.y0 > heading.y0 && line.y0 - heading.y1 < heading.height
    }
}
