/// The aerodrome, name and date of a chapter, read from its headings, running headers and AD 2.1 title line; the file
/// name only names the aerodrome of a chapter that prints its code nowhere else.
enum PDFDocumentFacts {
    /// The ICAO code a chapter prints most often where the ICAO template puts it: beside `AD 2` in its page
    /// headers and section headings, whatever the punctuation between (`EBOS AD 2.3`, `AD 2.EBOS-1`, `AD 2 EDSB
    /// 1-1`, `AD-2.LFAT -1`, `AD 2 - EKAH - 1`, `AD 2-LEGE 1`, `LSGS AD 2 - 1`), first on a section heading (`ESMS
    /// 2.2`), or before the name on the AD 2.1 line (`EKAH - Aarhus`). Failing all, the file's name when it is one
    /// code (`EKAH.pdf`), for a chapter that has AD 2 sections but prints its code nowhere (`file` is its path).
    static func icao(headings: [PDFLine], lines: [PDFLine], locationLines: [PDFLine] = [], file: String = "") -> String? {
        var votes: [String: Int] = [:]
        for heading in headings {
            if let first = heading.words.first?.text, isCode(first) { votes[first, default: 0] += 1 }
        }
        for line in lines {
            // Words cut at punctuation (`2.EBOS-1`, `2-LEGE`), not at spaces (a word never holds one).
            let tokens = line.words.flatMap { $0.text.split { !$0.isLetter && !$0.isNumber && !$0.isWhitespace }.map(String.init) }
            for index in tokens.indices.dropLast() where tokens[index] == "AD" && tokens[index + 1] == "2" {
                // The code right after `AD 2`, else right before `AD`.
                if index + 2 < tokens.count, isCode(tokens[index + 2]) {
                    votes[tokens[index + 2], default: 0] += 1
                } else if index > 0, isCode(tokens[index - 1]) {
                    votes[tokens[index - 1], default: 0] += 1
                }
            }
        }
        for line in locationLines {
            let words = line.words.map(\.text)
            for index in words.indices.dropLast() where isCode(words[index]) && ["-", "–", "—"].contains(words[index + 1]) {
                votes[words[index], default: 0] += 1
            }
        }
        if let best = votes.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key { return best }
        let name = (file.split(separator: "/").last ?? "").split(separator: ".").first.map(String.init) ?? ""
        return isCode(name) && !headings.isEmpty ? name : nil
    }

    /// Four capital letters, not the word `ICAO`.
    static func isCode(_ text: String) -> Bool { text.count == 4 && text.allSatisfy { $0.isASCII && $0.isUppercase } && text != "ICAO" }

    /// The aerodrome's name from the AD 2.1 heading or section (`EBOS - OOSTENDE-BRUGGE / Oostende`, `…Name:
    /// EKAH - Aarhus`): the words after the code that starts a line, or after the code and a dash inside one.
    /// `lines` are AD 2.1 headings and their sections' lines; a heading starting with the code names no name.
    static func name(section lines: [PDFLine], icao: String) -> String? {
        for line in lines {
            var words = line.words.map(\.text)[...]
            guard let code = words.firstIndex(of: icao) else { continue }
            let dashed = code + 1 < words.endIndex && ["-", "—", "–", "/"].contains(words[code + 1])
            guard (code == words.startIndex && PDFLayout.headingNumber(line) == nil) || dashed else { continue }
            words = words[(code + (dashed ? 2 : 1))...]
            let name = words.joined(separator: " ")
            if !name.isEmpty { return name }
        }
        return nil
    }

    private static let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]

    /// The latest date printed in the running headers (`29-DEC-2022`, `08 OCT 2020`, `20 Apr 2023`, `10 AUG 23`,
    /// `WEF 03-NOV-22`) as `YYYY-MM-DD`: a chapter's pages carry their own dates, and the newest says which edition
    /// this is. A two-digit year is of this century (AIPs are not older).
    static func effectiveDate(_ layer: PDFTextLayer) -> String? {
        var dates: [String] = []
        for page in layer.pages {
            let header = PDFLayout.lines(of: page.words).filter { PDFLayout.isRunningHeaderOrFooter($0, pageHeight: page.height) && $0.midY < page.height / 2 }
            let tokens = header.flatMap { $0.words.flatMap { $0.text.split(separator: "-") } }
            for index in tokens.indices.dropLast(2) {
                guard let day = Int(tokens[index]), (1...31).contains(day),
                      let month = months.firstIndex(of: tokens[index + 1].uppercased()),
                      [2, 4].contains(tokens[index + 2].count), let printed = Int(tokens[index + 2]) else { continue }
                let year = printed < 100 ? 2000 + printed : printed
                guard (1990...2100).contains(year) else { continue }
                dates.append(String(format: "%04d-%02d-%02d", year, month + 1, day))
            }
        }
        return dates.max()
    }
}
