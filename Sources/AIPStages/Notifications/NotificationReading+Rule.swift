/// Weighs the facts of a text into one rule: the most demanding requirement decides the type, and every field is
/// derived from the same facts so none can contradict another.
extension NotificationReading {
    func rule(truncated: Bool) -> NotificationRule {
        let contact = phone == nil && email == nil ? nil : ContactInfo(phone: phone, email: email)
        guard !facts.isEmpty else { return NotificationRule(contact: contact) }

        let notices = facts.filter { $0.noticeHours != nil }
        let largest = notices.compactMap { $0.noticeHours ?? nil }.max()
        let businessDays = facts.filter { if case .businessDay = $0.kind { true } else { false } }
        let businessDay = businessDays.first
        // A working-day deadline for some days only (`PPR 24 HR, weekends by the last working day`) is those days'
        // rule beside the notice in hours of the others.
        let everyDayByWorkingDay = businessDays.contains { $0.days == nil }
        let window = facts.lazy.compactMap { fact -> (String, String)? in
            if case .window(let start, let end) = fact.kind { (start, end) } else { nil }
        }.first
        let notAvailable = facts.filter { $0.kind == .notAvailable }
        // Not available for everyone, or for flights from outside Schengen: what such a pilot must do is go elsewhere.
        let blocking = notAvailable.first { $0.days == nil && !$0.outside && $0.scope != .schengen }

        let type: NotificationType
        if blocking != nil {
            type = .notAvailable
        } else if !notices.isEmpty {
            // A working-day deadline can mean three days' notice over a weekend: it outranks a notice of up to 24 h.
            type = everyDayByWorkingDay && (largest ?? 0) <= 24 ? .businessDay : .hours
        } else if businessDay != nil {
            type = .businessDay
        } else if facts.contains(where: { ($0.kind == .onRequest || $0.kind == .marker) && !$0.outside })
                    || ((has(.onRequest) || has(.marker)) && window == nil && !has(.asADHours) && !has(.h24)) {
            // "O/R outside these hours" beside opening hours: the hours are the rule.
            type = .onRequest
        } else if has(.asADHours) {
            type = .asADHours
        } else if window != nil {
            type = .hours
        } else if has(.h24) {
            type = .h24
        } else {
            type = .notAvailable
        }

        var rule = NotificationRule(ruleType: ruleType, notificationType: type, contact: contact)
        var groups: [(days: DaySet?, notice: String)] = []
        if type != .notAvailable {
            rule.hoursNotice = largest
            groups = dayGroups(notices, businessDays: type == .hours ? businessDays.compactMap(\.days) : [])
            rule.weekdayRules = groups.map { WeekdayRule(days: $0.days?.label ?? "Other", notice: $0.notice) }
        }
        if type == .hours || type == .businessDay, let window {
            rule.operatingHoursStart = window.0
            rule.operatingHoursEnd = window.1
        }
        rule.schengen = schengenScope(blockedOutsideSchengen: blocking?.scope == .nonSchengen)
        rule.summary = summary(rule, groups: groups, businessDay: businessDay, blocking: blocking, minutesOnly: largest == nil && !notices.isEmpty)
        rule.confidence = confidence(truncated: truncated, type: type)
        rule.evidence = evidence
        return rule
    }

    private func has(_ kind: NotificationFact.Kind) -> Bool { facts.contains { $0.kind == kind } }

    private var ruleType: NotificationRuleType {
        if saysPPR { return .ppr }
        if saysPN { return .pn }
        if saysCustoms || !saysImmigration && !saysHandling { return .customs }
        return saysImmigration ? .immigration : .handling
    }

