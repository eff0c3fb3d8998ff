/// One row of `ga_notification_requirements`: an airport, its customs text and what the parser read in it.
public struct NotificationRow: Sendable, Equatable {
    /// Stable across releases: the id allocator, keyed by ICAO code.
    public var id: Int64
    /// Upper-case ICAO code.
    public var icao: String
    public var rule: NotificationRule
    /// The exact AIP text the rule was read from.
    public var rawText: String

    public init(id: Int64, icao: String, rule: NotificationRule, rawText: String) {
        self.id = id
        self.icao = icao
        self.rule = rule
        self.rawText = rawText
    }
}
