/// A set of weekdays and public holidays, as a customs text groups them (`MON-FRI`, `SAT, SUN and public HOL`).
struct DaySet: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    static let monday = DaySet(rawValue: 1 << 0)
    static let sunday = DaySet(rawValue: 1 << 6)
    static let holidays = DaySet(rawValue: 1 << 7)
    static let allWeek = DaySet(rawValue: 0x7F)
    static let weekdays = DaySet(rawValue: 0x1F)
    static let weekend = DaySet(rawValue: 0x60)

    /// The day with index `index` (0 = Monday … 6 = Sunday).
    static func day(_ index: Int) -> DaySet { DaySet(rawValue: 1 << UInt8(index)) }

    /// `from` to `to` inclusive, wrapping past Sunday (`FRI-MON`).
    static func range(_ from: Int, _ to: Int) -> DaySet {
        var set: DaySet = []
        var day = from
        for _ in 0..<7 {
            set.insert(.day(day))
            if day == to { break }
            day = (day + 1) % 7
        }
        return set
    }

    /// The first day in week order (holidays last), to sort groups.
    var firstDay: Int { rawValue == 0 ? 8 : rawValue.trailingZeroBitCount }

    /// The group as the app shows it: runs of days as `Mon-Fri`, single days alone, joined by `/`, then `HOL`.
    var label: String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        var parts: [String] = []
        var day = 0
        while day < 7 {
            guard contains(.day(day)) else { day += 1; continue }
            var end = day
            while end + 1 < 7, contains(.day(end + 1)) { end += 1 }
            parts.append(end == day ? names[day] : "\(names[day])-\(names[end])")
            day = end + 1
        }
        if contains(.holidays) { parts.append("HOL") }
        return parts.joined(separator: "/")
    }

    /// What a short summary calls the group: `weekdays`, `weekends/holidays`, else its label.
    var summaryLabel: String {
        switch self {
        case .weekdays: "weekdays"
        case .weekend: "weekends"
        case DaySet.weekend.union(.holidays): "weekends/holidays"
        case .holidays: "holidays"
        default: label
        }
    }
}
