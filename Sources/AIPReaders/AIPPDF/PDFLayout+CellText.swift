extension PDFLayout {
    /// One line of a cell: its words, the column's right edge on its page, and whether it starts a sub-row.
    typealias CellLine = (words: [PDFWord], right: Double, newRow: Bool)

    /// Joins the lines of one cell. A line continues the one before it when that one wrapped: the next line's first
    /// word would not have fitted after it, up to `right` (the column's right edge on the page). It continues with
    /// a space, or with nothing after a word ending in `/` or `-` (kept: a dictionary would be needed to tell a
    /// typesetting hyphen from a real one). A line that starts a sub-row (`newRow`: it has its own label), starts
    /// with a key (`TEL:`, `On-stand de-icing:`, `Address :`; capitalised, unlike a wrapped `information:`), or
    /// follows a sentence's end with a capital always starts a new line (`joiner`), unless one of the two lines
    /// runs a sentence on into the next (`…not allowed. The handling…`): such text is typeset as a paragraph, and
    /// its line ends are wraps even at a sentence's end (Switzerland: `…is mandatory.` / `Self-handling is not
    /// allowed. The handling agents are:`). A line starting with a small
    /// letter or a digit, with no key (`e-mail:`) or list marker (`2.`, `2)`), after a line that fills three
    /// quarters of the column (from the cell's left edge) and ends no clause (not in `.`, `:` or `;`), continues it
    /// even when its first word would have fitted: a list entry hardly starts so after a full line, the break is a
    /// wrap of the text as it was typeset for another width (Italy: `…request to` / `the following…`, 11 pt short
    /// of the edge; `…the following +39` / `010 6505709…`).
    static func joinLines(_ lines: [CellLine], joiner: String) -> String {
        var text = ""
        var previous: [PDFWord]?
        let left = lines.compactMap(\.words.first?.x0).min() ?? 0
        for (line, right, newRow) in lines where !line.isEmpty {
            if let previous, let last = previous.last {
                if newRow || startsLine(line, after: previous, left: left, right: right) {
                    text += joiner
                } else if last.text == "/" || !(last.text.hasSuffix("/") || last.text.hasSuffix("-")) {
                    text += " "
                }
            }
            text += PDFLine.join(line)
            previous = line
        }
        return text
    }

    /// Whether `line` starts a new line of its cell (from `left` to `right`) after `previous`, rather than
    /// continuing it (see ``joinLines(_:joiner:)``).
    static func startsLine(_ line: [PDFWord], after previous: [PDFWord], left: Double, right: Double) -> Bool {
        guard let last = previous.last, let first = line.first else { return false }
        let space = 0.25 * first.height
        let fits = last.x1 + space + (first.x1 - first.x0) <= right + 0.1 * first.height
        let sentenceEnd = [".", ":", ";"].contains(where: last.text.hasSuffix) && first.text.first.map { $0.isUppercase || $0.isNumber } == true
            && !runsSentencesOn(previous) && !runsSentencesOn(line)
        let hasKey = line.prefix(3).contains { $0.text.hasSuffix(":") }
        let startsWithKey = first.text.first.map { $0.isUppercase || $0.isNumber } == true && hasKey
        let listMarker = [".", ")"].contains(where: first.text.hasSuffix) && first.text.dropLast().allSatisfy(\.isNumber)
        let continuesClause = first.text.first.map { $0.isLowercase || $0.isNumber } == true && !hasKey && !listMarker
            && last.x1 >= left + 0.75 * (right - left)
            && ![".", ":", ";"].contains(where: last.text.hasSuffix)
        return (fits && !continuesClause) || sentenceEnd || startsWithKey || entryLike(first, previous.first)
    }

    /// Whether two lines start alike, as entries of a list do (`353 360 610 ředitel` / `731 195 004 handling…`,
    /// `+ 420 353…` / `+ 420 731…`): both with a number of as many digits, or with the same sign.
    static func entryLike(_ first: PDFWord, _ previous: PDFWord?) -> Bool {
        guard let previous else { return false }
        let digits = first.text.prefix(while: \.isNumber).count
        if digits > 0 { return digits == previous.text.prefix(while: \.isNumber).count && digits == first.text.count && previous.text.count == digits }
        return first.text == previous.text && first.text.allSatisfy { !$0.isLetter && !$0.isNumber }
    }

    /// Whether a line ends a sentence and starts another one after it (`allowed. The`).
    static func runsSentencesOn(_ line: [PDFWord]) -> Bool {
        zip(line, line.dropFirst()).contains { $0.text.hasSuffix(".") && $1.text.first?.isUppercase == true }
    }

    /// The lines of one language's half of a split cell, each also starting a new line where the other half starts
    /// one on the same two rows after a full line (three quarters of its column) and this half's line starts with
    /// a capital: both halves say the same thing line for line, and a break before a word that would have fitted
    /// on one side shows the break that the full line of the other side hides (France: `…camion de 8.2 m3` /
    /// `Oxygène sur demande.` beside `…8.2 m3 truck` / `Oxygen on request.`).
    static func parallelBreaks(_ lines: [CellLine], _ other: [CellLine]) -> [CellLine] {
        let left = other.compactMap(\.words.first?.x0).min() ?? 0
        return lines.indices.map { index in
            var line = lines[index]
            if index > 0, !lines[index - 1].words.isEmpty, lines[index].words.first?.text.first?.isUppercase == true,
               let otherLast = other[index - 1].words.last, !other[index].words.isEmpty,
               otherLast.x1 >= left + 0.75 * (other[index].right - left),
               startsLine(other[index].words, after: other[index - 1].words, left: left, right: other[index].right) {
                line.newRow = true
            }
            return line
        }
    }
}