    /// Notice per day group, when the text gives some days their own: the largest notice of each group (`24h`), in
    /// day order, and the notices without days under the days no group named (`Mon-Fri` beside `Sat-Sun/HOL`; nil
    /// when the groups named every day of the week); `businessDays`, days whose notice is due by the last working
    /// day, after them (``WeekdayRule/lastWorkingDay``). Empty when no notice has days.
    private func dayGroups(_ notices: [NotificationFact], businessDays: [DaySet]) -> [(days: DaySet?, notice: String)] {
        let hourNotices = notices.compactMap { fact in (fact.noticeHours ?? nil).map { (fact.days, $0) } }
        guard hourNotices.contains(where: { $0.0 != nil }) || !businessDays.isEmpty else { return [] }
        var named: DaySet = []
        for (days, _) in hourNotices { if let days { named.formUnion(days) } }
        for days in businessDays { named.formUnion(days) }
        let others = DaySet.allWeek.subtracting(named)
        var largest: [DaySet: Int] = [:]
        var otherDays = 0
        for (days, hours) in hourNotices {
            if let days {
                largest[days] = max(largest[days] ?? 0, hours)
            } else if others.isEmpty {
                otherDays = max(otherDays, hours)
            } else {
                largest[others] = max(largest[others] ?? 0, hours)
            }
        }
        var groups: [(days: DaySet?, notice: String)] = largest.sorted { ($0.key.firstDay, $0.key.rawValue) < ($1.key.firstDay, $1.key.rawValue) }
            .map { ($0.key, "\($0.value)h") }
        if otherDays > 0 { groups.append((nil, "\(otherDays)h")) }
        // Days a notice in hours names already keep it (the larger demand in hours); each group once.
        var grouped = Set(groups.compactMap(\.days))
        for days in businessDays where grouped.insert(days).inserted { groups.append((days, WeekdayRule.lastWorkingDay)) }
        return groups
    }

    private func schengenScope(blockedOutsideSchengen: Bool) -> SchengenScope? {
        guard saysSchengen else { return nil }
        let requirements = facts.filter { $0.kind != .marker }
        let schengenOnly = schengenOnlyService || blockedOutsideSchengen
        let nonSchengenOnly = !schengenOnly && !requirements.isEmpty && requirements.allSatisfy { $0.scope == .nonSchengen }
        return SchengenScope(schengenOnly: schengenOnly, nonSchengenOnly: nonSchengenOnly)
    }

    /// One short line: "PPR 12h weekdays, 24h weekends/holidays", "PN last working day before 1500", "H24".
    private func summary(_ rule: NotificationRule, groups: [(days: DaySet?, notice: String)], businessDay: NotificationFact?,
                         blocking: NotificationFact?, minutesOnly: Bool) -> String {
        let requirement = saysPPR ? "PPR" : "PN"
        var text: String
        switch rule.notificationType {
        case .notAvailable?:
            text = blocking?.scope == .nonSchengen ? "Not available for non-Schengen flights" : "Not available"
        case .h24?:
            text = "H24, no notice"
        case .onRequest?:
            text = has(.onRequest) ? "On request" : "\(requirement) required, no period stated"
        case .asADHours?:
            text = "During aerodrome hours"
        case .businessDay?:
            var (deadline, workingDay): (String?, Bool) = (nil, true)
            if case .businessDay(let due, let working)? = businessDay?.kind { (deadline, workingDay) = (due, working) }
            text = "\(requirement) previous \(workingDay ? "working day" : "day")" + (deadline.map { " before \($0)" } ?? "")
        case .hours?, nil:
            if let hours = rule.hoursNotice {
                text = "\(requirement) " + (groups.isEmpty ? "\(hours)h"
                    : groups.map { "\($0.notice) \($0.days?.summaryLabel ?? "other days")" }.joined(separator: ", "))
            } else if minutesOnly {
                text = "\(requirement) in minutes"
            } else {
                text = "Open"
            }
        }
        if let start = rule.operatingHoursStart, let end = rule.operatingHoursEnd {
            text += text == "Open" ? " \(start)-\(end)" : "; open \(start)-\(end)"
        }
        if rule.schengen?.nonSchengenOnly == true { text += " (non-Schengen flights)" }
        return text
    }

    /// 0.55 to 0.95 by the share of words understood in the sentences that said something; lower when the type
    /// rests on a bare requirement word, opening hours alone, a "not available" with nothing else, or a cut text.
    private func confidence(truncated: Bool, type: NotificationType) -> Double {
        let coverage = countedTokens == 0 ? 1 : Double(knownTokens) / Double(countedTokens)
        var value = 0.55 + 0.4 * coverage
        let onlyMarkers = facts.allSatisfy { $0.kind == .marker }
        let onlyWindows = facts.allSatisfy { if case .window = $0.kind { true } else { false } }
        if onlyMarkers { value = min(value, 0.7) }
        if onlyWindows { value = min(value, 0.8) }
        if type == .notAvailable && facts.allSatisfy({ $0.kind == .notAvailable }) && facts.contains(where: { $0.days != nil || $0.outside }) {
            value = min(value, 0.6)
        }
        if truncated { value = min(value, 0.7) }
        return (value * 100).rounded() / 100
    }
}
