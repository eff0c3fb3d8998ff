import AIPContract
import AIPFindings
import AIPReaders
import Foundation

extension NotificationsStage {
    /// Reads the customs texts of this build's `airports.db` and parses each.
    ///
    /// - Throws: ``StageError`` when there is no `airports.db` to read, or it has no usable `aip_entries` table.
    public func run(_ context: StageContext) async throws -> Output {
        let file = AirportsContract.fileName, table = AirportsContract.AIPEntries.table.name
        guard context.upstream.has(file) else {
            throw StageError(stage: Self.name, reason: "needs \(file): build the airports stage in the same run, "
                + "or run with --out holding a bundle that has one")
        }
        // Only the customs texts: the other 97 % of the table are never looked at.
        guard let entries = try context.upstream.table(table, in: file, where: Self.customsEntries) else {
            throw StageError(stage: Self.name, reason: "\(file) has no \(table) table; is it an \(file)?")
        }
        var ids = try context.idAllocator(for: NotificationsContract.Requirements.naturalKey)
        let output = try Self.rows(from: entries) { try ids.id(for: RowKey($0)) }
        context.progress("\(Self.name): \(output.rows.count) airports with a customs text, "
            + "\(output.rows.count { $0.rule.isUnderstood }) understood")
        return output
    }

    /// The rows for the 302 entries of `entries` (an `aip_entries` table), in ICAO order; `id` gives each ICAO's id.
    ///
    /// - Throws: ``StageError`` when a column the choice of text needs is missing.
    public static func rows(from entries: PlainTable, id: (String) throws -> Int64) throws -> Output {
        typealias Entries = AirportsContract.AIPEntries
        let columns = [Entries.id, Entries.airportICAO, Entries.stdFieldID, Entries.value, Entries.altValue, Entries.sourcePriority].map(\.name)
        let indexes = columns.compactMap(entries.index(of:))
        guard indexes.count == columns.count else {
            let missing = columns.filter { entries.index(of: $0) == nil }
            throw StageError(stage: name, reason: "\(entriesLocation) lacks the column(s) \(missing.joined(separator: ", "))")
        }
        let entryID = indexes[0], icaoColumn = indexes[1], field = indexes[2], value = indexes[3], altValue = indexes[4], priority = indexes[5]

        var findings: [Finding] = []
        var byICAO: [String: [CustomsEntry]] = [:]
        for row in entries.rows where customsEntries.values.contains(row[field]) {
            let text = [row[value].text, row[altValue].text].compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) } ?? ""
            let entry = CustomsEntry(id: row[entryID].integer ?? Int64.max, priority: row[priority].integer ?? 0, text: text)
            guard let icao = row[icaoColumn].text?.trimmingCharacters(in: .whitespacesAndNewlines).uppercased(), isICAO(icao) else {
                findings.append(finding(entry, record: row[icaoColumn].text ?? "NULL", code: .notificationsBadICAO,
                                        reason: "airport_icao is not a four-letter ICAO code", value: row[icaoColumn].text))
                continue
            }
            byICAO[icao, default: []].append(entry)
        }
        var chosen: [String: CustomsEntry] = [:]
        for (icao, candidates) in byICAO {
            let ranked = candidates.sorted { $0.precedes($1) }
            chosen[icao] = ranked[0]
            for loser in ranked.dropFirst() {
                findings.append(finding(loser, record: icao, code: .notificationsExtraText,
                                        reason: "aip_entries id \(ranked[0].id) is the customs text read for \(icao) (higher source_priority or lower id)"))
            }
        }

        var rows: [NotificationRow] = []
        for icao in chosen.keys.sorted() {
            let entry = chosen[icao]!
            guard entry.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
                findings.append(finding(entry, record: icao, code: .notificationsEmptyText,
                                        reason: "the customs text has no letter or digit; no row is written", value: entry.text))
                continue
            }
            rows.append(NotificationRow(id: try id(icao), icao: icao, rule: NotificationParser.parse(entry.text), rawText: entry.text))
        }
        if chosen.isEmpty {
            findings.append(Finding(file: entriesLocation, location: .file, code: .notificationsNoCustomsTexts,
                                    reason: "no aip_entries row has std_field_id \(customsFieldID) (Customs and immigration); "
                                        + "ga_notification_requirements is empty", action: .warning))
        }
        return Output(rows: rows, findings: findings.sorted())
    }

    private static func isICAO(_ code: String) -> Bool {
        code.utf8.count == 4 && code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }
    }

    private static func finding(_ entry: CustomsEntry, record: String, code: FindingCode, reason: String, value: String? = nil) -> Finding {
        Finding(file: entriesLocation, location: .record("\(record) id \(entry.id)"), code: code, column: AirportsContract.AIPEntries.value.name,
                value: value, reason: reason, action: .rowRejected)
    }
}

/// One 302 entry of `aip_entries`, as the choice between several of an airport sees it.
private struct CustomsEntry {
    var id: Int64
    var priority: Int64
    var text: String

    /// Higher `source_priority` first, then the lower id.
    func precedes(_ other: CustomsEntry) -> Bool { priority != other.priority ? priority > other.priority : id < other.id }
}
