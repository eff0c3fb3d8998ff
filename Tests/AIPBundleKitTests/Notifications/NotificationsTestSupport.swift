import AIPBundleKit
import AIPStages
import Foundation

/// The customs texts of the two real eAIP pages (field 302), as the tests of `ga_notifications.db` use them.
enum RealCustomsTexts {
    static let egmc = "H24"
    static let lfaq = """
        For all INTL flights departing and arriving: PPR 12 HR (24 HR SAT, SUN and public HOL) before ETA/ETD from \
        douane.aeroportalbert@douane.finances.gouv.fr with copy to handling@aeroportamienspotez.fr or use the custom form \
        via the website https://aeroportamienspotez.fr/formalites-douanieres
        Prior notice must include the following information:
        - type and registration of the ACFT, company ;
        - goods to declare, presence of cash, securities and valuables.
        """
}

/// The notifications stage's output for `texts` (ICAO → customs text), ids 1, 2, … in ICAO order.
func notificationsOutput(_ texts: [String: String]) -> NotificationsStage.Output {
    let rows = texts.sorted { $0.key < $1.key }.enumerated().map { index, entry in
        NotificationRow(id: Int64(index + 1), icao: entry.key, rule: NotificationParser.parse(entry.value), rawText: entry.value)
    }
    return NotificationsStage.Output(rows: rows, findings: [])
}
