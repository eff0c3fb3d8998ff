import AIPPipeline
import AIPStages
import Foundation

extension BuildStamp {
    /// The stamp for the given settings.
    ///
    /// - `airac`: the cycle given on the command line; else the one in force at `SOURCE_DATE_EPOCH`; else today's.
    /// - timestamp: `SOURCE_DATE_EPOCH` when set (reproducible-builds convention); else the cycle's effective date
    ///   at midnight, so rebuilding within a cycle changes nothing.
    /// - version: as given; else the cycle identifier (`2612`).
    public static func resolve(version: String?, airac: AIRACCycle?, sourceDateEpoch: String?, now: Date = Date()) throws -> BuildStamp {
        var epochDate: Date?
        if let sourceDateEpoch {
            // 946684800 is 2000-01-01, 4102444799 is 2099-12-31T23:59:59: the years whose cycle ids are unambiguous.
            guard let seconds = Int(sourceDateEpoch), (946_684_800...4_102_444_799).contains(seconds) else {
                throw BuildError.invalidSetting(
                    "SOURCE_DATE_EPOCH must be the seconds since 1970 of a moment in 2000–2099 (e.g. 1795435200), not \"\(sourceDateEpoch)\"")
            }
            epochDate = Date(timeIntervalSince1970: Double(seconds))
        }
        let cycle = airac ?? AIRACCycle(containing: epochDate ?? now)
        let timestamp = epochDate.map(Self.format) ?? cycle.timestamp
        return BuildStamp(version: version ?? cycle.identifier, airac: cycle, timestamp: timestamp)
    }

    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
