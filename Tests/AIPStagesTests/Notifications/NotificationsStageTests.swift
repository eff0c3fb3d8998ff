import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import Testing

/// The stage on hand-made `airports.db` contents: which text per airport, which airports get no row, ids, counts.
@Suite("Notifications stage")
struct NotificationsStageTests {
    struct Entry {
        var icao: String?
        var field: PlainValue = .integer(302)
        var value: String?
        var altValue: String? = nil
        var priority: Int64 = 0
    }

    static func entries(_ entries: [Entry]) -> PlainTable {
        PlainTable(
            columns: ["id", "airport_icao", "section", "field", "value", "std_field", "std_field_id", "mapping_score", "alt_field",
                      "alt_value", "source", "source_priority", "created_at", "updated_at"],
            rows: entries.enumerated().map { index, entry in
                [.integer(Int64(index + 1)), entry.icao.map(PlainValue.text) ?? .null, .text("operational"), .text("Customs and immigration"),
                 entry.value.map(PlainValue.text) ?? .null, .text("Customs and immigration"), entry.field, .real(1), .null,
                 entry.altValue.map(PlainValue.text) ?? .null, .text("source\(index)"), .integer(entry.priority), .null, .null]
            })
    }

    static func context(_ table: PlainTable?, previous: BundleContents = .empty) -> StageContext {
        let upstream = BundleContents(fileNames: ["airports.db"]) { file, name in
            file == "airports.db" && name == "aip_entries" ? table : nil
        }
        return StageContext(sources: SourceTree(root: URL(fileURLWithPath: "/nonexistent")), stamp: stamp, upstream: upstream, previous: previous)
    }

    static let stamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")

    @Test("one row per airport with a customs text, in ICAO order, each text parsed")
    func rows() async throws {
        let table = Self.entries([
            Entry(icao: "LFAQ", value: "PPR 12 HR (24 HR SAT, SUN and public HOL) before ETA/ETD"),
            Entry(icao: "EGMC", value: "H24"),
            Entry(icao: "EGMC", field: .integer(308), value: "PPR 48 HR"),
            Entry(icao: " egkb ", value: "see AD 2.20"),
        ])
        let output = try await NotificationsStage().run(Self.context(table))
        #expect(output.rows.map(\.icao) == ["EGKB", "EGMC", "LFAQ"])
        #expect(output.rows.map(\.id) == [1, 2, 3])
        #expect(output.rows[1].rule.notificationType == .h24, "the 308 entry is not a customs text")
        #expect(output.rows[2].rule.hoursNotice == 24)
        #expect(output.rows[0].rule.notificationType == nil)
        #expect(output.rows[0].rawText == "see AD 2.20")
        #expect(output.findings.isEmpty)
        #expect(output.inputs.isEmpty)
        #expect(output.counts["difficulty"] == ["h24": 1, "easy": 0, "moderate": 1, "hassle": 0, "difficult": 0, "unknown": 1])
        #expect(output.counts["notification_type"]?["none"] == 1)
        #expect(output.counts["notification_type"]?["hours"] == 1)
    }

    @Test("of several entries for one airport, the highest source_priority wins, then the lowest id; the others are findings")
    func severalTexts() throws {
        let table = Self.entries([
            Entry(icao: "LFAQ", value: "O/R"),
            Entry(icao: "LFAQ", value: "PPR 24 HR", priority: 5),
            Entry(icao: "LFAQ", value: "H24", priority: 5),
            Entry(icao: "LFAT", value: "  ", altValue: "Sur demande"),
        ])
        let output = try NotificationsStage.rows(from: table) { _ in 1 }
        #expect(output.rows.map(\.rawText) == ["PPR 24 HR", "Sur demande"])
        #expect(output.rows[1].rule.notificationType == .onRequest, "alt_value is read when value is blank")
        #expect(output.findings.map(\.code) == [.notificationsExtraText, .notificationsExtraText])
        #expect(output.findings.map(\.location) == [.record("LFAQ id 1"), .record("LFAQ id 3")])
        #expect(output.findings.allSatisfy { $0.reason.hasPrefix("aip_entries id 2 is the customs text read for LFAQ") })
    }

    @Test("a text without a letter or digit gets no row but a finding; a bad ICAO code is rejected")
    func emptyTexts() throws {
        let table = Self.entries([
            Entry(icao: "LFAQ", value: "-"),
            Entry(icao: "LFAT", value: nil),
            Entry(icao: "LFOI", value: " — "),
            Entry(icao: "LF1", value: "H24"),
            Entry(icao: nil, value: "H24"),
            Entry(icao: "EGMC", field: .text("302"), value: "H24"),
        ])
        let output = try NotificationsStage.rows(from: table) { _ in 7 }
        #expect(output.rows.map(\.icao) == ["EGMC"])
        #expect(output.findings.map(\.code).sorted() == [.notificationsBadICAO, .notificationsBadICAO, .notificationsEmptyText,
                                                         .notificationsEmptyText, .notificationsEmptyText])
        #expect(output.findings.allSatisfy { $0.action == .rowRejected })
    }

    @Test("no customs entry at all is an empty table with a warning, never silence")
    func noTexts() throws {
        let output = try NotificationsStage.rows(from: Self.entries([Entry(icao: "LFAQ", field: .integer(402), value: "100LL")])) { _ in 1 }
        #expect(output.rows.isEmpty)
        #expect(output.findings.map(\.code) == [.notificationsNoCustomsTexts])
        #expect(output.findings.first?.action == .warning)
        #expect(output.counts["difficulty"]?.values.reduce(0, +) == 0)
    }

    @Test("no airports.db, or one without aip_entries, stops the stage with a reason")
    func missingUpstream() async throws {
        let empty = StageContext(sources: SourceTree(root: URL(fileURLWithPath: "/nonexistent")), stamp: Self.stamp)
        await #expect(throws: StageError.self) { try await NotificationsStage().run(empty) }
        await #expect(throws: StageError.self) { try await NotificationsStage().run(Self.context(nil)) }
        let noColumn = PlainTable(columns: ["id", "airport_icao"], rows: [])
        #expect(throws: StageError.self) { try NotificationsStage.rows(from: noColumn) { _ in 1 } }
    }

    @Test("ids carry over from the previous bundle by ICAO; a new airport gets the next id above the mark")
    func stableIDs() async throws {
        let previousTable = PlainTable(columns: ["id", "icao"], rows: [[.integer(4), .text("LFAQ")], [.integer(9), .text("EGMC")]])
        let previous = BundleContents(fileNames: ["ga_notifications.db"]) { _, name in
            switch name {
            case "ga_notification_requirements": previousTable
            case "sqlite_sequence": PlainTable(columns: ["name", "seq"], rows: [[.text("ga_notification_requirements"), .integer(12)]])
            default: nil
            }
        }
        let table = Self.entries([Entry(icao: "LFAQ", value: "O/R"), Entry(icao: "EGMC", value: "H24"), Entry(icao: "EGKB", value: "H24")])
        let output = try await NotificationsStage().run(Self.context(table, previous: previous))
        #expect(output.rows.map(\.icao) == ["EGKB", "EGMC", "LFAQ"])
        #expect(output.rows.map(\.id) == [13, 9, 4])
    }
}
