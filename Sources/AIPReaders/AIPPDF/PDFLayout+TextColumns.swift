/// Pages set in two text columns side by side (Denmark): read column by column, so that everything after sees the
/// text in reading order.
///
/// A page may be set in two columns when it shows a gutter, a vertical band no line crosses (a line crosses it with
/// a word, or with a gap between two words narrower than a column gutter), that
/// - is free on four lines in five or more (titles set over both columns may cross it);
/// - runs through the middle fifth of the body text's width, so both columns are of paragraph width (the
///   label/value gutter of most tables sits at a third of the width or less, the language split of French cells at
///   two thirds);
/// - has three lines or more on each side, and on each side a line starting at that side's left edge with an item
///   number or a section heading.
///
/// That alone does not tell two columns of text from a table whose value column starts mid-page and holds
/// numbered lists (Italy: `1. ARO CBO MILANO: see GEN 3.1`; Germany: values starting `12 km`). What does is the
/// order the template gives sections and items: the document is read by columns when some page shows a section
/// heading on each side of its gutter (a table's value column starts no section, and a heading beside the same
/// section's is one heading in two languages: ``startsSectionsOnBothSides(_:gutter:)``), or items of one section
/// running on from the left column into the right one (the right column's first item number follows one of the
/// left column's, and the right column starts no list at 1); then each of its pages with a gutter is.
///
/// Such a page is cut into bands at the lines that cross the gutter (titles over both columns), and at a line of
/// the left column with nothing beside it that starts a section, or an item numbered past every item the band's
/// right column holds (the section's last item, set under both columns: Denmark's `7. Remarks: NIL`); each band
/// is read left column then right column. The reader sees the page as one tall column: each part's words are moved
/// below the previous part (by a gap of two line heights, so that no label cell runs on across a column break)
/// and, for a right column, left by the distance between the two columns' left edges. Word boxes of such a page are
/// reading positions, not print positions; the page number is kept.
extension PDFLayout {
    /// The body lines of each page in reading order: unchanged unless the document is set in text columns (above).
    ///
    /// `extents` holds the left and right edges of all the text of each page, running header and footer included
    /// (default: of its body lines): a right column of short lines (`1. Hotels: NIL`) must not narrow the page and
    /// move its middle fifth onto the left column. `gutters` are the pages' ``columnGutter(_:extent:)``, when the caller
    /// has them already.
    static func readingOrder(_ pages: [[PDFLine]], extents: [ClosedRange<Double>?]? = nil, gutters: [Double?]? = nil) -> [[PDFLine]] {
        let gutters = gutters ?? pages.indices.map { columnGutter(pages[$0], extent: extents?[$0]) }
        let readByColumns = zip(pages, gutters).contains { lines, gutter in
            guard let gutter else { return false }
            return startsSectionsOnBothSides(lines, gutter: gutter) || itemsRunOn(lines, gutter: gutter)
        }
        guard readByColumns else { return pages }
        return pages.indices.map { index in
            gutters[index].map { readColumns(pages[index], gutter: $0, right: extents?[index]?.upperBound) } ?? pages[index]
        }
    }

    /// Whether a page starts sections on both sides of its gutter. A heading beside the same section's heading on
    /// one line is that heading printed in two languages side by side over a table spanning both sides (Austria:
    /// `LOWS AD 2.3 BETRIEBSZEITEN` beside `LOWS AD 2.3 OPERATIONAL HOURS`), not a section of each column.
    static func startsSectionsOnBothSides(_ lines: [PDFLine], gutter: Double) -> Bool {
        var starts = [false, false]
        for line in lines where !crosses(line, at: gutter) {
            let numbers = [line.words.filter { $0.x1 <= gutter }, line.words.filter { $0.x1 > gutter }]
                .map { $0.isEmpty ? nil : headingNumber(PDFLine(page: line.page, words: $0)) }
            guard numbers[0] == nil || numbers[0] != numbers[1] else { continue }
            starts = [starts[0] || numbers[0] != nil, starts[1] || numbers[1] != nil]
        }
        return starts[0] && starts[1]
    }

