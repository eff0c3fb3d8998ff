/// The patterns, each tried at `index`: on a match it records facts, moves `index` past what it read and returns
/// true; otherwise it changes nothing. Each looks at most a few tokens ahead (day lists: one step per day named).
extension NotificationReading {
    typealias Vocabulary = NotificationVocabulary

    /// Opening hours: `0800-1800`, `08:00 - 18:00 UTC`, `8H00 à 18H00`, `de 8 H à 18 H`.
    mutating func matchWindow() -> Bool {
        guard let (start, afterStart) = time(at: index, bareHour: true) else { return false }
        if tokens[afterStart - 1].word == "H", wordIs(index - 1, [.ppr, .pn]) {
            return false
        }
        var position = skipTimeSuffix(afterStart)
        guard isSymbol(position, "-") || wordIs(position, .windowSeparator) else { return false }
        position += 1
        guard let (end, afterEnd) = time(at: position, bareHour: true) else { return false }
        _ = add(.window(start: start, end: end))
        index = skipTimeSuffix(afterEnd)
        return true
    }

    /// `H24`, `H 24`, `24H/24`, `24/24`, `24/7` (and `7J/7`, read but saying nothing on its own).
    mutating func matchH24() -> Bool {
        if word(index) == "H", number(index + 1) == 24, !wordIs(index + 2, .units) {
            _ = add(.h24)
            index += 2
            return true
        }
        guard let first = number(index), first == 24 || first == 7 else { return false }
        var position = index + 1
        if let unit = word(position), unit == "H" || unit == "HR" || unit == "J", isJoined(position) { position += 1 }
        guard isSymbol(position, "/"), let second = number(position + 1), second == 24 || second == 7 else { return false }
        position += 2
        if let unit = word(position), unit == "H" || unit == "J", isJoined(position) { position += 1 }
        if first == 24 || second == 24 { _ = add(.h24) }
        index = position
        return true
    }

    /// A notice period: `24 HR`, `48HRS`, `24-hour`, `2 days`, `2 jours ouvrables`, `30 MIN`, `24-48 HR` (the
    /// larger). `17 H` after a clock preposition ("before 17 H", "avant 17 heures") is a time, read but not a notice.
    mutating func matchNotice() -> Bool {
        guard let first = number(index), tokens[index].digits <= 3, first >= 1 else { return false }
        var value = first
        var position = index + 1
        if isSymbol(position, "-") || word(position) == "TO" || word(position) == "A", let second = number(position + 1),
           tokens[position + 1].digits <= 3, second > first, wordIs(position + 2, .units) {
            value = second
            position += 2
        }
        if isSymbol(position, "-"), wordIs(position + 1, .units) { position += 1 }
        if let qualifier = word(position), qualifier == "WORKING" || qualifier == "BUSINESS" || qualifier == "CLEAR",
           wordIs(position + 1, .dayUnit) {
            position += 1
        }
        guard let unit = word(position) else { return false }
        let hours: Int?
        if wordIs(position, .hourUnit) {
            if unit == "H" || unit.hasPrefix("HEURE") {
                // "17H30", "before 17 H": a clock time.
                if isJoined(position + 1), token(position + 1)?.digits == 2 { return false }
                if followsClockPreposition(index) {
                    if value <= 24 { noteClockTime(clock(value, 0)) }
                    index = position + 1
                    return true
                }
            }
            guard value <= 720 else { return false }
            hours = value
        } else if wordIs(position, .dayUnit) {
            if unit == "J", !isJoined(position) { return false }
            guard value <= 30 else { return false }
            hours = value * 24
            if let after = word(position + 1), after.hasPrefix("OUVR") { position += 1 }
        } else if wordIs(position, .minuteUnit) {
            guard value <= 1440 else { return false }
            hours = nil
        } else {
            return false
        }
        adjacentFact = add(.notice(hours: hours))
        index = position + 1
        return true
    }

