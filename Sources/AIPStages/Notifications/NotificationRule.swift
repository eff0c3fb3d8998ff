/// What a customs / prior-notice text (AIP field 302) asks of a pilot, as `ga_notifications.db` stores it.
///
/// Made by ``NotificationParser/parse(_:)``. The fields never contradict each other: `h24` never comes with a
/// notice, ``hoursNotice`` is the largest figure of ``weekdayRules``, and ``ruleType`` is set whenever
/// ``notificationType`` is (iOS reads a NULL `rule_type` as `ppr`). A text with nothing understood has every
/// field nil, no weekday rules and confidence 0.
public struct NotificationRule: Sendable, Equatable {
    public var ruleType: NotificationRuleType?
    public var notificationType: NotificationType?
    /// The largest notice in whole hours ("N days" counts N × 24); nil when none is stated in hours or days.
    public var hoursNotice: Int?
    /// The first opening-hours window, `HHMM`.
    public var operatingHoursStart: String?
    public var operatingHoursEnd: String?
    /// Notice per day group, in day order (`Mon-Fri` → `24h`); empty unless the text gives days their own notice.
    public var weekdayRules: [WeekdayRule]
    /// Set when the text speaks of Schengen or non-Schengen flights.
    public var schengen: SchengenScope?
    public var contact: ContactInfo?
    /// One short line for the app; nil when nothing was understood.
    public var summary: String?
    /// 0…1: 0 when nothing was understood; the app hides rows at or below 0.5.
    public var confidence: Double
    /// Each rule read and the words it matched, in text order (`on_request «AUF ANFRAGE»`, `outside «HN»`): the
    /// contract has no column for it, so the row's `extraction_method` carries it after the parser's name.
    public var evidence: [String] = []

    public init(ruleType: NotificationRuleType? = nil, notificationType: NotificationType? = nil, hoursNotice: Int? = nil,
                operatingHoursStart: String? = nil, operatingHoursEnd: String? = nil, weekdayRules: [WeekdayRule] = [],
                schengen: SchengenScope? = nil, contact: ContactInfo? = nil, summary: String? = nil, confidence: Double = 0) {
        self.ruleType = ruleType
        self.notificationType = notificationType
        self.hoursNotice = hoursNotice
        self.operatingHoursStart = operatingHoursStart
        self.operatingHoursEnd = operatingHoursEnd
        self.weekdayRules = weekdayRules
        self.schengen = schengen
        self.contact = contact
        self.summary = summary
        self.confidence = confidence
    }

    /// Whether anything usable was read from the text.
    public var isUnderstood: Bool { notificationType != nil }
}

/// `notification_type`, as the app's difficulty cascade reads it.
public enum NotificationType: String, Sendable, CaseIterable {
    case h24
    case hours
    case onRequest = "on_request"
    case businessDay = "business_day"
    case asADHours = "as_ad_hours"
    case notAvailable = "not_available"
}

/// `rule_type`: what kind of requirement the text states.
public enum NotificationRuleType: String, Sendable, CaseIterable {
    case customs
    case immigration
    case ppr
    case pn
    case handling
}

/// Notice for one group of days, e.g. `Sat-Sun/HOL` → `48h`.
public struct WeekdayRule: Sendable, Equatable {
    /// The day group as the app shows it: `Mon-Fri`, `Sat-Sun/HOL`, `Sun`, `HOL`.
    public var days: String
    /// `<N>h` (the app reads hours with `(\d+)\s*h`, and a value that is not a string drops the whole object), or
    /// ``lastWorkingDay`` for days whose notice is due by the last working day before them.
    public var notice: String

    /// The notice of days whose notice is due by the last working day (`weekends by the last working day`): no
    /// figure in hours, which the app reads as none.
    public static let lastWorkingDay = "last working day"

    public init(days: String, notice: String) {
        self.days = days
        self.notice = notice
    }
}

/// `schengen_rules`: whether what the text requires concerns only Schengen, or only non-Schengen, flights.
public struct SchengenScope: Sendable, Equatable {
    /// Only Schengen flights are served (e.g. "non-Schengen flights: not authorized").
    public var schengenOnly: Bool
    /// The requirements stated apply to non-Schengen (extra-Schengen) flights only.
    public var nonSchengenOnly: Bool

    public init(schengenOnly: Bool, nonSchengenOnly: Bool) {
        self.schengenOnly = schengenOnly
        self.nonSchengenOnly = nonSchengenOnly
    }
}

/// `contact_info`: the first telephone number and the first e-mail address of the text.
public struct ContactInfo: Sendable, Equatable {
    public var phone: String?
    public var email: String?

    public init(phone: String?, email: String?) {
        self.phone = phone
        self.email = email
    }
}
