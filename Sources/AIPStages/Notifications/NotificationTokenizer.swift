/// Splits a customs text into words, numbers, punctuation, e-mail addresses and telephone numbers in one linear
/// pass, after capping its length: whatever the text, the work per text is bounded.
///
/// Letters and digits are split apart (`H24` → `H`, `24`; `24HR` → `24`, `HR`), each part after the first marked
/// joined, so patterns can ask whether two parts were written together. Web addresses are skipped.
enum NotificationTokenizer {
    /// Characters (Unicode scalars) read from a text; customs rules come first, and real texts are far shorter.
    static let maxScalars = 4096
    /// Digits kept in a number's value; longer runs keep their digit count but no meaningful value.
    static let maxNumberDigits = 9

    /// The tokens of the first ``maxScalars`` scalars of `text`, and whether the text was longer.
    static func tokens(_ text: String) -> (tokens: [NotificationToken], truncated: Bool) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(min(text.unicodeScalars.count, maxScalars))
        var truncated = false
        for scalar in text.unicodeScalars {
            if scalars.count == maxScalars { truncated = true; break }
            scalars.append(scalar)
        }
        var scanner = Scanner(scalars: scalars)
        scanner.run()
        return (mergingPhones(scanner.tokens, scalars: scalars), truncated)
    }

    /// The single pass over the scalars.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var tokens: [NotificationToken] = []
        var index = 0
        var spaceBefore = true
        /// Runs already known to hold no e-mail address end before this index (keeps the look-ahead linear).
        var emailCheckedUntil = 0
        /// The UTF-8 of the word being read, reused from word to word.
        var wordBytes: [UInt8] = []

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
            tokens.reserveCapacity(scalars.count / 3)
        }

        mutating func run() {
            while index < scalars.count {
                let scalar = scalars[index]
                if isLineBreak(scalar) {
                    if tokens.last?.kind != .symbol("\n") { append(.symbol("\n")) }
                    spaceBefore = true
                    index += 1
                } else if isWhitespace(scalar) {
                    spaceBefore = true
                    index += 1
                } else if isDigit(scalar) || isLetter(scalar) {
                    if scanEmail() || skipWebAddress() { continue }
                    scanAlphanumeric()
                } else if isCombiningMark(scalar) {
                    index += 1
                } else {
                    append(.symbol(normalisedSymbol(scalar)))
                    index += 1
                }
            }
        }

        private mutating func append(_ kind: NotificationToken.Kind) {
            var token = NotificationToken(kind: kind, joined: !spaceBefore)
            if case .word(let word) = kind { token.wordClass = NotificationVocabulary.classes[word] ?? [] }
            tokens.append(token)
            spaceBefore = false
        }

        /// Letters and digits up to the next other character, one token per run of each.
        private mutating func scanAlphanumeric() {
            var value = 0
            var digits = 0
            func flushWord(_ scanner: inout Scanner) {
                guard !scanner.wordBytes.isEmpty else { return }
                scanner.append(.word(String(decoding: scanner.wordBytes, as: UTF8.self)))
                scanner.wordBytes.removeAll(keepingCapacity: true)
            }
            func flushNumber(_ scanner: inout Scanner) {
                if digits > 0 { scanner.append(.number(value: value, digits: digits)); value = 0; digits = 0 }
            }
            while index < scalars.count {
                let scalar = scalars[index]
                if isDigit(scalar) {
                    flushWord(&self)
                    if digits < maxNumberDigits { value = value * 10 + Int(scalar.value - 48) }
                    digits += 1
                } else if isLetter(scalar) {
                    flushNumber(&self)
                    appendFolded(scalar, to: &wordBytes)
                } else if !isCombiningMark(scalar) {
                    break
                }
                index += 1
            }
            flushWord(&self)
            flushNumber(&self)
        }

        /// An e-mail address starting here: a run of address characters holding `@` with a dot after it.
        private mutating func scanEmail() -> Bool {
            guard index >= emailCheckedUntil else { return false }
            var end = index
            var at: Int?
            while end < scalars.count, isEmailCharacter(scalars[end]) {
                if scalars[end] == "@" {
                    if at != nil { break }
                    at = end
                }
                end += 1
            }
            while end > index, scalars[end - 1] == "." || scalars[end - 1] == "-" { end -= 1 }
            guard let at, at > index, scalars[(at + 1)..<end].contains("."), scalars[end - 1] != "@" else {
                emailCheckedUntil = end
                return false
            }
            append(.email(String(String.UnicodeScalarView(scalars[index..<end])).lowercased()))
            index = end
            return true
        }

        /// `http://…`, `https://…` and `www.…` up to the next white space: an address is neither a rule nor a contact.
        private mutating func skipWebAddress() -> Bool {
            var end = index
            var prefix = ""
            while end < scalars.count, end - index < 5, isLetter(scalars[end]) {
                prefix.unicodeScalars.append(scalars[end])
                end += 1
            }
            let lower = prefix.lowercased()
            guard end < scalars.count,
                  ((lower == "http" || lower == "https") && scalars[end] == ":") || (lower == "www" && scalars[end] == ".") else {
                return false
            }
            while end < scalars.count, !isWhitespace(scalars[end]) { end += 1 }
            index = end
            spaceBefore = true
            return true
        }
    }

    /// Numbers written as a telephone number (`03 21 06 46 13`, `+44 (0)1702 608100`, `03.22.74.38.14`) become one
    /// token: groups separated by a space or a dot, 10 to 15 digits (9 after a `+`). Dashes never join groups, so an
    /// hours range `0800-1800` stays two times.
    private static func mergingPhones(_ tokens: [NotificationToken], scalars: [Unicode.Scalar]) -> [NotificationToken] {
        var result: [NotificationToken] = []
        result.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            if let (phone, next) = phone(in: tokens, at: index) {
                result.append(NotificationToken(kind: .phone(phone), joined: tokens[index].joined))
                index = next
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    private static func phone(in tokens: [NotificationToken], at start: Int) -> (String, Int)? {
        var index = start
        var text = ""
        let plus = tokens[index].isSymbol("+")
        if plus {
            text = "+"
            index += 1
        }
        var digitCount = 0
        var groups = 0
        var end = index
        while index < tokens.count {
            let token = tokens[index]
            if case .number = token.kind, groups == 0 || !token.joined || tokens[index - 1].isSymbol(".") || tokens[index - 1].isSymbol(")") {
                if groups > 0 && !token.joined { text += " " }
                text += digitsText(token)
                digitCount += token.digits
                groups += 1
                index += 1
                end = index
            } else if groups > 0, token.isSymbol("."), token.joined, index + 1 < tokens.count, tokens[index + 1].joined,
                      tokens[index + 1].number != nil {
                text += "."
                index += 1
            } else if groups == 1, token.isSymbol("("), index + 2 < tokens.count, tokens[index + 1].number == 0,
                      tokens[index + 2].isSymbol(")") {
                text += " (0)"
                index += 3
            } else {
                break
            }
            if digitCount > 15 { return nil }
        }
        let enough = plus ? digitCount >= 9 : digitCount >= 10
        guard enough, digitCount <= 15, groups >= 2 || (groups == 1 && !plus && digitCount >= 10) else { return nil }
        // A dot or bracket left hanging after the last group belongs to the sentence.
        while text.hasSuffix(".") { text.removeLast() }
        return (text, end)
    }

    private static func digitsText(_ token: NotificationToken) -> String {
        guard case .number(let value, let digits) = token.kind, digits <= maxNumberDigits else {
            return String(repeating: "9", count: token.digits)
        }
        let text = String(value)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

/// White space and other control characters (line breaks are handled before).
private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar.value <= 0x20 || scalar.value == 0x7F }
    return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
}

private func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }

