import AIPStages
import Foundation
import Testing
import TestSupport

/// The labelled real texts of `../shared/fixtures/notifications/parser_test_cases.json`: every case must pass.
@Suite("Notification parser on the labelled fixture")
struct NotificationParserFixtureTests {
    static let file = SharedFixtures.url("notifications/parser_test_cases.json")
    static var available: Bool { FileManager.default.fileExists(atPath: file.path) }

    struct Case {
        var text: String
        var expected: [String: Any]
        var description: String
    }

    static func cases() throws -> [Case] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        return list.compactMap { entry in
            guard let text = entry["text"] as? String, let expected = entry["expected"] as? [String: Any] else { return nil }
            return Case(text: text, expected: expected, description: entry["description"] as? String ?? text)
        }
    }

    @Test("every labelled case gives its notification_type, hours_notice and the other labels",
          .enabled(if: available, "needs ../shared/fixtures/notifications/parser_test_cases.json"))
    func everyCase() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 18)
        var typed = 0
        for item in cases {
            let rule = NotificationParser.parse(item.text)
            let comment = Comment(rawValue: "\(item.description): \(item.text)")
            let right = rule.notificationType?.rawValue == item.expected["notification_type"] as? String
                && rule.hoursNotice == item.expected["hours_notice"] as? Int
            typed += right ? 1 : 0
            #expect(rule.notificationType?.rawValue == item.expected["notification_type"] as? String, comment)
            #expect(rule.hoursNotice == item.expected["hours_notice"] as? Int, comment)
            if let start = item.expected["hours_start"] as? String { #expect(rule.operatingHoursStart == start, comment) }
            if let end = item.expected["hours_end"] as? String { #expect(rule.operatingHoursEnd == end, comment) }
            if let time = item.expected["specific_time"] as? String { #expect(rule.summary?.contains("before \(time)") == true, comment) }
            if item.expected["has_weekend_rules"] as? Bool == true {
                #expect(rule.weekdayRules.contains { $0.days.hasPrefix("Sat") || $0.days.hasPrefix("Sun") }, comment)
            }
            if item.expected["has_schengen_rules"] as? Bool == true { #expect(rule.schengen != nil, comment) }
            if let only = item.expected["non_schengen_only"] as? Bool { #expect(rule.schengen?.nonSchengenOnly == only, comment) }
            let known: Set<String> = ["notification_type", "hours_notice", "hours_start", "hours_end", "specific_time",
                                      "has_weekend_rules", "has_schengen_rules", "non_schengen_only"]
            #expect(Set(item.expected.keys).isSubset(of: known), "a label this test does not check: \(item.expected.keys.sorted())")
        }
        // The score line, as the issue measures the parser: texts whose type and notice are both right.
        print("[customs score] labelled texts typed right: \(typed)/\(cases.count)")
    }

    static let aipChapters = RealAIPChapters.expectedFile

    /// The customs texts (AD 2.3 item 2) printed in every real AIP chapter of `expected.json`, with their hand-checked
    /// reading.
    @Test("the customs texts of every real AIP chapter read as hand-checked",
          .enabled(if: FileManager.default.fileExists(atPath: aipChapters.path), "needs ../shared/fixtures/aip-pdf/expected.json"))
    func realChapterTexts() throws {
        let documents = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.aipChapters)) as? [String: Any])
        var read = 0, typed = 0
        for (icao, document) in documents.sorted(by: { $0.key < $1.key }) {
            guard let customs = (document as? [String: Any])?["customs_302"] as? [String: Any], let text = customs["text"] as? String else { continue }
            let rule = NotificationParser.parse(text)
            let comment = Comment(rawValue: "\(icao): \(text)")
            #expect(rule.notificationType?.rawValue == customs["notification_type"] as? String, comment)
            #expect(rule.hoursNotice == customs["hours_notice"] as? Int, comment)
            typed += rule.notificationType?.rawValue == customs["notification_type"] as? String && rule.hoursNotice == customs["hours_notice"] as? Int ? 1 : 0
            read += 1
        }
        print("[customs score] chapter texts typed right: \(typed)/\(read)")
        // Every chapter gives its text: one without would be left out of this test unseen.
        #expect(read == RealAIPChapters.codes.count && read == documents.count)
    }
}
