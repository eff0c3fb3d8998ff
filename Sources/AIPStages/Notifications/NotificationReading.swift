/// The single pass over a text's tokens: patterns turn tokens into ``NotificationFact``s, keeping track of the
/// sentence (day groups and Schengen scopes apply within one), and of which tokens were understood.
struct NotificationReading {
    let tokens: [NotificationToken]
    var index = 0
    var facts: [NotificationFact] = []

    // What the text names, for rule_type and the summary.
    var saysPPR = false
    var saysPN = false
    var saysCustoms = false
    var saysImmigration = false
    var saysHandling = false
    var saysSchengen = false
    /// "Schengen flights only" and the like.
    var schengenOnlyService = false
    var phone: String?
    var email: String?

    // The current sentence.
    var sentenceStart = 0
    var sentenceFactStart = 0
    var clauseFactStart = 0
    var headerDays: DaySet?
    /// Days written after a clause break (`PPR 24 HR, weekends by the last working day`): they head the rest of
    /// the clause, and fall back to the notice before the break when the clause states nothing of its own.
    var clauseDays: (days: DaySet, fallback: Int?)?
    var headerScope: NotificationFact.Scope?
    var clauseScope: NotificationFact.Scope?
    var sentenceSaysOutside = false
    /// The notice (or "not available") a day group written right after it belongs to (`PN 24 HR MON-FRI`).
    var adjacentFact: Int?
    /// A business-day fact still waiting for its deadline ("… before 1500").
    var pendingDeadline: Int?
    /// The first clock time after a clock preposition in the sentence ("avant 17 H la veille").
    var sentenceClockTime: String?

    /// What each rule was read from: the pattern's name and the words it matched (`on_request «AUF ANFRAGE»`), in
    /// text order, so that a wrong reading can be traced to its words.
    var evidence: [String] = []

    // Understanding, for the confidence: word and number tokens of sentences that said something.
    var understood: [Bool]
    var knownTokens = 0
    var countedTokens = 0

    init(tokens: [NotificationToken]) {
        self.tokens = tokens
        understood = Array(repeating: false, count: tokens.count)
    }

    var scope: NotificationFact.Scope { clauseScope ?? headerScope ?? .any }

    mutating func read() {
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .symbol(let symbol):
                if symbol == "." || symbol == ";" || symbol == "\n" {
                    endSentence(at: index)
                } else if symbol == "," || symbol == "(" || symbol == ")" {
                    endClause()
                }
                index += 1
            case .email(let address):
                if email == nil { email = address }
                index += 1
            case .phone(let number):
                if phone == nil { phone = number }
                index += 1
            case .word, .number:
                if !matchAny() {
                    index += 1
                }
            }
        }
        endSentence(at: tokens.count)
    }

    /// Tries every pattern at `index`, in order; a pattern that matches advances `index` past what it read.
    private mutating func matchAny() -> Bool {
        let start = index
        let adjacentBefore = adjacentFact
        let factsBefore = facts.count, outsideBefore = sentenceSaysOutside
        let matched = matchWindow() || matchH24() || matchNotice() || matchBusinessDay() || matchDayGroup()
            || matchOnRequest() || matchAsADHours() || matchSchengen() || matchNotAvailable() || matchMarker()
            || matchFallback() || matchLoneTime()
        if matched {
            for position in start..<index { understood[position] = true }
            let rule = facts.count > factsBefore ? facts[factsBefore].kind.evidenceName : sentenceSaysOutside != outsideBefore ? "outside" : nil
            if let rule { evidence.append("\(rule) «\(text(start..<index))»") }
            // Only a notice (or "not available") stays open for a day group written after it.
            if adjacentFact == adjacentBefore { adjacentFact = nil }
        } else if noteContext(tokens[index].wordClass) || tokens[index].wordClass.contains(.filler) {
            if tokens[index].wordClass.contains(.outside) { evidence.append("outside «\(text(index..<(index + 1)))»") }
            understood[index] = true
            adjacentFact = adjacentBefore
        } else {
            adjacentFact = nil
        }
        return matched
    }

    mutating func add(_ kind: NotificationFact.Kind, days: DaySet? = nil) -> Int {
        facts.append(NotificationFact(kind: kind, days: days ?? clauseDays?.days ?? headerDays, scope: scope))
        return facts.count - 1
    }

    private mutating func endClause() {
        if let (days, fallback) = clauseDays, facts.count == clauseFactStart, let fallback, facts[fallback].days == nil {
            facts[fallback].days = days
        }
        clauseDays = nil
        clauseScope = nil
        clauseFactStart = facts.count
    }

    /// Closes the sentence: day groups and scopes stop here; "not available", "on request" and "PPR" said of the time
    /// outside opening hours are marked so; the words of a sentence that said something count towards the confidence.
    private mutating func endSentence(at end: Int) {
        if sentenceSaysOutside {
            for position in sentenceFactStart..<facts.count where [.notAvailable, .onRequest, .marker].contains(facts[position].kind) {
                facts[position].outside = true
            }
        }
        if facts.count > sentenceFactStart {
            for position in sentenceStart..<end {
                switch tokens[position].kind {
                case .word, .number:
                    countedTokens += 1
                    if understood[position] { knownTokens += 1 }
                default:
                    break
                }
            }
        }
        sentenceStart = end
        sentenceFactStart = facts.count
        headerDays = nil
        headerScope = nil
        sentenceSaysOutside = false
        adjacentFact = nil
        pendingDeadline = nil
        sentenceClockTime = nil
        endClause()
    }

    // MARK: Token access

    /// The tokens of `range` as a text: words as the tokenizer gives them, numbers with their leading zeros, a
    /// space where the text had one.
    func text(_ range: Range<Int>) -> String {
        var text = ""
        for position in range {
            let token = tokens[position]
            if position > range.lowerBound && !token.joined { text += " " }
            switch token.kind {
            case .word(let word): text += word
            case .number(let value, let digits): text += digits > String(value).count ? String(repeating: "0", count: digits - String(value).count) + String(value) : String(value)
            case .symbol(let symbol): text.append(symbol)
            case .email(let address), .phone(let address): text += address
            }
        }
        return text
    }

    /// The token at `position`, nil outside the text (patterns look ahead and behind freely).
    func token(_ position: Int) -> NotificationToken? { tokens.indices.contains(position) ? tokens[position] : nil }
    func word(_ position: Int) -> String? { token(position)?.word }
    func number(_ position: Int) -> Int? { token(position)?.number }
    func isSymbol(_ position: Int, _ symbol: Character) -> Bool { token(position)?.isSymbol(symbol) ?? false }
    func isJoined(_ position: Int) -> Bool { token(position)?.joined ?? false }
    /// Whether the token at `position` is a word of any of the classes in `wordClass`.
    func wordIs(_ position: Int, _ wordClass: WordClass) -> Bool { !(token(position)?.wordClass ?? []).isDisjoint(with: wordClass) }
}