    /// Notice due on a previous day: "last working day before 1500", "business day", "jour ouvrable précédent",
    /// "la veille avant 17 H", "the day before". The deadline comes from a time read later in the sentence.
    ///
    /// The national words for a working day (``NotificationVocabulary/workingDayWords`` and
    /// ``NotificationVocabulary/workingDayPairs``: "letzten Werktag", "giorno lavorativo precedente") read as
    /// English ones, with their words for "last" and "before".
    mutating func matchBusinessDay() -> Bool {
        var position = index
        let ledByLast = word(position).map(Vocabulary.lastWords.contains) ?? false
        if ledByLast { position += 1 }
        guard let head = word(position) else { return false }
        var end: Int?
        var national = false
        if head == "VEILLE" {
            end = position + 1
        } else if head == "WORKING" || head == "BUSINESS", let day = word(position + 1), day == "DAY" || day == "DAYS" {
            end = position + 2
        } else if head == "JOUR" || head == "JOURS", let kind = word(position + 1), kind.hasPrefix("OUVR") {
            end = position + 2
        } else if Vocabulary.workingDayWords.contains(head) {
            (end, national) = (position + 1, true)
        } else if let day = word(position + 1), Vocabulary.workingDayPairs[head]?.contains(day) == true {
            (end, national) = (position + 2, true)
        } else if head == "DAY" || head == "JOUR", ledByLast {
            end = position + 1
        } else if head == "DAY" || head == "JOUR", let after = word(position + 1), after == "BEFORE" || after.hasPrefix("PRECED") {
            end = position + 1
        }
        guard var after = end else { return false }
        let followedByLast = word(after).map(Vocabulary.lastWords.contains) ?? false
        let followedByBefore = followedByLast || (word(after).map { Vocabulary.beforeWords.contains($0) || $0.hasPrefix("PRECED") } ?? false)
        guard ledByLast || head == "VEILLE" || head == "DAY" || head == "JOUR" || followedByBefore else { return false }
        if let next = word(after), next.hasPrefix("PRECED") || followedByLast { after += 1 }
        let workingDay = national || head == "WORKING" || head == "BUSINESS" || head.hasPrefix("JOUR") && word(position + 1)?.hasPrefix("OUVR") == true
        // "avant 17 H la veille": a time already read in the sentence is the deadline.
        let fact = add(.businessDay(deadline: sentenceClockTime, workingDay: workingDay))
        pendingDeadline = sentenceClockTime == nil ? fact : nil
        index = after
        return true
    }

    /// A day group: `MON-FRI`, `SAT, SUN and public HOL`, `LUN à VEN sauf JF`, `weekends`, `SAT/SUN`. Followed by
    /// `:` (maybe after hours) it heads what follows in the sentence; right after a notice it is that notice's days.
    mutating func matchDayGroup() -> Bool {
        guard let first = dayItem(at: index) else { return false }
        var (days, single, position) = first
        while true {
            if let from = single, isSymbol(position, "-") || wordIs(position, .rangeSeparator),
               let next = dayItem(at: position + 1), let to = next.1 {
                days.formUnion(DaySet.range(from, to))
                single = nil
                position = next.2
            } else if isListConnector(position), let next = dayItem(at: position + 1) {
                days.formUnion(next.0)
                single = next.1
                position = next.2
            } else if wordIs(position, .except), let next = dayItem(at: position + 1) {
                days.subtract(next.0)
                single = nil
                position = next.2
            } else {
                break
            }
        }
        guard !days.isEmpty else { return false }
        let afterBreak = isSymbol(index - 1, ",")
        index = position
        if headsSentence(from: position) {
            headerDays = days
        } else if afterBreak {
            clauseDays = (days, adjacentFact)
        } else if let fact = adjacentFact, facts[fact].days == nil {
            facts[fact].days = days
        } else {
            headerDays = days
        }
        adjacentFact = nil
        return true
    }

