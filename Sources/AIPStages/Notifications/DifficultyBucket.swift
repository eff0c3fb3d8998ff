/// How hard an airport's customs rule is, as the app ranks it (`NotificationInfo.bucket`: map legend colour, sorting,
/// badge). It reads only `notification_type` and `hours_notice`, in the order of `data-contract.md`.
public enum DifficultyBucket: String, Sendable, CaseIterable {
    case h24
    case easy
    case moderate
    case hassle
    case difficult
    case unknown

    /// The app's cascade: h24 → h24; not_available → difficult; on_request → moderate; business_day → hassle;
    /// as_ad_hours → easy; `hours` without a notice → easy; no notice otherwise → unknown; then ≤ 12 h easy,
    /// ≤ 24 h moderate, ≤ 48 h hassle, else difficult.
    public init(type: NotificationType?, hoursNotice: Int?) {
        switch type {
        case .h24?: self = .h24
        case .notAvailable?: self = .difficult
        case .onRequest?: self = .moderate
        case .businessDay?: self = .hassle
        case .asADHours?: self = .easy
        case .hours? where hoursNotice == nil: self = .easy
        default:
            guard let hours = hoursNotice else { self = .unknown; return }
            self = hours <= 12 ? .easy : hours <= 24 ? .moderate : hours <= 48 ? .hassle : .difficult
        }
    }

    public init(_ rule: NotificationRule) {
        self.init(type: rule.notificationType, hoursNotice: rule.hoursNotice)
    }
}
