/// One thing a customs text was understood to say, before the facts are weighed into one ``NotificationRule``.
struct NotificationFact: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// A notice period: whole hours (days × 24), or nil for one stated in minutes.
        case notice(hours: Int?)
        case h24
        case onRequest
        case asADHours
        /// Notice due on a previous day (a working day, or any day: "la veille"), by a clock time when one is
        /// given (`1500`).
        case businessDay(deadline: String?, workingDay: Bool)
        /// Opening hours, `HHMM` to `HHMM`.
        case window(start: String, end: String)
        case notAvailable
        /// `PPR` / `PN` / "prior notice" without a period of its own.
        case marker
    }

    /// Which flights a fact is about.
    enum Scope: Sendable, Equatable {
        case any
        case schengen
        case nonSchengen
    }

    var kind: Kind
    /// The days it applies to; nil for every day (or days the text did not name).
    var days: DaySet?
    var scope: Scope
    /// Said of the time outside opening hours ("outside AD HR: NIL", "O/R outside these hours"), so not of the
    /// service as a whole.
    var outside = false

    var noticeHours: Int?? { if case .notice(let hours) = kind { hours } else { nil } }
}

extension NotificationFact.Kind {
    /// The name the evidence of a rule gives its kind (``NotificationRule/evidence``): the `notification_type` it
    /// leads to where there is one.
    var evidenceName: String {
        switch self {
        case .notice: "notice"
        case .h24: "h24"
        case .onRequest: "on_request"
        case .asADHours: "as_ad_hours"
        case .businessDay: "business_day"
        case .window: "opening_hours"
        case .notAvailable: "not_available"
        case .marker: "requirement"
        }
    }
}
