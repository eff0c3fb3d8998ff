/// One token of a customs text, as ``NotificationTokenizer`` makes it.
struct NotificationToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Letters only, upper-cased, French accents folded (`préavis` → `PREAVIS`).
        case word(String)
        /// ASCII digits only; `value` is capped (see ``NotificationTokenizer/maxNumberDigits``), `digits` is the count
        /// written, so `0800` (4 digits) can be told from `800`.
        case number(value: Int, digits: Int)
        /// One punctuation mark; every dash is `-`, every apostrophe `'`, every line break `\n`.
        case symbol(Character)
        case email(String)
        case phone(String)
    }

    var kind: Kind
    /// No white space between this token and the one before (`24HR` is `24` then a joined `HR`).
    var joined: Bool
    /// For a word, everything it can be (one dictionary lookup, made by the tokenizer); empty otherwise.
    var wordClass: WordClass = []

    var word: String? { if case .word(let word) = kind { word } else { nil } }
    var number: Int? { if case .number(let value, _) = kind { value } else { nil } }
    var digits: Int { if case .number(_, let digits) = kind { digits } else { 0 } }
    func isSymbol(_ character: Character) -> Bool { kind == .symbol(character) }
}
