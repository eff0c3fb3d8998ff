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
            guard let seconds = Int(sourceDateEpoch), seconds >= 0 else {
                throw BuildError.invalidSetting("SOURCE_DATE_EPOCH must be a number of seconds since 1970, not \"\(sourceDateEpoch)\"")
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
