extension PDFLayout {
    /// Joins the lines of one cell. A line continues the one before it when that one wrapped: the next line's first
    /// word would not have fitted after it, up to `right` (the column's right edge on the page). It continues with
    /// a space, or with nothing after a word ending in `/` or `-` (kept: a dictionary would be needed to tell a
    /// typesetting hyphen from a real one). A line that starts a sub-row (`newRow`: it has its own label), starts
    /// with a key (`TEL:`, `On-stand de-icing:`, `Address :`; capitalised, unlike a wrapped `information:`), or
    /// follows a sentence's end with a capital always starts a new line (`joiner`). A line starting with a small
    /// letter or a digit, with no key (`e-mail:`) or list marker (`2.`, `2)`), after a line that fills three
    /// quarters of the column (from the cell's left edge) and ends no clause (not in `.`, `:` or `;`), continues it
    /// even when its first word would have fitted: a list entry hardly starts so after a full line, the break is a
    /// wrap of the text as it was typeset for another width (Italy: `…request to` / `the following…`, 11 pt short
    /// of the edge; `…the following +39` / `010 6505709…`).
    static func joinLines(_ lines: [(words: [PDFWord], right: Double, newRow: Bool)], joiner: String) -> String {
        var text = ""
        var previous: [PDFWord]?
        let left = lines.compactMap(\.words.first?.x0).min() ?? 0
        for (line, right, newRow) in lines where !line.isEmpty {
            let current = PDFLine.join(line)
            if let previous, let last = previous.last, let first = line.first {
                let space = max(2, 0.25 * first.height)
                let fits = last.x1 + space + (first.x1 - first.x0) <= right + 1
                let sentenceEnd = [".", ":", ";"].contains(where: last.text.hasSuffix) && first.text.first.map { $0.isUppercase || $0.isNumber } == true
                let hasKey = line.prefix(3).contains { $0.text.hasSuffix(":") }
                let startsWithKey = first.text.first.map { $0.isUppercase || $0.isNumber } == true && hasKey
                let listMarker = [".", ")"].contains(where: first.text.hasSuffix) && first.text.dropLast().allSatisfy(\.isNumber)
                let continuesClause = first.text.first.map { $0.isLowercase || $0.isNumber } == true && !hasKey && !listMarker
                    && last.x1 >= left + 0.75 * (right - left)
                    && ![".", ":", ";"].contains(where: last.text.hasSuffix)
                if (fits && !continuesClause) || newRow || sentenceEnd || startsWithKey {
                    text += joiner
                } else if last.text == "/" || !(last.text.hasSuffix("/") || last.text.hasSuffix("-")) {
                    text += " "
                }
            }
            text += current
            previous = line
        }
        return text
    }
}
