import Foundation
import GRDB
import TestSupport
import Testing

/// The cities stage through the command line: `--only cities`, hostile GeoNames inputs, the shrink gate.
@Suite struct CitiesBuildTests {
    /// A source tree named `name` with the committed inputs of every stage, except the GeoNames files in
    /// `geonames` (name → bytes) and those in `removing`.
    func tree(_ folder: TemporaryFolder, name: String, geonames: [String: Data] = [:], removing: [String] = [], pipeline: String? = nil) throws -> URL {
        let root = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("geonames"), withIntermediateDirectories: true)
        for other in ["ourairports", "eaip", "border", "rules"] {
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(other),
                                                       withDestinationURL: SharedFixtures.fixtureSources.appendingPathComponent(other))
        }
        let committed = SharedFixtures.fixtureSources.appendingPathComponent("geonames")
        for file in ["cities15000.txt", "countryInfo.txt", "alternateNamesV2.txt"] where geonames[file] == nil && !removing.contains(file) {
            try Data(contentsOf: committed.appendingPathComponent(file)).write(to: root.appendingPathComponent("geonames/\(file)"))
        }
        for (file, data) in geonames { try data.write(to: root.appendingPathComponent("geonames/\(file)")) }
        if let pipeline { try Data(pipeline.utf8).write(to: root.appendingPathComponent("pipeline.json")) }
        return root
    }

    func build(_ sources: URL, _ out: URL, _ extra: [String] = []) async -> (code: Int32, message: String) {
        let arguments = ["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"] + extra
        do {
            try await runCommand(arguments)
            return (0, "")
        } catch {
            return (await exitCode(arguments), "\(error)")
        }
    }

    @Test func onlyCitiesRebuildsItsFileAndKeepsTheOthers() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        #expect(await build(try tree(folder, name: "a"), out).code == 0)
        let airports = try Data(contentsOf: out.appendingPathComponent("airports.db"))
        let smaller = try tree(folder, name: "b", pipeline: #"{"cities": {"min_population": 10000}}"#)
        // Rebuilding a smaller file is what the shrink gate is for; this change is intended.
        #expect(await build(smaller, out, ["--only", "cities", "--allow-shrink"]).code == 0)
        #expect(try Data(contentsOf: out.appendingPathComponent("airports.db")) == airports)
        let count = try await DatabaseQueue(path: out.appendingPathComponent("european_cities.db").path).read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM cities WHERE population < 10000")
        }
        #expect(count == 0)
        #expect(await exitCode(["check", out.path]) == 0)
    }

    @Test func aCitiesFileThatShrinksIsStoppedByTheShrinkGate() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        #expect(await build(try tree(folder, name: "a"), out).code == 0)
        let result = await build(try tree(folder, name: "b", pipeline: #"{"cities": {"min_population": 500000}}"#), out, ["--only", "cities"])
        #expect(result.code == 1)
        #expect(result.message.contains("european_cities.db: table cities would shrink from 315 to"), "\(result.message)")
    }

    @Test(arguments: [
        ("empty dump", "cities15000.txt", Data(), "geonames/cities15000.txt: is empty"),
        ("HTML page", "cities15000.txt", Data("<html><body>Service unavailable</body></html>\n".utf8), "none of its lines has 19 fields"),
        ("no Europe", "countryInfo.txt", Data("US\tUSA\t840\tUS\tUnited States\tWashington\t1\t1\tNA\t.us\tUSD\tDollar\t1\t\t\ten\t6252001\tCA\t\n".utf8),
         "no country of geonames/countryInfo.txt is on continents EU"),
    ])
    func unusableGeoNamesInputStopsTheBuildAndLeavesTheOutputUntouched(label: String, file: String, data: Data, message: String) async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        #expect(await build(try tree(folder, name: "good"), out).code == 0)
        let before = try publishedFiles(in: out)
        let result = await build(try tree(folder, name: "bad", geonames: [file: data]), out)
        #expect(result.code == 1, "\(label)")
        #expect(result.message.contains(message), "\(label): \(result.message)")
        #expect(try publishedFiles(in: out) == before, "\(label)")
    }

    @Test func aMissingCountryInfoIsNamed() async throws {
        let folder = try TemporaryFolder()
        let result = await build(try tree(folder, name: "bad", removing: ["countryInfo.txt"]), folder.url.appendingPathComponent("out"))
        #expect(result.code == 1)
        #expect(result.message.contains("geonames/countryInfo.txt: not found"), "\(result.message)")
    }

    @Test func badRowsAreReportedWithFileAndLine() async throws {
        let folder = try TemporaryFolder()
        var lines = try String(contentsOf: SharedFixtures.fixtureSources.appendingPathComponent("geonames/cities15000.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let londonLine = try #require(lines.firstIndex { $0.hasPrefix("2643743\t") })
        lines[londonLine] = lines[londonLine].replacingOccurrences(of: "\t51.50853\t", with: "\tN51\t")
        lines.append(lines[0])  // les Escaldes again: a repeated geonameid
        let out = folder.url.appendingPathComponent("out")
        let result = await build(try tree(folder, name: "a", geonames: ["cities15000.txt": Data((lines.joined(separator: "\n") + "\n").utf8)]), out)
        #expect(result.code == 0, "\(result.message)")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as! [String: Any]
        let cities = try #require((report["stages"] as! [[String: Any]]).first { $0["stage"] as? String == "cities" })
        let findings = (cities["findings"] as! [[String: Any]]).map { "\($0["file"]!):\($0["line"]!) \($0["code"]!)" }
        #expect(findings == ["geonames/cities15000.txt:\(londonLine + 1) value.not_a_number", "geonames/cities15000.txt:321 row.duplicate_key"])
    }
}