    /// `O/R`, "on request", "by (prior) arrangement", "sur demande", "à la demande", and the national wordings of
    /// ``NotificationVocabulary/onRequestPairs`` ("auf Anfrage", "su richiesta", "op aanvraag", "na zahtjev"…).
    mutating func matchOnRequest() -> Bool {
        var length = 0
        if word(index) == "O", isSymbol(index + 1, "/"), word(index + 2) == "R" {
            length = 3
        } else if let first = word(index) {
            var next = index + 1
            if word(next) == "PRIOR" || word(next) == "LA" { next += 1 }
            if Vocabulary.onRequestWords.contains(first) {
                length = 1
            } else if let second = word(next), Vocabulary.onRequestPairs[first]?.contains(second) == true {
                length = next + 1 - index
            }
        }
        guard length > 0 else { return false }
        _ = add(.onRequest)
        index += length
        return true
    }

    /// "As AD hours", "AD OPR HR", "HR AD", "HOR AD", "horaires de l'AD", "during aerodrome hours"; after a lead
    /// word the hours may go unsaid, as the customs item says them (`as for AD`, `as AD`), and may be the
    /// administration's, AD 2.3 item 1 (`As AD Administration`). After "outside" in the same sentence it only says
    /// which hours the sentence is about.
    mutating func matchAsADHours() -> Bool {
        var position = index
        var led = false
        if wordIs(position, .aerodromeLead) {
            position += 1
            led = true
            if word(position) == "AS" { position += 1 }
            // `as for`, `comme l'`: up to three linking words.
            let lead = position
            while position < lead + 3, ["FOR", "PER", "IN"].contains(word(position) ?? "") || wordIs(position, .aerodromeLink) || isSymbol(position, "'") {
                position += 1
            }
        }
        var end: Int?
        if wordIs(position, .aerodrome) {
            var next = position + 1
            if wordIs(next, .aerodromeOperating) || ["ADMINISTRATION", "ADM", "OPERATOR"].contains(word(next) ?? "") { next += 1 }
            if wordIs(next, .aerodromeHours) { end = next + 1 } else if led { end = next }
        } else if wordIs(position, .aerodromeHours) {
            var next = position + 1
            for _ in 0..<4 {
                if wordIs(next, .aerodromeLink) || isSymbol(next, "'") {
                    next += 1
                } else {
                    break
                }
            }
            if wordIs(next, .aerodrome) { end = next + 1 }
        }
        guard let end else { return false }
        if !sentenceSaysOutside { _ = add(.asADHours) }
        index = end
        return true
    }

    /// Schengen qualifiers: "non-Schengen", "extra-Schengen", "hors Schengen", "Schengen flights only", "intra-EU",
    /// "non-EU", "third countries". Followed by `:` it heads the sentence; otherwise it scopes its clause, including
    /// what came before it there ("PPR 24 HR for non-Schengen flights").
    mutating func matchSchengen() -> Bool {
        var position = index
        var negated = false
        if wordIs(position, .schengenNegation) {
            negated = true
            position += 1
        } else if word(position) == "INTRA" {
            position += 1
        }
        if isSymbol(position, "-") { position += 1 }
        guard let name = word(position) else { return false }
        let isSchengen = name == "SCHENGEN"
        let isUnion = (name == "EU" || name == "UE" || name == "EEA") && position > index
        let isThirdCountry = (name == "THIRD" && word(position + 1)?.hasPrefix("COUNTR") == true)
            || (name == "PAYS" && word(position + 1) == "TIERS")
        guard isSchengen || isUnion || isThirdCountry else { return false }
        position += isThirdCountry ? 2 : 1
        let qualified: NotificationFact.Scope = negated || isThirdCountry ? .nonSchengen : .schengen
        saysSchengen = true
        while wordIs(position, .flights), let next = word(position) {
            if (next == "ONLY" || next == "UNIQUEMENT") && qualified == .schengen { schengenOnlyService = true }
            position += 1
        }
        if isSymbol(position, ":") {
            headerScope = qualified
            clauseScope = nil
        } else {
            let previous = scope
            for fact in clauseFactStart..<facts.count where facts[fact].scope == previous { facts[fact].scope = qualified }
            // Later facts of the clause take the scope when made; each fact is rescoped at most once (linear work).
            clauseFactStart = facts.count
            clauseScope = qualified
        }
        index = position
        return true
    }

