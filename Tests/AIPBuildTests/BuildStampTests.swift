import AIPBuild
import AIPPipeline
import AIPStages
import Foundation
import Testing

@Suite struct BuildStampTests {
    @Test func stampComesFromSettingsNeverTheClock() throws {
        let cycle = try #require(AIRACCycle(effectiveDate: "2026-11-26"))
        let stamp = try BuildStamp.resolve(version: nil, airac: cycle, sourceDateEpoch: nil, now: Date(timeIntervalSince1970: 0))
        #expect(stamp == BuildStamp(version: "2612", airac: cycle, timestamp: "2026-11-26T00:00:00"))
        let epoch = try BuildStamp.resolve(version: "7", airac: nil, sourceDateEpoch: "1795435200")
        #expect(epoch.timestamp == "2026-11-23T12:00:00" && epoch.airac.identifier == "2611" && epoch.version == "7")
        #expect(throws: BuildError.self) { try BuildStamp.resolve(version: nil, airac: nil, sourceDateEpoch: "yesterday") }
    }

    /// Int64.max seconds once gave cycle "67-1359886129"; a date before 2000 would repeat a later cycle's id.
    @Test(arguments: ["9223372036854775807", "-1", "0", "946684799", "4102444800"])
    func aSourceDateEpochOutsideTwoThousandToTwentyNinetyNineIsRefused(_ value: String) {
        #expect(throws: BuildError.self) { try BuildStamp.resolve(version: nil, airac: nil, sourceDateEpoch: value) }
    }
}