private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return (scalar.value | 0x20) >= 97 && (scalar.value | 0x20) <= 122 }
    return scalar.properties.isAlphabetic && !isCombiningMark(scalar)
}

private func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x300 && scalar.properties.generalCategory == .nonspacingMark
}

private func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
}

private func isEmailCharacter(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return false }
    let value = scalar.value
    return isDigit(scalar) || ((value | 0x20) >= 97 && (value | 0x20) <= 122) || scalar == "." || scalar == "_" || scalar == "-"
        || scalar == "+" || scalar == "%" || scalar == "@"
}

/// Dashes and apostrophes come in many forms; the patterns need one of each.
private func normalisedSymbol(_ scalar: Unicode.Scalar) -> Character {
    switch scalar {
    case "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}": "-"
    case "\u{2019}", "\u{2018}", "`", "\u{B4}": "'"
    default: Character(scalar)
    }
}

/// Upper-cases a letter and folds the accents of French and other Latin letters (`é` → `E`, `ç` → `C`, `ž` → `Z`,
/// `ø` → `O`, `ł` → `L`), so one vocabulary serves every language of the AIPs; appends its UTF-8 to `word`.
private func appendFolded(_ scalar: Unicode.Scalar, to word: inout [UInt8]) {
    if scalar.isASCII {
        word.append(UInt8(scalar.value & ~0x20))
        return
    }
    let folded: String
    switch scalar {
    case "à", "á", "â", "ä", "ã", "å", "À", "Á", "Â", "Ä", "Ã", "Å": folded = "A"
    case "ç", "Ç": folded = "C"
    case "è", "é", "ê", "ë", "È", "É", "Ê", "Ë": folded = "E"
    case "ì", "í", "î", "ï", "Ì", "Í", "Î", "Ï": folded = "I"
    case "ò", "ó", "ô", "ö", "õ", "Ò", "Ó", "Ô", "Ö", "Õ": folded = "O"
    case "ù", "ú", "û", "ü", "Ù", "Ú", "Û", "Ü": folded = "U"
    case "ÿ", "Ÿ", "ý", "Ý": folded = "Y"
    case "ñ", "Ñ", "ń", "Ń", "ň", "Ň": folded = "N"
    case "č", "Č", "ć", "Ć": folded = "C"
    case "ď", "Ď", "đ", "Đ": folded = "D"
    case "ě", "Ě", "ę", "Ę": folded = "E"
    case "ą", "Ą": folded = "A"
    case "ł", "Ł", "ľ", "Ľ", "ĺ", "Ĺ": folded = "L"
    case "ø", "Ø", "ő", "Ő": folded = "O"
    case "ř", "Ř": folded = "R"
    case "š", "Š", "ś", "Ś": folded = "S"
    case "ť", "Ť": folded = "T"
    case "ů", "Ů", "ű", "Ű": folded = "U"
    case "ž", "Ž", "ź", "Ź", "ż", "Ż": folded = "Z"
    case "œ", "Œ": folded = "OE"
    case "æ", "Æ": folded = "AE"
    case "ß": folded = "SS"
    default: folded = String(scalar).uppercased()
    }
    word.append(contentsOf: folded.utf8)
}