    /// "NIL", "not available", "not authorized", "non autorisé", "non assuré", "interdit", "no customs".
    mutating func matchNotAvailable() -> Bool {
        guard let first = word(index) else { return false }
        var length = 0
        if wordIs(index, .notAvailable) {
            length = 1
        } else if first == "NOT" || first == "NON" || first == "PAS" || first == "NO" {
            var next = index + 1
            if word(next) == "BE" || word(next) == "DE" { next += 1 }
            if wordIs(next, .negatedNotAvailable) || ((first == "NO" || first == "PAS") && (wordIs(next, .customs) || word(next) == "SERVICE")) {
                length = next + 1 - index
            }
        }
        guard length > 0 else { return false }
        adjacentFact = add(.notAvailable)
        index += length
        return true
    }

    /// `PPR`, `PN`, "prior notice", "prior permission", "advance notice", "préavis", and the national wordings of
    /// ``NotificationVocabulary/requirementPairs`` and ``NotificationVocabulary/permissionWords`` ("vorherige
    /// Genehmigung", "autorizzazione preventiva", "Voranmeldung"…): a requirement, with or without a period of its own.
    mutating func matchMarker() -> Bool {
        guard let first = word(index) else { return false }
        var length = 1
        if let second = word(index + 1), let permission = Vocabulary.requirementPairs[first]?[second] {
            length = 2
            if permission { saysPPR = true } else { saysPN = true }
        } else if Vocabulary.permissionWords.contains(first) {
            saysPPR = true
        } else if wordIs(index, .ppr) {
            saysPPR = true
        } else if wordIs(index, .pn) {
            saysPN = true
        } else {
            return false
        }
        _ = add(.marker)
        index += length
        return true
    }

    /// Fallbacks after opening hours: "other times", "other hours", "autres heures", `HN` (the night, outside the
    /// daylight hours): what the sentence says after them is said of the time outside the hours (`0500-2200, HN
    /// O/R` and `Other times: PPR` are opening hours, with a request outside them).
    mutating func matchFallback() -> Bool {
        guard let first = word(index) else { return false }
        var length = 0
        if first == "OTHER" || first == "AUTRES", let second = word(index + 1), ["TIME", "TIMES", "HOURS", "HR", "HEURES"].contains(second) {
            length = 2
        } else if first == "HN" {
            length = 1
        }
        guard length > 0 else { return false }
        sentenceSaysOutside = true
        index += length
        return true
    }

    /// A clock time on its own after "before" / "avant" / "by" / "at": the deadline of a business-day rule.
    mutating func matchLoneTime() -> Bool {
        guard followsClockPreposition(index), let (time, after) = time(at: index, bareHour: true) else { return false }
        noteClockTime(time)
        index = skipTimeSuffix(after)
        return true
    }

    /// A clock time read after "before" / "avant" / …: the deadline of the business-day rule waiting for one, or of
    /// one still to come in the sentence.
    private mutating func noteClockTime(_ time: String) {
        sentenceClockTime = sentenceClockTime ?? time
        if let pending = pendingDeadline, case .businessDay(_, let workingDay) = facts[pending].kind {
            facts[pending].kind = .businessDay(deadline: time, workingDay: workingDay)
            pendingDeadline = nil
        }
    }

    /// Service and scope words: remembered for `rule_type` and "outside" sentences. True when `word` is one.
    mutating func noteContext(_ wordClass: WordClass) -> Bool {
        if wordClass.contains(.customs) { saysCustoms = true; return true }
        if wordClass.contains(.immigration) { saysImmigration = true; return true }
        if wordClass.contains(.handling) { saysHandling = true; return true }
        if wordClass.contains(.outside) { sentenceSaysOutside = true; return true }
        return false
    }

