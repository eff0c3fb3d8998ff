/// The aerodrome, name and date of a chapter, read from its headings and running headers (never the file name).
enum PDFDocumentFacts {
    /// The ICAO code most often printed beside `AD 2` in headings and headers (`EBOS AD 2.3`, `AD 2.EBOS-1`,
    /// `AD 2 EDSB 1-1`, `AD-2.LFAT -1`, `ESMS 2.2`).
    static func icao(headings: [PDFLine], lines: [PDFLine]) -> String? {
        var votes: [String: Int] = [:]
        func isCode(_ text: Substring) -> Bool { text.count == 4 && text.allSatisfy { $0.isASCII && $0.isUppercase } && text != "ICAO" }
        for heading in headings {
            if let first = heading.words.first?.text[...], isCode(first) { votes[String(first), default: 0] += 1 }
        }
        for line in lines {
            let words = line.words.map(\.text)
            for (index, word) in words.enumerated() where word == "AD" || word == "AD-2" || word.hasPrefix("AD-2.") || word.hasPrefix("2.") {
                // `AD 2.EBOS-1`, `AD-2.LFAT`, `AD 2 EDSB`
                var candidates: [Substring] = []
                if word.hasPrefix("AD-2.") { candidates.append(word.dropFirst(5).prefix(4)) }
                if word == "AD", index + 1 < words.count {
                    let next = words[index + 1]
                    if next.hasPrefix("2.") { candidates.append(next.dropFirst(2).prefix(4)) }
                    if next == "2", index + 2 < words.count { candidates.append(words[index + 2].prefix(4)) }
                }
                for candidate in candidates where isCode(candidate) { votes[String(candidate), default: 0] += 1 }
            }
        }
        return votes.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The aerodrome's name from the AD 2.1 section (`EBOS - OOSTENDE-BRUGGE / Oostende`), without the code.
    static func name(section lines: [PDFLine], icao: String) -> String? {
        for line in lines {
            var words = line.words.map(\.text)[...]
            guard words.first == icao else { continue }
            words = words.dropFirst()
            if let dash = words.first, ["-", "—", "–", "/"].contains(dash) { words = words.dropFirst() }
            let name = words.joined(separator: " ")
            if !name.isEmpty { return name }
        }
        return nil
    }

    private static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    /// The latest date printed in the running headers (`29-DEC-2022`, `08 OCT 2020`, `20 Apr 2023`) as
    /// `YYYY-MM-DD`: a chapter's pages carry their own dates, and the newest says which edition this is.
    static func effectiveDate(_ layer: PDFTextLayer) -> String? {
        var dates: [String] = []
        for page in layer.pages {
            let header = PDFLayout.lines(of: page.words).filter { PDFLayout.isRunningHeaderOrFooter($0, pageHeight: page.height) && $0.midY < page.height / 2 }
            let tokens = header.flatMap { $0.words.flatMap { $0.text.split(separator: "-") } }
            for index in tokens.indices.dropLast(2) {
                guard let day = Int(tokens[index]), (1...31).contains(day),
                      let month = months.firstIndex(of: tokens[index + 1].uppercased()),
                      tokens[index + 2].count == 4, let year = Int(tokens[index + 2]), (1990...2100).contains(year) else { continue }
                dates.append(String(format: "%04d-%02d-%02d", year, month + 1, day))
            }
        }
        return dates.max()
    }
}
