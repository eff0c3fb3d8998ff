/// The JSON columns of `ga_notification_requirements`, written one exact way (fixed key order, no `/` escapes) so
/// that two builds of the same texts give the same bytes.
extension NotificationRule {
    /// `{"Mon-Fri": "24h", "Sat-Sun/HOL": "48h"}` in day order, every value a string; nil without weekday rules.
    public var weekdayRulesJSON: String? {
        guard !weekdayRules.isEmpty else { return nil }
        return "{" + weekdayRules.map { "\(jsonString($0.days)): \(jsonString($0.notice))" }.joined(separator: ", ") + "}"
    }

    /// `{"schengen_only": false, "non_schengen_only": true}`; nil when the text names no Schengen qualifier.
    public var schengenRulesJSON: String? {
        schengen.map { "{\"schengen_only\": \($0.schengenOnly), \"non_schengen_only\": \($0.nonSchengenOnly)}" }
    }

    /// `{"phone": "…" or null, "email": "…" or null}`; nil when the text has neither.
    public var contactInfoJSON: String? {
        contact.map { "{\"phone\": \($0.phone.map(jsonString) ?? "null"), \"email\": \($0.email.map(jsonString) ?? "null")}" }
    }
}

/// `text` as a JSON string literal: quotes, backslashes and control characters escaped, everything else as itself.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
