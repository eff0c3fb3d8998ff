import Foundation

/// An AIRAC cycle: the 28-day period aeronautical data is published for (ICAO Annex 15).
public struct AIRACCycle: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01 of the cycle's effective date (`package`: the airports stage's date window counts days).
    package let effectiveDay: Int

    /// 2020-01-02, the effective date of cycle 2001; every cycle starts a multiple of 28 days from it.
    static let epochDay = 18_263
    static let length = 28

    /// The cycle in force on `day` (days since 1970-01-01).
    init(containingDay day: Int) {
        let offset = day - Self.epochDay
        let index = offset >= 0 ? offset / Self.length : -((-offset + Self.length - 1) / Self.length)
        effectiveDay = Self.epochDay + index * Self.length
    }

    /// The cycle in force at `date`.
    public init(containing date: Date) {
        self.init(containingDay: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    }

    /// Years whose cycles have an unambiguous `YYNN` identifier: 1900's cycles would repeat 2000's.
    public static let supportedYears = 2000...2099

    /// The cycle that becomes effective on `effectiveDate` (`YYYY-MM-DD`); nil when that date starts no cycle or
    /// lies outside ``supportedYears``.
    public init?(effectiveDate text: String) {
        guard let day = Self.day(from: text), let year = Int(text.prefix(4)), Self.supportedYears.contains(year) else { return nil }
        self.init(containingDay: day)
        guard effectiveDay == day else { return nil }
    }

    /// The cycle named by its identifier `YYNN` (`2612`: the 12th cycle that becomes effective in 2026); nil when
    /// the year has no such cycle.
    public init?(identifier text: String) {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let yy = Int(text.prefix(2)), let number = Int(text.suffix(2)), number >= 1 else { return nil }
        let year = 2000 + yy
        self.init(containingDay: Self.firstDay(ofYear: year) + (number - 1) * Self.length)
        guard effectiveDate.hasPrefix(String(year)) else { return nil }
    }

    /// A cycle as a person gives it: its identifier (`2612`) or its effective date (`2026-11-26`).
    public init?(_ text: String) {
        guard let cycle = AIRACCycle(identifier: text) ?? AIRACCycle(effectiveDate: text) else { return nil }
        self = cycle
    }

    /// The effective date as `YYYY-MM-DD`.
    public var effectiveDate: String { Self.format(day: effectiveDay) }

    /// The cycle's identifier, `YYNN` (year and cycle number within the year, e.g. `2612`).
    public var identifier: String {
        let year = Int(effectiveDate.prefix(4))!
        let number = (effectiveDay - Self.firstDay(ofYear: year)) / Self.length + 1
        return String(format: "%02d%02d", year % 100, number)
    }

    /// The effective date at midnight UTC, as the contract writes timestamps.
    public var timestamp: String { effectiveDate + "T00:00:00" }

    public var description: String { "AIRAC \(identifier) (\(effectiveDate))" }

    public static func < (lhs: AIRACCycle, rhs: AIRACCycle) -> Bool { lhs.effectiveDay < rhs.effectiveDay }

    /// The effective day of the year's first cycle: the cycle in force on its 28th day started in that year.
    private static func firstDay(ofYear year: Int) -> Int {
        AIRACCycle(containingDay: day(from: String(format: "%04d-01-01", year))! + length - 1).effectiveDay
    }

    package static func day(from text: String) -> Int? {
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(dayOfMonth) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, dayOfMonth)
        guard let date = utcCalendar.date(from: components),
              utcCalendar.component(.day, from: date) == dayOfMonth else { return nil }
        return Int(date.timeIntervalSince1970 / 86_400)
    }

    package static func format(day: Int) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
