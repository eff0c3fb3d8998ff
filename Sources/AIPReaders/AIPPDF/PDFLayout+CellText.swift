extension PDFLayout {
    /// One line of a cell: its words, the column's right edge on its page, and whether it starts a sub-row.
    typealias CellLine = (words: [PDFWord], right: Double, newRow: Bool)

    /// Joins the lines of one cell. A line continues the one before it when that one wrapped: the next line's first
    /// word would not have fitted after it, up to `right` (the column's right edge on the page), or the line before
    /// ends in a word that joins (`and`, `of`: ``joiningWords``). It continues with a space, or with nothing after a
    /// word ending in `/` or `-` (kept; a hyphen between two letters before a small letter is marked as a possible
    /// typesetting hyphen, a soft hyphen U+00AD, for ``resolvingSoftHyphens(_:vocabulary:)`` to decide with the
    /// document's own words). A line that starts a sub-row (`newRow`: it has its own label), starts
    /// with a key (`TEL:`, `On-stand de-icing:`, `Address :`; capitalised, unlike a wrapped `information:`), starts
    /// as the line before did (a list: ``entryLike(_:_:)``), or
    /// follows a sentence's end with a capital always starts a new line (`joiner`), unless one of the two lines
    /// runs a sentence on into the next (`…not allowed. The handling…`): such text is typeset as a paragraph, and
    /// its line ends are wraps even at a sentence's end (Switzerland: `…is mandatory.` / `Self-handling is not
    /// allowed. The handling agents are:`). A line starting with a small
    /// letter or a digit, with no key (`e-mail:`) or list marker (`2.`, `2)`), after a line that fills three
    /// quarters of the column (from the cell's left edge) and ends no clause (not in `.`, `:` or `;`), continues it
    /// even when its first word would have fitted: a list entry hardly starts so after a full line, the break is a
    /// wrap of the text as it was typeset for another width (Italy: `…request to` / `the following…`, a line short
    /// of the edge; `…the following +39` / `010 6505709…`).
    static func joinLines(_ lines: [CellLine], joiner: String) -> String {
        var text = ""
        var previous: [PDFWord]?
        let left = lines.compactMap(\.words.first?.x0).min() ?? 0
        // The space between words as typeset unstretched: on the lines short of their column's edge.
        let short = lines.filter { line in line.words.last.map { $0.x1 < line.right - PDFColumns.slack($0.height) } ?? false }
        let space = median(short.flatMap { line in zip(line.words, line.words.dropFirst()).map { $1.x0 - $0.x1 } })
        for (line, right, newRow) in lines where !line.isEmpty {
            if let previous, let last = previous.last {
                if newRow || startsLine(line, after: previous, left: left, right: right, space: space) {
                    text += joiner
                } else if ["/", "-"].contains(last.text) || !(last.text.hasSuffix("/") || last.text.hasSuffix("-")) {
                    text += " "
                } else if last.text.hasSuffix("-"), last.text.dropLast().last?.isLetter == true, line.first?.text.first?.isLowercase == true {
                    text = text.dropLast() + "\u{AD}"
                }
            }
            text += PDFLine.join(line)
            previous = line
        }
        return text
    }

    /// Whether `line` starts a new line of its cell (from `left` to `right`) after `previous`, rather than
    /// continuing it (see ``joinLines(_:joiner:)``). `space` is the cell's unstretched space between words (default:
    /// a third of the text's height).
    static func startsLine(_ line: [PDFWord], after previous: [PDFWord], left: Double, right: Double, space: Double? = nil) -> Bool {
        guard let last = previous.last, let first = line.first else { return false }
        // A line ending in a word that joins (`Fuel and` / `oil types:`) goes on below, and so does a line of
        // justified text, filling its column to the edge with its spaces stretched (a paragraph's last line is not
        // stretched: `…ETA y ETD.` squeezed to fit ends one), unless the next one starts a list entry (`(3)`, `- `).
        if joiningWords.contains(last.text.lowercased()) { return false }
        let listEntry = first.text == "-" || (first.text.hasPrefix("(") && first.text.dropFirst().first?.isNumber == true)
            || ([".", ")"].contains(where: first.text.hasSuffix) && first.text.dropLast().allSatisfy(\.isNumber))
        let gaps = zip(previous, previous.dropFirst()).map { $1.x0 - $0.x1 }
        let stretched = !gaps.isEmpty && gaps.reduce(0, +) / Double(gaps.count) > 1.1 * (space ?? last.height / 3)
        if last.x1 >= right - PDFColumns.slack(last.height), stretched, !listEntry, !entryLike(first, previous.first) { return false }
        let fits = last.x1 + 0.25 * first.height + (first.x1 - first.x0) <= right + 0.1 * first.height
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

    /// Conjunctions, prepositions and articles of the template's English and of the national languages beside it:
    /// no line of text ends in one.
    static let joiningWords: Set<String> = [
        "and", "or", "of", "for", "to", "from", "at", "with", "the", "in", "on", "by", "an",
        "et", "ou", "de", "du", "des", "le", "la", "les", "und", "oder", "der", "die", "das", "y", "del", "di", "e", "a",
    ]

    /// `text` with each soft hyphen of ``joinLines(_:joiner:)`` (a hyphen at a line's end between two letters)
    /// decided by the document's own words (`vocabulary`, lowercased): dropped when the joined word, or it with a
    /// plural `s` added or dropped, is printed elsewhere in the document and the hyphenated one is not (`passen-` /
    /// `gers`, with `Passenger` in a heading), kept as a hyphen otherwise (`de-` / `iced`, `fire-` / `fighting`):
    /// no dictionary, and a word seen hyphenated stays so.
    static func resolvingSoftHyphens(_ text: String, vocabulary: Set<String>) -> String {
        guard text.contains("\u{AD}") else { return text }
        var result = ""
        var rest = Substring(text)
        while let mark = rest.firstIndex(of: "\u{AD}") {
            let before = rest[..<mark], after = rest[rest.index(after: mark)...]
            let head = String(before.reversed().prefix { $0.isLetter }.reversed()), tail = String(after.prefix { $0.isLetter })
            let joined = (head + tail).lowercased()
            let printed = [joined, joined + "s", joined.hasSuffix("s") ? String(joined.dropLast()) : joined].contains(where: vocabulary.contains)
            result += before + (printed && !vocabulary.contains((head + "-" + tail).lowercased()) ? "" : "-")
            rest = after
        }
        return result + rest
    }

    /// The words of `lines`, lowercased, cut at anything but letters, digits and hyphens (for
    /// ``resolvingSoftHyphens(_:vocabulary:)``).
    static func vocabulary(_ lines: [PDFLine]) -> Set<String> {
        Set(lines.flatMap { $0.words.flatMap { $0.text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "-" }.map(String.init) } })
    }

    /// Whether a line ends a sentence and starts another one after it (`allowed. The`, `not heated. 1 hangar`).
    static func runsSentencesOn(_ line: [PDFWord]) -> Bool {
        zip(line, line.dropFirst()).contains { $0.text.hasSuffix(".") && $1.text.first.map { $0.isUppercase || $0.isNumber } == true }
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
