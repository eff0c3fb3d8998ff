import AIPBuild
import Foundation
import TestSupport
import Testing

/// A `report.json` or `manifest.json` the build relies on that cannot be used stops it, as a user sees it: exit 1,
/// a message naming the bundle, the file, what is wrong and the fix, and `--out` as it was.
@Suite struct BuildRecordsTests {
    static let carried = "the build carries the airports, rules, notifications stages over from it (--only)"

    /// Builds the fixture tree into `out` (plus `extra` arguments); the exit code and the message a user would see.
    func build(_ out: URL, _ extra: [String] = []) async -> (code: Int32, message: String) {
        let arguments = ["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"] + extra
        do {
            try await runCommand(arguments)
            return (0, "")
        } catch {
            return (await exitCode(arguments), "\(error)")
        }
    }

    /// `out`'s published files and everything in its state folder, to show a refused build changed nothing.
    func snapshot(_ out: URL) throws -> ([String: Data], [String]) {
        (try publishedFiles(in: out), try FileManager.default.subpathsOfDirectory(atPath: out.appendingPathComponent(".aipbundle").path).sorted())
    }

    @Test(arguments: [
        ("not JSON", Data("{\"stages\": [".utf8), "report.json cannot be read: not valid JSON"),
        ("newer format", Data(#"{"format": 2, "bundle_version": "2612", "airac_date": "2026-11-26", "stages": []}"#.utf8),
         "report.json cannot be read: format: report format 2; this build reads format 1"),
        ("a section missing", Data(#"{"format": 1, "bundle_version": "2612", "airac_date": "2026-11-26", "stages": []}"#.utf8),
         "report.json has no section for the airports stage, whose files are carried over"),
    ])
    func anUnusableReportStopsABuildThatCarriesStagesOver(_ label: String, _ bytes: Data, _ reason: String) async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        #expect(await build(out).code == 0)
        try bytes.write(to: out.appendingPathComponent("report.json"))
        let before = try snapshot(out)
        let result = await build(out, ["--only", "cities"])
        #expect(result.code == 1, "\(label)")
        #expect(result.message == "--out \(out.path): \(reason); \(Self.carried) and needs their report sections: restore the file, or build all stages (leave out --only)")
        #expect(try snapshot(out) == before)
        // The fix: a build of every stage needs no earlier report.
        #expect(await build(out).code == 0)
        #expect(try schemaViolations(Data(contentsOf: out.appendingPathComponent("report.json")), schema: "report.schema.json") == [])
    }

    @Test func aMissingReportStopsABuildThatCarriesStagesOver() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        #expect(await build(out).code == 0)
        try FileManager.default.removeItem(at: out.appendingPathComponent(".aipbundle/current/report.json"))
        let result = await build(out, ["--only", "cities"])
        #expect(result.code == 1)
        #expect(result.message.hasPrefix("--out \(out.path): report.json is missing; \(Self.carried)"), "\(result.message)")
    }

    @Test func anUnusableManifestInOutStopsTheBuildUnlessPreviousNamesAnIntactCopy() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out"), copy = folder.url.appendingPathComponent("copy")
        #expect(await build(out).code == 0)
        #expect(await build(copy).code == 0)
        try Data("{}".utf8).write(to: out.appendingPathComponent("manifest.json"))
        let before = try snapshot(out)
        let result = await build(out, ["--only", "cities"])
        #expect(result.code == 1)
        #expect(result.message == "--out \(out.path): manifest.json is not a manifest: format is missing; the build follows this bundle and "
                + "carries the airports, rules, notifications stages over from it (--only): restore the file, or build all stages with "
                + "--previous naming an intact copy of the last bundle")
        #expect(try snapshot(out) == before)
        // With --previous, --out's manifest is still needed for what it carries over.
        let carrying = await build(out, ["--only", "cities", "--previous", copy.path])
        #expect(carrying.message == "--out \(out.path): manifest.json is not a manifest: format is missing; \(Self.carried) and needs their "
                + "manifest entries and input hashes: restore the file, or build all stages (leave out --only)")
        // Every stage still needs the bundle it follows; with --previous naming an intact copy, --out's manifest is not read.
        let full = await build(out)
        #expect(full.code == 1)
        #expect(full.message == "--out \(out.path): manifest.json is not a manifest: format is missing; the build follows this bundle: "
                + "restore the file, or build all stages with --previous naming an intact copy of the last bundle")
        #expect(await build(out, ["--previous", copy.path]).code == 0)
        #expect(await exitCode(["check", out.path]) == 0)
    }

    @Test func aManifestThatDoesNotListACarriedFileStopsTheBuild() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out"), other = folder.url.appendingPathComponent("other")
        #expect(await build(out).code == 0)
        #expect(await build(other, ["--only", "cities"]).code == 0)
        // A manifest of another bundle, which lists only european_cities.db.
        try Data(contentsOf: other.appendingPathComponent("manifest.json")).write(to: out.appendingPathComponent("manifest.json"))
        let result = await build(out, ["--only", "cities"])
        #expect(result.code == 1)
        #expect(result.message.hasPrefix("--out \(out.path): manifest.json does not list airports.db, which the bundle holds; "), "\(result.message)")
    }

    @Test func aPreviousBundleWithoutManifestIsRefused() async throws {
        let folder = try TemporaryFolder()
        let previous = folder.url.appendingPathComponent("hand-made")
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        let out = folder.url.appendingPathComponent("out")
        let result = await build(out, ["--previous", previous.path])
        #expect(result.code == 1)
        #expect(result.message == "--previous \(previous.path): manifest.json is missing; the build follows this bundle: give --previous "
                + "the folder of a bundle aipbundle published, manifest.json included")
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
