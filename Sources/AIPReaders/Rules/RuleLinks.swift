/// The links of an answer: the Links cell's URLs, then those written in the answer text.
public enum RuleLinks {
    /// The Links cell split on whitespace, commas and semicolons, keeping `http(s)://` URLs, then every URL found in
    /// `answer` that is not already listed; in order, each once.
    ///
    /// For example, cell `"https://a.example; see below"` and answer `"Yes (https://b.example/x)."` give
    /// `["https://a.example", "https://b.example/x"]`.
    public static func extract(cell: String, answer: String) -> [String] {
        var links: [String] = []
        func add(_ url: Substring) {
            let url = String(url)
            if !links.contains(url) { links.append(url) }
        }
        for token in cell.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == ";" }) where startsWithScheme(token) {
            add(token)
        }
        for url in urls(in: answer) { add(url) }
        return links
    }

    /// URLs written in running text: `http://` or `https://` up to whitespace, a quote or an angle bracket, without
    /// trailing sentence punctuation, and without a closing bracket the URL did not open (`(see https://x.example)`).
    static func urls(in text: String) -> [Substring] {
        var found: [Substring] = []
        let scalars = text.unicodeScalars
        var position = scalars.startIndex
        while position < scalars.endIndex {
            // Only a scalar "h" or "H" can start a URL: skip to the next one without building strings.
            guard scalars[position] == "h" || scalars[position] == "H", startsWithScheme(Substring(scalars[position...])) else {
                position = scalars.index(after: position)
                continue
            }
            let end = scalars[position...].firstIndex { $0.properties.isWhitespace || "\"'<>".unicodeScalars.contains($0) } ?? scalars.endIndex
            var url = Substring(scalars[position..<end])
            while let last = url.last {
                let unopened = (last == ")" && !url.contains("(")) || (last == "]" && !url.contains("["))
                guard ".,;:!?".contains(last) || unopened else { break }
                url = url.dropLast()
            }
            // A scheme alone (`https://`) is no link.
            if url.utf8.count > (url.prefix(5).lowercased() == "https" ? 8 : 7) { found.append(url) }
            position = end
        }
        return found
    }

    private static func startsWithScheme(_ text: Substring) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
