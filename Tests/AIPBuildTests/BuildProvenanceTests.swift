@testable import AIPBuild
import AIPManifest
import AIPPipeline
import AIPStages
import Foundation
import TestSupport
import Testing

/// The `build` record of `manifest.json`: settings, stages, options and the bundle a build follows.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/sha256sum"), "needs /usr/bin/sha256sum for an independent hash"))
struct BuildProvenanceTests {
    func build(_ sources: URL, into out: URL, version: String = "test", only: String? = nil, allowShrink: Bool = false,
               previous: URL? = nil) async throws -> BuildResult {
        let stamp = BuildStamp(version: version, airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
        return try await BundleBuilder.build(BuildOptions(sources: sources, out: out, stages: StageRegistry.select(only), stamp: stamp,
                                                          previous: previous, allowShrink: allowShrink))
    }

    func manifest(in out: URL) throws -> Manifest {
        try Manifest(contentsOf: out.appendingPathComponent(Manifest.fileName))
    }

    @Test func theManifestRecordsTheSettingsTheStagesTheOptionsAndTheBundleItFollows() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let out = temporary.url.appendingPathComponent("out")
        _ = try await build(sources, into: out, version: "1")
        let first = try #require(try manifest(in: out).build)
        let empty = try temporary.write("", to: "empty")
        // No settings file: the defaults, recorded as the hash of no bytes.
        #expect(first.settingsSHA256 == (try sha256sum(empty)))
        #expect(first.stages == ["airports", "rules", "cities", "notifications"])
        #expect(!first.allowShrink && first.timestamp == "2026-11-26T00:00:00")
        #expect(first.previous == nil)

        let firstManifestHash = try sha256sum(out.appendingPathComponent(Manifest.fileName))
        let settings = try temporary.write(#"{"airports": {"icao_prefixes": ["EB", "EH"]}}"#, to: "sources/pipeline.json")
        _ = try await build(sources, into: out, version: "2", only: "airports", allowShrink: true)
        let second = try #require(try manifest(in: out).build)
        #expect(second.settingsSHA256 == (try sha256sum(settings)))
        #expect(second.stages == ["airports"])
        #expect(second.allowShrink)
        #expect(second.previous == Manifest.Build.Previous(bundleVersion: "1", manifestSHA256: firstManifestHash))
    }

    @Test func twoBuildsOfDifferentScopeHaveDifferentProvenanceAndNothingElseDiffers() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let all = temporary.url.appendingPathComponent("all"), cities = temporary.url.appendingPathComponent("cities")
        _ = try await build(sources, into: all)
        _ = try await build(sources, into: cities)
        _ = try await build(sources, into: cities, only: "cities")
        // The same files from the same inputs: only how they were built tells the two bundles apart.
        let everything = try manifest(in: all), onlyCities = try manifest(in: cities)
        #expect(everything != onlyCities)
        #expect(try publishedFiles(in: all)[Manifest.fileName] != publishedFiles(in: cities)[Manifest.fileName])
        #expect(onlyCities.build?.stages == ["cities"])
        var relabelled = onlyCities
        relabelled.build?.stages = everything.build!.stages
        #expect(relabelled == everything)
    }

    @Test func aVersionRebuiltInPlaceFollowsWhatTheReplacedBundleFollowedAndChangesNothing() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let out = temporary.url.appendingPathComponent("out")
        _ = try await build(sources, into: out, version: "1")
        let firstHash = try sha256sum(out.appendingPathComponent(Manifest.fileName))
        _ = try await build(sources, into: out, version: "2")
        let second = try publishedFiles(in: out)[Manifest.fileName]
        _ = try await build(sources, into: out, version: "2")
        #expect(try manifest(in: out).build?.previous == Manifest.Build.Previous(bundleVersion: "1", manifestSHA256: firstHash))
        #expect(try publishedFiles(in: out)[Manifest.fileName] == second)
    }

    @Test func previousNamesTheBundleFollowedInsteadOfOut() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let released = temporary.url.appendingPathComponent("released"), out = temporary.url.appendingPathComponent("out")
        _ = try await build(sources, into: released, version: "7")
        _ = try await build(sources, into: out, version: "8")
        _ = try await build(sources, into: out, version: "9", previous: released)
        let previous = try #require(try manifest(in: out).build?.previous)
        #expect(previous == Manifest.Build.Previous(bundleVersion: "7", manifestSHA256: try sha256sum(released.appendingPathComponent(Manifest.fileName))))
    }

    @Test func theResultSaysWhatWasWrittenAndWhatWasCarried() async throws {
        let temporary = try TemporaryFolder()
        let sources = try temporary.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let out = temporary.url.appendingPathComponent("out")
        let full = try await build(sources, into: out)
        #expect(full.written == ["airports.db", "rules.json", "european_cities.db", "ga_notifications.db", "report.json", "manifest.json"])
        #expect(full.carried.isEmpty)
        let result = try await build(sources, into: out, version: "2", only: "cities")
        #expect(result.written == ["european_cities.db", "report.json", "manifest.json"])
        #expect(result.carried == ["airports.db", "rules.json", "ga_notifications.db"])
        #expect(result.stages.map(\.report.stage) == ["cities"])
        #expect(result.folder == out && result.stamp.version == "2" && result.stamp.airac.identifier == "2612")
        #expect(result.manifestSHA256 == (try sha256sum(out.appendingPathComponent(Manifest.fileName))))
        #expect(result.manifest == (try manifest(in: out)))
        let published = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
        #expect(result.report.stages == published.stages)
        // The totals cover the carried stages too: the rules stage did not run, its questions are still counted.
        #expect(result.report.totals.rowsWritten["questions"] == full.report.totals.rowsWritten["questions"])
        #expect(result.report.totals.rowsWritten["questions"] ?? 0 > 0)
    }

    @Test func aManifestWithoutBuildIsStillRead() throws {
        let manifest = try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0.2.0",
                                         entries: [:], inputs: [])
        let json = String(decoding: try manifest.jsonData(), as: UTF8.self)
        #expect(!json.contains("\"build\""))
        #expect(try Manifest(jsonData: Data(json.utf8)).build == nil)
    }
}
