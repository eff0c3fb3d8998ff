import AIPBundleKit
import AIPStages
import Foundation

/// The notifications stage's output for `texts` (ICAO → customs text), ids 1, 2, … in ICAO order.
func notificationsOutput(_ texts: [String: String]) -> NotificationsStage.Output {
    let rows = texts.sorted { $0.key < $1.key }.enumerated().map { index, entry in
        NotificationRow(id: Int64(index + 1), icao: entry.key, rule: NotificationParser.parse(entry.value), rawText: entry.value)
    }
    return NotificationsStage.Output(rows: rows, findings: [])
}
