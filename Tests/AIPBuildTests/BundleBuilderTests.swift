@testable import AIPBuild
import AIPBundleFolder
import AIPPipeline
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

let stamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")

func build(_ sources: URL, into out: URL, previous: URL? = nil, allowShrink: Bool = false,
           fault: @escaping @Sendable (BundleFolder.Step) throws -> Void = { _ in }) async throws {
    var options = BuildOptions(sources: sources, out: out, stamp: stamp, previous: previous, allowShrink: allowShrink)
    options.publishFault = fault
    _ = try await BundleBuilder.build(options)
}

func count(_ table: String, in out: URL) throws -> Int {
    try DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)")! }
}

@Suite struct BundleBuilderTests {
    @Test(arguments: BundleFolder.Step.allCases.filter(\.isBeforeFlip))
    func aFailureBetweenPublishStepsLeavesThePreviousBundleByteIdentical(_ step: BundleFolder.Step) async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        let first = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "first")
        try await build(first, into: out)
        let before = try publishedFiles(in: out)
        let rows = SampleCSV.airportRows + [#"9,"EBAW","small_airport","Antwerp",51.19,4.46,39,"EU","BE",,,,"EBAW",,,,,,"#]
        let second = try temporary.sourceTree(airports: SampleCSV.airports(rows), runways: SampleCSV.runways(), name: "second")
        await #expect {
            try await build(second, into: out) { if $0 == step { throw InjectedCrash() } }
        } throws: { error in
            "\(error)" == "InjectedCrash()"
        }
        #expect(try publishedFiles(in: out) == before)
        try await build(second, into: out)
        #expect(try count("airports", in: out) == 3)
    }

    @Test func aTableThatShrinksTooMuchStopsTheBuildUnlessAllowed() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        try await build(temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "full"), into: out)
        let before = try publishedFiles(in: out)
        // EHRD's runway disappears: runways go from 3 to 2 (33 % lost), airports stay.
        let cut = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(Array(SampleCSV.runwayRows.prefix(2))), name: "cut")
        await #expect {
            try await build(cut, into: out)
        } throws: { error in
            "\(error)" == "airports.db: table runways would shrink from 3 to 2 rows (more than 5 % lost against the previous bundle); check the inputs, or pass --allow-shrink if this is a real change"
        }
        #expect(try publishedFiles(in: out) == before)
        try await build(cut, into: out, allowShrink: true)
        #expect(try count("runways", in: out) == 2)
    }

    @Test func previousNamesTheBundleToCompareWithInsteadOfOut() async throws {
        let temporary = try TemporaryFolder()
        let full = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "full")
        let cut = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(Array(SampleCSV.runwayRows.prefix(2))), name: "cut")
        try await build(full, into: temporary.url.appendingPathComponent("released"))
        // A fresh --out has no bundle, but --previous does: the gate still holds.
        await #expect(throws: BuildError.self) {
            try await build(cut, into: temporary.url.appendingPathComponent("fresh"), previous: temporary.url.appendingPathComponent("released"))
        }
        try await build(cut, into: temporary.url.appendingPathComponent("fresh"))
    }

    @Test func aBuildIsRefusedWhileAnotherHoldsTheSameOut() async throws {
        let temporary = try TemporaryFolder()
        let out = temporary.url.appendingPathComponent("out")
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let other = try BundleFolder(root: out)
        await #expect {
            try await build(sources, into: out)
        } throws: { error in
            "\(error)".hasPrefix("another aipbundle process is writing to \(out.standardizedFileURL.path)")
        }
        withExtendedLifetime(other) {}
    }

    @Test func stagesReportProgressThroughTheBuild() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let lines = ProgressLines()
        _ = try await BundleBuilder.build(BuildOptions(sources: sources, out: temporary.url.appendingPathComponent("out"), stamp: stamp,
                                                       progress: { lines.append($0) }))
        // Independent stages run side by side, so their lines interleave; notifications reads airports.db, so it comes after.
        let airports = "airports: read 3 rows of ourairports/airports.csv, 4 of ourairports/runways.csv"
        let notifications = "notifications: 0 airports with a customs text, 0 understood"
        #expect(lines.all.sorted() == [airports, "cities: read 320 rows of geonames/cities15000.txt, 315 places in scope", notifications,
                                       "rules: 5 questions, 3 countries"])
        #expect(lines.all.firstIndex(of: airports)! < lines.all.firstIndex(of: notifications)!)
    }

    @Test func theReportKeepsTheSectionsOfStagesThatDidNotRun() {
        let previous = BuildReport(bundleVersion: "old", airacDate: "2026-10-29", stages: [
            StageReport(stage: "cities", inputs: [], rowsWritten: ["cities": 5], findings: []),
            StageReport(stage: "airports", inputs: [], rowsWritten: ["airports": 1], findings: []),
            StageReport(stage: "retired", inputs: [], rowsWritten: [:], findings: []),
        ])
        let airports = StageReport(stage: "airports", inputs: [], rowsWritten: ["airports": 2], findings: [])
        let merged = BuildReport.merging([airports], into: previous, stamp: stamp, order: ["airports", "cities"])
        #expect(merged.stages.map(\.stage) == ["airports", "cities"])
        #expect(merged.stages[0].rowsWritten == ["airports": 2] && merged.stages[1].rowsWritten == ["cities": 5])
        #expect(merged.bundleVersion == "test")
    }

    @Test func countsAreReportedOnlyWhenAStageHasAny() throws {
        let report = BuildReport(bundleVersion: "v", airacDate: "2026-11-26", stages: [
            StageReport(stage: "airports", inputs: [], rowsWritten: [:], findings: []),
            StageReport(stage: "notifications", inputs: [], rowsWritten: [:], findings: [], counts: ["difficulty": ["easy": 3]]),
        ])
        let json = String(decoding: try report.json(), as: UTF8.self)
        #expect(json.components(separatedBy: "\"counts\"").count == 2)
        let decoded = try JSONDecoder().decode(BuildReport.self, from: try report.json())
        #expect(decoded.stages.map(\.counts) == [[:], ["difficulty": ["easy": 3]]])
    }
}

/// Progress lines collected from any thread.
final class ProgressLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
