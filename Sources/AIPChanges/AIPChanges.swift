/// An AIP entry (one item of AD 2.2–2.5 from one source) added, removed, or whose text changed.
public struct AIPEntryChange: Sendable, Encodable, Equatable {
    public var icao: String
    public var section: String?
    public var field: String?
    /// The catalogue id (302 for customs and immigration); nil when the item is not in the catalogue.
    public var stdFieldID: Int?
    public var source: String?
    public var kind: ChangeKind
    public var old: String?
    public var new: String?

    enum CodingKeys: String, CodingKey {
        case icao, section, field, source, kind, old, new
        case stdFieldID = "std_field_id"
    }
}

/// A customs or prior-notice rule (`ga_notifications.db`) whose reading changed: its type or its hours of notice.
public struct CustomsChange: Sendable, Encodable, Equatable {
    /// How a rule reads: `notification_type` and `hours_notice`.
    public struct Reading: Sendable, Encodable, Equatable {
        public var notificationType: String?
        public var hoursNotice: Int?

        /// `hours, 24 h`, `h24`, `not understood`.
        public var text: String {
            let type = notificationType ?? "not understood"
            return hoursNotice.map { "\(type), \($0) h" } ?? type
        }

        enum CodingKeys: String, CodingKey {
            case notificationType = "notification_type", hoursNotice = "hours_notice"
        }
    }

    public var icao: String
    public var kind: ChangeKind
    public var old: Reading?
    public var new: Reading?
}

/// One country's answer to one `rules.json` question added, removed or changed.
public struct RuleAnswerChange: Sendable, Encodable, Equatable {
    public var questionID: String
    public var question: String?
    public var country: String
    public var kind: ChangeKind
    /// The answer's `answer_html`, as text.
    public var old: String?
    public var new: String?

    enum CodingKeys: String, CodingKey {
        case question, country, kind, old, new
        case questionID = "question_id"
    }
}

/// One state's AIP coverage in each bundle: aerodromes with AIP data and AIP items read.
public struct CoverageChange: Sendable, Encodable, Equatable {
    public var country: String
    public var aerodromesBefore: Int
    public var aerodromesAfter: Int
    public var itemsBefore: Int
    public var itemsAfter: Int

    /// Whether the state lost more than a tenth of its aerodromes with AIP data or of its items.
    public var lostMoreThanATenth: Bool {
        Self.lostTenth(aerodromesBefore, aerodromesAfter) || Self.lostTenth(itemsBefore, itemsAfter)
    }

    /// The larger share lost, 0 when nothing was (the order of the list).
    var lossShare: Double {
        max(Self.share(aerodromesBefore, aerodromesAfter), Self.share(itemsBefore, itemsAfter))
    }

    private static func share(_ before: Int, _ after: Int) -> Double {
        before > after ? Double(before - after) / Double(before) : 0
    }

    private static func lostTenth(_ before: Int, _ after: Int) -> Bool { share(before, after) > 0.1 }

    enum CodingKeys: String, CodingKey {
        case country
        case aerodromesBefore = "aerodromes_before", aerodromesAfter = "aerodromes_after"
        case itemsBefore = "items_before", itemsAfter = "items_after"
        case lostMoreThanATenth = "lost_more_than_a_tenth"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(country, forKey: .country)
        try container.encode(aerodromesBefore, forKey: .aerodromesBefore)
        try container.encode(aerodromesAfter, forKey: .aerodromesAfter)
        try container.encode(itemsBefore, forKey: .itemsBefore)
        try container.encode(itemsAfter, forKey: .itemsAfter)
        try container.encode(lostMoreThanATenth, forKey: .lostMoreThanATenth)
    }
}

/// The builds' findings (`report.json`) side by side: per severity, and the most frequent codes.
public struct FindingsSummary: Sendable, Encodable, Equatable {
    public struct Count: Sendable, Encodable, Equatable {
        /// A severity (`error`) or a finding code (`value.not_a_number`).
        public var name: String
        public var before: Int
        public var after: Int
    }

    /// Per severity, error first; nil counts when a bundle has no readable `report.json`.
    public var bySeverity: [Count]
    /// The most frequent codes of the newer build (then of the older), at most ``ChangesLimits/findingCodes``.
    public var topCodes: [Count]

    enum CodingKeys: String, CodingKey {
        case bySeverity = "by_severity", topCodes = "top_codes"
    }
}
