/// Where two texts differ, by words: the common beginning and end, and the differing middle of each. Enough to
/// mark what changed in an AIP item (`H24` → `O/R 24 HR`, one sentence edited) without a full diff.
struct TextDifference: Equatable {
    var prefix: String
    var removed: String
    var inserted: String
    var suffix: String

    init(old: String, new: String) {
        let (a, b) = (Self.words(old), Self.words(new))
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var end = 0
        while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        prefix = a[..<start].joined()
        removed = a[start..<(a.count - end)].joined()
        inserted = b[start..<(b.count - end)].joined()
        suffix = a[(a.count - end)...].joined()
    }

    /// The text cut into words, each with the spaces after it, so the pieces joined give the text back.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                inSpace = true
            } else if inSpace {
                words.append(current)
                current = ""
                inSpace = false
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
