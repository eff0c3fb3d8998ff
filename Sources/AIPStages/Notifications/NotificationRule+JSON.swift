import AIPJSON

/// The JSON columns of `ga_notification_requirements`, built as ordered ``JSONValue``s (fixed key order) and written
/// by ``JSONWriter`` on one line, so that two builds of the same texts give the same bytes.
extension NotificationRule {
    /// `{"Mon-Fri": "24h", "Sat-Sun/HOL": "48h"}` in day order, every value a string; nil without weekday rules.
    public var weekdayRulesJSON: String? {
        guard !weekdayRules.isEmpty else { return nil }
        return cellText(.object(weekdayRules.map { (key: $0.days, value: .string($0.notice)) }))
    }

    /// `{"schengen_only": false, "non_schengen_only": true}`; nil when the text names no Schengen qualifier.
    public var schengenRulesJSON: String? {
        schengen.map {
            cellText(.object([("schengen_only", .bool($0.schengenOnly)), ("non_schengen_only", .bool($0.nonSchengenOnly))]))
        }
    }

    /// `{"phone": "…" or null, "email": "…" or null}`; nil when the text has neither.
    public var contactInfoJSON: String? {
        contact.map {
            cellText(.object([("phone", $0.phone.map(JSONValue.string) ?? .null), ("email", $0.email.map(JSONValue.string) ?? .null)]))
        }
    }
}

private func cellText(_ value: JSONValue) -> String {
    String(decoding: JSONWriter.bytes(value, layout: .inline), as: UTF8.self)
}
