/// Words of one page that share a baseline band, left to right.
struct PDFLine: Sendable, Equatable {
    var page: Int
    var words: [PDFWord]
    /// The right edge of the text column the line was read from, on a page read column by column (see
    /// ``PDFLayout/readColumns(_:gutter:)``): its text wraps there, not at the page's margin.
    var columnRight: Double? = nil

    // Without an array of the words' edges: lines are measured inside every layout loop.
    var y0: Double {
        guard var top = words.first?.y0 else { return 0 }
        for word in words where word.y0 < top { top = word.y0 }
        return top
    }
    var y1: Double {
        guard var bottom = words.first?.y1 else { return 0 }
        for word in words where bottom < word.y1 { bottom = word.y1 }
        return bottom
    }
    var midY: Double { (y0 + y1) / 2 }
    var height: Double { y1 - y0 }
    var text: String { Self.join(words) }

    /// Words joined by single spaces: column gaps and tab alignment inside a cell become one space.
    static func join(_ words: [PDFWord]) -> String { words.map(\.text).joined(separator: " ") }

    /// A position that orders lines through the whole document (page first, then height on the page).
    var order: Double { Double(page) * 100_000 + midY }
}

extension PDFLayout {
    /// The page's words grouped into lines: a word joins the line whose vertical middle lies within half the
    /// smaller of the two heights (superscripts and mixed font sizes stay on their line).
    static func lines(of words: [PDFWord]) -> [PDFLine] {
        var lines: [PDFLine] = []
        for word in words.sorted(by: { ($0.page, $0.midY, $0.x0) < ($1.page, $1.midY, $1.x0) }) {
            if let last = lines.indices.last, lines[last].page == word.page,
               abs(lines[last].midY - word.midY) < 0.5 * min(lines[last].height, word.height) {
                lines[last].words.append(word)
            } else {
                lines.append(PDFLine(page: word.page, words: [word]))
            }
        }
        for index in lines.indices {
            lines[index].words.sort { $0.x0 < $1.x0 }
            lines[index].words = degreeSigns(lines[index].words)
        }
        return lines
    }

    /// Words of one line with a degree sign set as a raised small `o` (`23,8` `o` → `23,8°`, Czechia) joined to
    /// the number it follows: smaller than the number by a fifth or more, its bottom above the number's by a quarter
    /// of the number's height, and touching it (closer than a space).
    static func degreeSigns(_ words: [PDFWord]) -> [PDFWord] {
        var joined: [PDFWord] = []
        for word in words {
            if word.text == "o", var number = joined.last, number.text.last?.isNumber == true, word.height <= 0.8 * number.height,
               word.y1 <= number.y1 - 0.25 * number.height, word.x0 - number.x1 < 0.1 * number.height {
                number.text += "°"
                number.x1 = word.x1
                joined[joined.count - 1] = number
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// The lines of the running header and footer bands: the top 7.2 % and bottom 6.5 % of a page, where AIP
    /// pages print their state, page number, date and amendment (and text layers hide stray dates).
    static func isRunningHeaderOrFooter(_ line: PDFLine, pageHeight: Double) -> Bool {
        guard pageHeight > 0 else { return false }
        return line.midY < 0.072 * pageHeight || line.midY > runningFooterTop(pageHeight: pageHeight)
    }

    static func runningFooterTop(pageHeight: Double) -> Double { 0.935 * pageHeight }

    /// Where the running header of a page ends: in the lowest wide vertical gap (a line height or more) below
    /// a line of the header band (the top 7.2 %), so that a table row printed just below a short header stays in
    /// the body; at the band's edge when there is no such gap.
    static func runningHeaderBottom(_ lines: [PDFLine], pageHeight: Double) -> Double {
        let band = 0.072 * pageHeight
        let sorted = lines.sorted { $0.midY < $1.midY }
        var bottom = band
        for (line, below) in zip(sorted, sorted.dropFirst()) where line.midY < band {
            if below.y0 - line.y1 >= max(line.height, below.height) { bottom = (line.y1 + below.y0) / 2 }
        }
        return min(band, bottom)
    }

    /// Text-layer artefacts invisible on the page (`~~~RIGHT~~~`, `~~~END~~~` markers of the French SIA).
    static func isArtefact(_ word: PDFWord) -> Bool {
        word.text.hasPrefix("~~~") && word.text.hasSuffix("~~~")
    }
}
