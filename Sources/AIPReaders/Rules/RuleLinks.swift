import Foundation

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
        var rest = text[...]
        while let start = rest.range(of: "http", options: .caseInsensitive)?.lowerBound {
            let candidate = rest[start...]
            guard startsWithScheme(candidate) else {
                rest = rest[rest.index(after: start)...]
                continue
            }
            let end = candidate.firstIndex { $0.isWhitespace || "\"'<>".contains($0) } ?? candidate.endIndex
            var url = candidate[..<end]
            while let last = url.last {
                let unopened = (last == ")" && !url.contains("(")) || (last == "]" && !url.contains("["))
                guard ".,;:!?".contains(last) || unopened else { break }
                url = url.dropLast()
            }
            if url.count > (url.lowercased().hasPrefix("https") ? 8 : 7) { found.append(url) }
            rest = candidate[end...]
        }
        return found
    }

    private static func startsWithScheme(_ text: Substring) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
