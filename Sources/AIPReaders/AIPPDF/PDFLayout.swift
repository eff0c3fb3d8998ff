/// Layout analysis of an AIP aerodrome chapter: pure functions from word boxes to sections and items, testable
/// without PDFs. Nothing here knows a state: columns come from the geometry of each section, headings from the
/// forms `XXXX AD 2.3`, `AD 2.3`, `XXXX 2.3`, `AD 2 XXXX.3`.
enum PDFLayout {
    /// The body of the document: lines of every page, running headers/footers and artefacts removed, in page order
    /// and, on pages set in two text columns, in reading order (``readingOrder(_:)``).
    static func body(_ layer: PDFTextLayer) -> [PDFLine] {
        readingOrder(layer.pages.map { page in
            let lines = lines(of: page.words.filter { !isArtefact($0) })
            let headerBottom = runningHeaderBottom(lines, pageHeight: page.height)
            return lines.filter { $0.midY > headerBottom && $0.midY <= runningFooterTop(pageHeight: page.height) }
        }).flatMap { $0 }
    }

    /// The AD 2 section number a heading line announces (`EBOS AD 2.3 Operational Hours` → 3), nil for other lines.
    /// The number must be followed by a title word, so references (`See AD 2.11`, `AD 2.24.1`) are no headings.
    static func headingNumber(_ line: PDFLine) -> Int? {
        var words = line.words.map(\.text)[...]
        if let first = words.first, first.count == 4, first.allSatisfy({ $0.isASCII && $0.isUppercase }), first != "ICAO" { words = words.dropFirst() }
        if words.first == "AD" { words = words.dropFirst() }
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
    /// twice (bilingual) starts no new section.
    static func sections(_ lines: [PDFLine]) -> [(number: Int, heading: PDFLine, lines: [PDFLine])] {
        var sections: [(number: Int, heading: PDFLine, lines: [PDFLine])] = []
        for line in lines {
            if let number = headingNumber(line) {
                if sections.last?.number == number { continue }
                sections.append((number, line, []))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }
}