    // MARK: Pieces

    /// A clock time at `position`: `0800`, `08:00`, `8H00`, and with `bareHour` `8 H` / `8H`; `HHMM` and the next position.
    func time(at position: Int, bareHour: Bool) -> (String, Int)? {
        guard let value = number(position) else { return nil }
        let digits = tokens[position].digits
        if digits == 4 {
            guard value / 100 <= 24, value % 100 <= 59 else { return nil }
            return (clock(value / 100, value % 100), position + 1)
        }
        guard digits <= 2, value <= 24 else { return nil }
        if isJoined(position + 1), isJoined(position + 2), isSymbol(position + 1, ":") || word(position + 1) == "H",
           let minutes = number(position + 2), tokens[position + 2].digits == 2, minutes <= 59 {
            return (clock(value, minutes), position + 3)
        }
        if bareHour, word(position + 1) == "H" { return (clock(value, 0), position + 2) }
        return nil
    }

    func clock(_ hours: Int, _ minutes: Int) -> String {
        let text = String(hours * 100 + minutes)
        return String(repeating: "0", count: 4 - text.count) + text
    }


    /// Past `UTC`/`LT` after a time, and past a summer time printed in brackets after it (`0500 (0400) – 2100 (2000)`,
    /// as German AIPs write both seasons): the window read is the first one printed.
    private func skipTimeSuffix(_ position: Int) -> Int {
        let position = wordIs(position, .timeSuffix) ? position + 1 : position
        guard isSymbol(position, "("), let (_, after) = time(at: position + 1, bareHour: false), isSymbol(after, ")") else { return position }
        return after + 1
    }

    /// Whether the word before `position`, looking past one `:` (`before: 1500`), is "before", "avant", "at"….
    func followsClockPreposition(_ position: Int) -> Bool {
        wordIs(isSymbol(position - 1, ":") ? position - 2 : position - 1, .clockPreposition)
    }

    private func isListConnector(_ position: Int) -> Bool {
        isSymbol(position, ",") || isSymbol(position, "/") || isSymbol(position, "&") || isSymbol(position, "+")
            || wordIs(position, .listConnector)
    }

    /// Whether a day group ending before `position` heads its sentence: a `:` follows, maybe after opening hours.
    private func headsSentence(from position: Int) -> Bool {
        var next = position
        if let (_, afterStart) = time(at: next, bareHour: false), isSymbol(afterStart, "-"),
           let (_, afterEnd) = time(at: afterStart + 1, bareHour: false) {
            next = skipTimeSuffix(afterEnd)
        }
        return isSymbol(next, ":")
    }

    /// One day, a holiday word, or a named group at `position`: the days, the day's index when it is a single
    /// weekday (so a range can follow), and the next position.
    func dayItem(at position: Int) -> (DaySet, Int?, Int)? {
        guard let name = word(position) else { return nil }
        if wordIs(position, .weekday), let day = Vocabulary.dayIndexes[name] { return (.day(day), day, position + 1) }
        if wordIs(position, .holiday) { return (.holidays, nil, position + 1) }
        switch name {
        case "PUBLIC", "BANK", "JOURS", "JOUR":
            if wordIs(position + 1, .holiday) { return (.holidays, nil, position + 2) }
        case "WEEKDAYS", "WEEKDAY":
            return (.weekdays, nil, position + 1)
        case "WEEKEND", "WEEKENDS":
            return (.weekend, nil, position + 1)
        case "WEEK":
            if isSymbol(position + 1, "-"), let end = word(position + 2), end == "END" || end == "ENDS" { return (.weekend, nil, position + 3) }
            if let end = word(position + 1), end == "END" || end == "ENDS" { return (.weekend, nil, position + 2) }
        case "WORKING":
            if word(position + 1) == "DAYS" { return (.weekdays, nil, position + 2) }
        default:
            break
        }
        return nil
    }
}
