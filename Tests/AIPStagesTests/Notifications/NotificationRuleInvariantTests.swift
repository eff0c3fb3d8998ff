@testable import AIPStages
import Foundation
import Testing
import TestSupport

/// The fields of a rule never contradict each other, on every text we have and on hostile mutations of them; and
/// the parser reads a bounded prefix of any text.
@Suite("Notification rule invariants")
struct NotificationRuleInvariantTests {
    /// What the app and `check` rely on, as sentences naming the broken rule.
    static func contradictions(_ rule: NotificationRule) -> [String] {
        var problems: [String] = []
        if rule.notificationType == .h24 && (rule.hoursNotice != nil || !rule.weekdayRules.isEmpty) { problems.append("h24 with a notice") }
        let stated = rule.weekdayRules.filter { $0.notice != WeekdayRule.lastWorkingDay }
        let figures = stated.map { Int($0.notice.dropLast()) }
        if figures.contains(where: { $0 == nil }) || stated.contains(where: { !$0.notice.hasSuffix("h") }) {
            problems.append("a weekday value is not <N>h or the last working day")
        }
        if !rule.weekdayRules.isEmpty && figures.compactMap { $0 }.max() != rule.hoursNotice { problems.append("hours_notice is not the largest weekday figure") }
        if Set(rule.weekdayRules.map(\.days)).count != rule.weekdayRules.count { problems.append("a day group twice") }
        if let hours = rule.hoursNotice, hours <= 0 { problems.append("hours_notice not positive") }
        let understood = rule.notificationType != nil
        if (rule.ruleType != nil) != understood { problems.append("rule_type set iff something was understood") }
        if (rule.summary != nil) != understood { problems.append("summary set iff something was understood") }
        if understood != (rule.confidence > 0) { problems.append("confidence 0 iff nothing was understood") }
        if !(0...1).contains(rule.confidence) { problems.append("confidence out of 0…1") }
        if let summary = rule.summary, summary.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("blank summary") }
        if !understood && (rule.hoursNotice != nil || !rule.weekdayRules.isEmpty || rule.operatingHoursStart != nil || rule.schengen != nil) {
            problems.append("fields set on a text with nothing understood")
        }
        if [.onRequest, .asADHours, .notAvailable].contains(rule.notificationType) && rule.hoursNotice != nil {
            problems.append("\(rule.notificationType!) with hours_notice")
        }
        if (rule.operatingHoursStart == nil) != (rule.operatingHoursEnd == nil) { problems.append("half an opening window") }
        for time in [rule.operatingHoursStart, rule.operatingHoursEnd].compactMap({ $0 }) {
            guard time.count == 4, let value = Int(time), value / 100 <= 24, value % 100 <= 59 else {
                problems.append("\(time) is not HHMM")
                continue
            }
        }
        if let schengen = rule.schengen, schengen.schengenOnly && schengen.nonSchengenOnly { problems.append("both Schengen flags") }
        if let contact = rule.contact, contact.phone == nil && contact.email == nil { problems.append("empty contact") }
        return problems
    }

    static var seedTexts: [String] {
        var texts = NotificationParserTests.cases.map(\.text) + [RealCustomsTexts.lfaq]
        let fixture = SharedFixtures.url("notifications/parser_test_cases.json")
        if let data = try? Data(contentsOf: fixture), let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] {
            texts += list.compactMap { $0["text"] as? String }
        }
        return texts
    }

    @Test("no text we know gives a rule whose fields contradict each other")
    func knownTexts() {
        for text in Self.seedTexts {
            let rule = NotificationParser.parse(text)
            #expect(Self.contradictions(rule) == [], "\(text)")
            #expect(NotificationParser.parse(text) == rule, "parsing is deterministic")
        }
    }

    static let insertions = ["(", ")", ":", "-", "/", "@", ".", ",", "\u{0}", "é", "🛩", "\u{301}", "24", "H", "HR", "MON", "-", " ",
                             "\n", "O/R", "NIL", "PPR", "SCHENGEN", "0800-", "'", "\u{2013}", "\u{FEFF}", "ﬁ", "İ"]

    /// Every text with one scalar deleted, one string inserted, or cut, at every position (a stride on long texts):
    /// the parser must return a rule with no contradiction for each.
    @Test("mutations of real texts never crash the parser or make it contradict itself")
    func fuzz() {
        var parsed = 0
        for text in Self.seedTexts {
            let scalars = Array(text.unicodeScalars)
            let stride = max(1, scalars.count / 20)
            for position in Swift.stride(from: 0, through: scalars.count, by: stride) {
                var variants = [String(String.UnicodeScalarView(scalars[..<position]))]
                if position < scalars.count {
                    var deleted = scalars
                    deleted.remove(at: position)
                    variants.append(String(String.UnicodeScalarView(deleted)))
                }
                for insertion in Self.insertions {
                    var inserted = scalars
                    inserted.insert(contentsOf: insertion.unicodeScalars, at: position)
                    variants.append(String(String.UnicodeScalarView(inserted)))
                }
                for variant in variants {
                    #expect(Self.contradictions(NotificationParser.parse(variant)) == [], "\(variant.debugDescription)")
                    parsed += 1
                }
            }
        }
        #expect(parsed > 10_000)
    }

    @Test("garbage of every kind gives a rule without contradictions")
    func garbage() {
        let texts = [
            "", " ", "\u{0}\u{0}", String(repeating: "(", count: 5000), String(repeating: "24 ", count: 3000),
            String(repeating: "MON-", count: 2000), String(repeating: "a@", count: 3000), String(repeating: "0", count: 10_000),
            String(repeating: "non-Schengen PPR 1 HR ", count: 500), String(repeating: "SAT, ", count: 2000) + "PN 2 HR",
            String(repeating: "é\u{301}\u{301}", count: 2000), "H24 H24 24/24 24H/7 7J/7", "http://", "www.", "@", "a@b.",
            "+", "+33", "(0)", "99999999999999999999999 HR", "PN 4294967296 HR", "0800-", "-1800", "24:99-25:00", "PN 0 HR",
            String(repeating: "🛩", count: 5000), "PN\u{2028}24\u{2029}HR", "P\u{0}P\u{0}R 24 HR",
        ]
        for text in texts {
            #expect(Self.contradictions(NotificationParser.parse(text)) == [], "\(text.prefix(40).debugDescription)")
        }
        #expect(NotificationParser.parse("PN 0 HR").hoursNotice == nil)
        #expect(NotificationParser.parse("99999999999999999999999 HR").notificationType == nil)
        #expect(NotificationParser.parse("24:99-25:00").operatingHoursStart == nil)
    }

    /// Bounded work by construction: only the first `maxScalars` scalars are read, each token takes at least one,
    /// and the reading walks the tokens once; so a text of any length costs no more than its first 4,096 characters.
    @Test("only the first maxScalars characters of a text are read")
    func boundedInput() {
        let head = String(repeating: "MON-FRI: PPR 24 HR, SAT (non-Schengen) 0800-1800 O/R ", count: 200)
        let huge = head + String(repeating: "PPR 999 HR; NIL; ", count: 100_000)
        let cut = String(String.UnicodeScalarView(huge.unicodeScalars.prefix(NotificationTokenizer.maxScalars)))
        let (tokens, truncated) = NotificationTokenizer.tokens(huge)
        #expect(truncated)
        #expect(tokens.count <= NotificationTokenizer.maxScalars)
        #expect(tokens == NotificationTokenizer.tokens(cut).tokens)
        var rule = NotificationParser.parse(huge)
        #expect(rule.confidence <= 0.7, "a cut text is never read with full confidence")
        rule.confidence = NotificationParser.parse(cut).confidence
        #expect(rule == NotificationParser.parse(cut))
        #expect(rule.hoursNotice == 24)
    }
}