    /// Whether the items of some section of a page run on from the left column into the right one: between two
    /// section headings, the right column's item numbers (at its left edge) are two or more in sequence, hold no 1,
    /// and start right after one of the left column's (a value starting with a number, `3 NM N`, is no item).
    static func itemsRunOn(_ lines: [PDFLine], gutter: Double) -> Bool {
        var left = Set<Int>(), right = Set<Int>()
        func runsOn() -> Bool {
            guard let first = right.min(), let last = right.max(), right.count >= 2, last - first + 1 == right.count else { return false }
            return first > 1 && left.contains(first - 1) && !left.contains(first)
        }
        let free = lines.filter { !crosses($0, at: gutter) }.sorted { $0.midY < $1.midY }
        let edges = sides(free, gutter: gutter).map { $0.map { $0[0].x0 }.min() ?? 0 }
        for line in free {
            let parts = [line.words.filter { $0.x1 <= gutter }, line.words.filter { $0.x1 > gutter }]
            if parts.contains(where: { !$0.isEmpty && headingNumber(PDFLine(page: line.page, words: $0)) != nil }) {
                if runsOn() { return true }
                (left, right) = ([], [])
                continue
            }
            for (side, part) in parts.enumerated() {
                guard let first = part.first, first.x0 < edges[side] + PDFColumns.numberColumnWidth(first.height),
                      let number = itemNumber(first) else { continue }
                if side == 0 { left.insert(number) } else { right.insert(number) }
            }
        }
        return runsOn()
    }

    /// The lines of a page read band by band, each band's left column then its right one (see above). `right` is
    /// the right edge of all the page's text (running header included; default: of its right column's words),
    /// where its right column wraps; the left column wraps at its widest line.
    static func readColumns(_ lines: [PDFLine], gutter: Double, right pageRight: Double? = nil) -> [PDFLine] {
        var parts: [[PDFWord]] = []
        var left: [PDFWord] = [], right: [PDFWord] = []
        func closeBand() {
            parts += [left, right].filter { !$0.isEmpty }
            (left, right) = ([], [])
        }
        let free = lines.filter { !crosses($0, at: gutter) }
        let sorted = lines.sorted { $0.midY < $1.midY }
        for line in sorted {
            let leftWords = line.words.filter { $0.x1 <= gutter }, rightWords = line.words.filter { $0.x1 > gutter }
            if crosses(line, at: gutter) {
                closeBand()
                parts.append(line.words)
                continue
            }
            if rightWords.isEmpty, let first = leftWords.first, startsBand(line, first: first, beside: sorted, gutter: gutter, right: right) {
                closeBand()
            }
            left += leftWords
            right += rightWords
        }
        closeBand()
        let leftEdge = lines.compactMap { $0.words.first?.x0 }.min() ?? 0
        let leftWords = free.flatMap { $0.words.filter { $0.x1 <= gutter } }, rightWords = free.flatMap { $0.words.filter { $0.x1 > gutter } }
        let rightEdge = rightWords.map(\.x0).min() ?? gutter
        let gap = 2 * (lines.map(\.height).max() ?? 0)
        var cursor = parts.first?.map(\.y0).min() ?? 0
        var read: [PDFLine] = []
        for part in parts {
            let top = part.map(\.y0).min() ?? 0, bottom = part.map(\.y1).max() ?? 0
            let partLeft = part.map(\.x0).min() ?? 0, partRight = part.map(\.x1).max() ?? 0
            // Right columns move onto the left column's edge; left columns and titles stay where they are. A left
            // column's text wraps at its widest line on the page, a right column's at the page's margin.
            let columnRight = partLeft > gutter ? pageRight ?? rightWords.map(\.x1).max() : partRight <= gutter ? leftWords.map(\.x1).max() : nil
            let dx = partLeft > gutter ? leftEdge - rightEdge : 0, dy = cursor - top
            let moved = part.map { PDFWord(page: $0.page, x0: $0.x0 + dx, y0: $0.y0 + dy, x1: $0.x1 + dx, y1: $0.y1 + dy, text: $0.text) }
            read += Self.lines(of: moved).map { line in
                var line = line
                line.columnRight = columnRight.map { $0 + dx }
                return line
            }
            cursor = bottom + dy + gap
        }
        return read
    }

