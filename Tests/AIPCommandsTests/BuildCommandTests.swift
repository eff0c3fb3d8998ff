import AIPBuild
import AIPCommands
import AIPPipeline
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct BuildCommandTests {
    @Test func buildsTheFixtureTreeIntoABundleThatPassesCheck() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("dist/fixtures")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(try publishedFiles(in: out).keys.sorted() == ["airports.db", "european_cities.db", "ga_notifications.db", "manifest.json", "report.json", "rules.json"])
        #expect(await exitCode(["check", out.path]) == 0)
        let counts = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM airports")!, try Int.fetchOne(db, sql: "SELECT count(*) FROM runways")!)
        }
        // The committed slice: 144 airports in scope and 115 of their runways (Fixtures/sources/ourairports/SOURCE.md),
        // plus EGTF, known only from its eAIP fixture page.
        #expect(counts == (145, 115))
        // Nothing left behind beside --out.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path) == ["fixtures"])
    }

    @Test func twoBuildsOfTheSameInputsAreByteIdentical() async throws {
        let folder = try TemporaryFolder()
        for name in ["one", "two"] {
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", folder.url.appendingPathComponent(name).path,
                                  "--airac", "2026-11-26", "--bundle-version", "2612.1"])
        }
        let one = try publishedFiles(in: folder.url.appendingPathComponent("one"))
        let two = try publishedFiles(in: folder.url.appendingPathComponent("two"))
        #expect(one == two)
        #expect(one.keys.sorted() == ["airports.db", "european_cities.db", "ga_notifications.db", "manifest.json", "report.json", "rules.json"])
    }

    @Test func badRowsAreReportedAndTheBuildGoesOn() async throws {
        let folder = try TemporaryFolder()
        var airports = SampleCSV.airportRows
        airports[1] = airports[1].replacingOccurrences(of: "51.956902", with: "95.5")
        let runways = SampleCSV.runwayRows + [#"999,4242,"EZZZ",1000,50,"ASP",0,0,,,,,,,,,,,,"#]
        let sources = try folder.sourceTree(airports: SampleCSV.airports(airports), runways: SampleCSV.runways(runways))
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as! [String: Any]
        let stage = (report["stages"] as! [[String: Any]])[0]
        let findings = stage["findings"] as! [[String: Any]]
        #expect(findings.map { "\($0["file"]!):\($0["line"]!) \($0["reason"]!)" } == [
            "ourairports/airports.csv:3 is out of range -90.0…90.0",
            "ourairports/runways.csv:6 matches no airport id in ourairports/airports.csv",
        ])
        #expect(stage["rows_written"] as? [String: Int] == ["airports": 1, "runways": 2, "procedures": 0, "aip_entries": 0, "border_crossing_points": 0,
                                                            "waypoints": 0, "firs": 0])
    }

    @Test(arguments: [
        ("empty", ""),
        ("header-only", SampleCSV.airportsHeader + "\n"),
        ("missing column", SampleCSV.airports().replacingOccurrences(of: "\"longitude_deg\",", with: "")),
        ("not CSV", "\u{0}\u{0}\u{0}SQLite format 3"),
        ("nothing in scope", SampleCSV.airports([SampleCSV.airportRows[2]])),
    ])
    func anUnusableInputStopsTheBuildAndLeavesTheOutputUntouched(_ label: String, _ airports: String) async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        let good = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "good")
        try await runCommand(["build", "--sources", good.path, "--out", out.path, "--airac", "2026-10-29"])
        let before = try publishedFiles(in: out)

        let bad = try folder.sourceTree(airports: airports, runways: SampleCSV.runways(), name: "bad")
        let run = await aipbundle(["build", "--sources", bad.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(run.code == 1 && run.stdout.isEmpty && run.stderr.contains("Error: "), "\(label): \(run)")
        #expect(try publishedFiles(in: out) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["bad", "good", "out"])
    }

    @Test func aMissingInputFileNamesWhatWasLookedFor() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SampleCSV.airports(), to: "sources/ourairports/airports.csv")
        await #expect {
            try await runCommand(["build", "--sources", folder.url.appendingPathComponent("sources").path, "--out", folder.url.appendingPathComponent("out").path])
        } throws: { error in
            "\(error)".contains("ourairports/runways.csv.gz")
        }
    }

    @Test func gzippedSourcesBuildTheSameBundle() async throws {
        let folder = try TemporaryFolder()
        let plain = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "plain")
        let zipped = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "zipped")
        for file in ["airports.csv", "runways.csv"] {
            let gzip = Process()
            gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
            gzip.arguments = [zipped.appendingPathComponent("ourairports/\(file)").path]
            try gzip.run()
            gzip.waitUntilExit()
        }
        for (tree, out) in [(plain, "a"), (zipped, "b")] {
            try await runCommand(["build", "--sources", tree.path, "--out", folder.url.appendingPathComponent(out).path, "--airac", "2026-11-26"])
        }
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("a/airports.db")) == Data(contentsOf: folder.url.appendingPathComponent("b/airports.db")))
    }

    @Test func pipelineJsonChangesTheScope() async throws {
        let folder = try TemporaryFolder()
        let sources = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        try folder.write(#"{"airports": {"icao_prefixes": ["K", "EH"]}}"#, to: "sources/pipeline.json")
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path])
        let icaos = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { try String.fetchAll($0, sql: "SELECT icao_code FROM airports") }
        #expect(icaos == ["EHRD", "KJFK"])
    }

    @Test func usageErrorsExitWith64() async {
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--only", "airport"]) == 64)
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--airac", "2026-11-23"]) == 64)
        #expect(await exitCode(["build", "--out", "y"]) == 64)
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--only", ","]) == 64)
        // 1900-05-31 would get the same cycle id as 2000-05-31; an empty version would be stored as "".
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--airac", "1900-05-31"]) == 64)
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--bundle-version", ""]) == 64)
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--bundle-version", "26 12"]) == 64)
    }

    @Test func aStageNamedTwiceRunsOnce() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26",
                              "--only", "airports,airports"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as! [String: Any]
        #expect((report["stages"] as! [[String: Any]]).map { $0["stage"] as! String } == ["airports"])
    }

    @Test func aBadSettingsFileGetsAMessageAPersonCanActOn() async throws {
        let folder = try TemporaryFolder()
        let sources = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        let out = folder.url.appendingPathComponent("out").path
        func message(_ config: URL) async -> String {
            do {
                try await runCommand(["build", "--sources", sources.path, "--out", out, "--config", config.path])
                return "built"
            } catch {
                return "\(error)"
            }
        }
        let null = try folder.write(#"{"airports": {"icao_prefixes": null}}"#, to: "null.json")
        #expect(await message(null) == #"\#(null.path): "airports.icao_prefixes" is null; remove the key to use the default, or give a value"#)
        let wrongType = try folder.write(#"{"airports": {"excluded_types": "heliport"}}"#, to: "type.json")
        #expect(await message(wrongType) == #"\#(wrongType.path): "airports.excluded_types" must be a list"#)
        let directory = folder.url.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        #expect(await message(directory) == "the settings file \(directory.path) is not a regular file")
        let fifo = folder.url.appendingPathComponent("fifo.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        #expect(await message(fifo) == "the settings file \(fifo.path) is not a regular file")
        #expect(await message(folder.url.appendingPathComponent("absent.json")).hasSuffix("absent.json does not exist"))
        #expect(!FileManager.default.fileExists(atPath: out + "/airports.db"))
    }
}