    /// Whether a line of the left column alone (nothing beside it within a line's height) starts a new band: a
    /// section heading, or an item numbered past every item number of the band's right column so far.
    private static func startsBand(_ line: PDFLine, first: PDFWord, beside lines: [PDFLine], gutter: Double, right: [PDFWord]) -> Bool {
        let alone = !lines.contains { other in
            abs(other.midY - line.midY) < line.height && other.words.contains { $0.x1 > gutter }
        }
        guard alone else { return false }
        if headingNumber(line) != nil { return true }
        guard let number = itemNumber(first) else { return false }
        let rightNumbers = PDFLayout.lines(of: right).compactMap { $0.words.first.flatMap(itemNumber) }
        return !rightNumbers.isEmpty && rightNumbers.allSatisfy { $0 < number }
    }

    /// The x of the gutter of a page that may be set in two text columns (see above), nil for a page of one column.
    ///
    /// Candidates are eleven points evenly across the middle fifth and the edges of words inside it, at most 200 of
    /// them (evenly picked), each tested against every line: bounded work on any page.
    static func columnGutter(_ lines: [PDFLine], extent: ClosedRange<Double>? = nil) -> Double? {
        let words = lines.flatMap(\.words)
        guard lines.count >= 6, let textLeft = extent?.lowerBound ?? words.map(\.x0).min(),
              let textRight = extent?.upperBound ?? words.map(\.x1).max(), textRight - textLeft > 12 * textHeight(lines) else {
            return nil
        }
        let width = textRight - textLeft
        let band = (textLeft + 0.4 * width)...(textLeft + 0.6 * width)
        let evenly = (0...10).map { band.lowerBound + Double($0) * 0.02 * width }
        var candidates = Array(Set(evenly + words.flatMap { [($0.x1 + 0.5).rounded(.up), ($0.x0 - 0.5).rounded(.down)] }.filter(band.contains))).sorted()
        if candidates.count > 200 { candidates = stride(from: 0, to: candidates.count, by: candidates.count / 200 + 1).map { candidates[$0] } }
        let freest = candidates.map { x in (x: x, crossing: lines.count { crosses($0, at: x) }) }.min { $0.crossing < $1.crossing }
        guard let gutter = freest, gutter.crossing * 5 <= lines.count else { return nil }
        for parts in sides(lines, gutter: gutter.x) {
            guard parts.count >= 3, let edge = parts.map({ $0[0].x0 }).min() else { return nil }
            let startsItems = parts.contains { part in
                part[0].x0 < edge + PDFColumns.numberColumnWidth(part[0].height) && (itemNumber(part[0]) != nil || headingNumber(PDFLine(page: part[0].page, words: part)) != nil)
            }
            guard startsItems else { return nil }
        }
        return gutter.x
    }

    /// The words left and right of the gutter on each line that does not cross it: for each side, the lines' parts
    /// that hold words.
    static func sides(_ lines: [PDFLine], gutter: Double) -> [[[PDFWord]]] {
        let free = lines.filter { !crosses($0, at: gutter) }
        return [free.map { $0.words.filter { $0.x1 <= gutter } }, free.map { $0.words.filter { $0.x1 > gutter } }].map { $0.filter { !$0.isEmpty } }
    }

    /// Whether a line crosses `x`: a word covers it, or it lies in a gap between two words narrower than a column
    /// gutter (a space inside the text).
    static func crosses(_ line: PDFLine, at x: Double) -> Bool {
        line.words.contains { $0.x0 < x && $0.x1 > x }
            || zip(line.words, line.words.dropFirst()).contains { $0.x1 <= x && $1.x0 >= x && $1.x0 - $0.x1 < PDFColumns.minimumGutter($1.height) }
    }
}
