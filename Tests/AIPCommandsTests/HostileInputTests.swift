import AIPBundleFolder
import Foundation
import GRDB
import TestSupport
import Testing

/// One test per defect an adversarial run of the foundation found (about 150 hostile cases, 4,560 fuzzed builds).
/// Each builds a good bundle first, then the hostile input, and checks the exit code, the message, and, where the
/// build must stop, that `--out` is byte-identical afterwards.
@Suite struct HostileInputTests {
    /// Builds `good`, then `hostile` into the same `--out`; returns the hostile build's exit code and message, and
    /// whether `--out` is exactly as the good build left it.
    func attempt(good: URL, hostile: URL, extra: [String] = []) async throws -> (code: Int32, message: String, untouched: Bool) {
        let out = good.deletingLastPathComponent().appendingPathComponent("out")
        try await runCommand(["build", "--sources", good.path, "--out", out.path, "--airac", "2026-11-26"])
        let before = try snapshot(of: out)
        var message = ""
        let code: Int32
        do {
            try await runCommand(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26"] + extra)
            code = 0
        } catch {
            message = "\(error)"
            code = await exitCode(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26"] + extra)
        }
        return (code, message, try snapshot(of: out) == before)
    }

    func fixtureTree(_ folder: TemporaryFolder, name: String, airports: (String) -> String = { $0 }, runways: (String) -> String = { $0 }) throws -> URL {
        let source = SharedFixtures.fixtureSources.appendingPathComponent("ourairports")
        let airportsText = try String(contentsOf: source.appendingPathComponent("airports.csv"), encoding: .utf8)
        let runwaysText = try String(contentsOf: source.appendingPathComponent("runways.csv"), encoding: .utf8)
        return try folder.sourceTree(airports: airports(airportsText), runways: runways(runwaysText), name: name)
    }

    @Test func mostInScopeAirportRowsBadStopsTheBuild() async throws {
        let folder = try TemporaryFolder()
        let good = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "good")
        // 11 of 12 in-scope rows have a latitude of 95: the whole-world file around them is fine, and it must not matter.
        var rows = (0..<12).map { #"\#(100 + $0),"EBQ\#(Character(UnicodeScalar(65 + $0)!))","small_airport","F",95,4,,"EU","BE",,,,,,,,,,"# }
        rows[0] = rows[0].replacingOccurrences(of: ",95,", with: ",51,")
        rows += (0..<200).map { #"\#(1000 + $0),"US-\#($0)","small_airport","F",40,-70,,"NA","US",,,,,,,,,,"# }
        let hostile = try folder.sourceTree(airports: SampleCSV.airports(rows), runways: SampleCSV.runways(), name: "hostile")
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message == "ourairports/airports.csv: 11 of its 12 in-scope or unreadable rows are rejected; the file looks corrupt, fix or replace it")
    }

    @Test func everyRunwayPointingAtNoAirportStopsTheBuild() async throws {
        let folder = try TemporaryFolder()
        let good = try fixtureTree(folder, name: "good")
        let hostile = try fixtureTree(folder, name: "hostile", runways: { text in
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for index in 1..<lines.count where !lines[index].isEmpty {
                var fields = lines[index].split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
                fields[1] = "99" + fields[1]
                lines[index] = fields.joined(separator: ",")
            }
            return lines.joined(separator: "\n")
        })
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("ourairports/runways.csv: 207 of its 207 runways of airports in scope, of no airport, or unreadable are rejected"), "\(result.message)")
    }

    @Test func anAirportsFileCutInsideARecordStopsTheBuild() async throws {
        let folder = try TemporaryFolder()
        let good = try fixtureTree(folder, name: "good")
        let hostile = try fixtureTree(folder, name: "hostile", airports: { text in
            String(decoding: Array(text.utf8).prefix(Int(Double(text.utf8.count) * 0.4)), as: UTF8.self)
        })
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("ourairports/airports.csv: ends inside a record at line ") && result.message.hasSuffix("the file looks truncated; download it again"), "\(result.message)")
    }

    @Test func aRunwaysFileCutAtALineIsStoppedByTheShrinkGate() async throws {
        let folder = try TemporaryFolder()
        let good = try fixtureTree(folder, name: "good")
        let hostile = try fixtureTree(folder, name: "hostile", runways: { text in
            text.split(separator: "\n").prefix(101).joined(separator: "\n") + "\n"
        })
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("airports.db: table runways would shrink from 115 to "), "\(result.message)")
        let allowed = try await attempt(good: good, hostile: hostile, extra: ["--allow-shrink"])
        #expect(allowed.code == 0 && !allowed.untouched)
    }

    @Test func aSecondBuildIntoTheSameOutIsRefused() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let before = try snapshot(of: out)
        let running = try BundleFolder(root: out)
        await #expect {
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        } throws: { error in
            "\(error)".hasPrefix("another aipbundle process is writing to \(out.path)")
        }
        withExtendedLifetime(running) {}
        #expect(try snapshot(of: out) == before)
    }

    @Test func aDuplicatedHeaderNameStopsTheBuild() async throws {
        let folder = try TemporaryFolder()
        let good = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "good")
        // An extra "latitude_deg" column full of zeros: reading by name would have put every airport at latitude 0.
        let header = SampleCSV.airportsHeader + #","latitude_deg""#
        let hostile = try folder.sourceTree(airports: ([header] + SampleCSV.airportRows.map { $0 + ",0" }).joined(separator: "\n") + "\n",
                                            runways: SampleCSV.runways(), name: "hostile")
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("ourairports/airports.csv: names column latitude_deg more than once (line 1)"), "\(result.message)")
    }

    @Test func aNULBytePastTheFirst64KiBIsAFindingAndNeverStored() async throws {
        let folder = try TemporaryFolder()
        let filler = (0..<800).map { #"\#(5000 + $0),"US-\#($0)","small_airport","Filler airport number \#($0)",40,-70,,"NA","US",,,,,,,,,,"# }
        let poisoned = SampleCSV.airportRows[1].replacingOccurrences(of: "Rotterdam The Hague Airport", with: "Rotter\u{0}dam")
        let sources = try folder.sourceTree(airports: SampleCSV.airports(filler + [SampleCSV.airportRows[0], poisoned]), runways: SampleCSV.runways())
        #expect(try Data(contentsOf: sources.appendingPathComponent("ourairports/airports.csv")).firstIndex(of: 0)! > 65_536)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        let report = String(decoding: try Data(contentsOf: out.appendingPathComponent("report.json")), as: UTF8.self)
        #expect(report.contains(#""code": "value.nul_byte""#))
        let name = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read {
            try String.fetchOne($0, sql: "SELECT name FROM airports WHERE icao_code = 'EHRD'")
        }
        #expect(name == nil)
    }

    @Test func oldMacLineEndingsLoseOneRowForAStrayQuote() async throws {
        let folder = try TemporaryFolder()
        var rows = SampleCSV.airportRows
        rows.insert(#"77,"EBZZ","small_airport","Broken "quote" here,50,4,,"EU","BE",,,,,,,,,,"#, at: 1)
        let airports = ([SampleCSV.airportsHeader] + rows).joined(separator: "\r") + "\r"
        let runways = ([SampleCSV.runwaysHeader] + SampleCSV.runwayRows).joined(separator: "\r") + "\r"
        let sources = try folder.sourceTree(airports: airports, runways: runways)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        let icaos = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read {
            try String.fetchAll($0, sql: "SELECT icao_code FROM airports ORDER BY icao_code")
        }
        #expect(icaos == ["EBOS", "EHRD"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as! [String: Any]
        let findings = (report["stages"] as! [[String: Any]])[0]["findings"] as! [[String: Any]]
        #expect(findings.map { "\($0["file"]!):\($0["line"]!)" } == ["ourairports/airports.csv:3"])
    }

    @Test func aGzipBombIsRefusedWithAMessage() async throws {
        let folder = try TemporaryFolder()
        let good = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "good")
        let hostile = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "hostile")
        let runways = hostile.appendingPathComponent("ourairports/runways.csv")
        try FileManager.default.removeItem(at: runways)
        // 100 MiB of zeros in about 100 KB: past 64 MiB it expands far more than real data ever does.
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/sh")
        gzip.arguments = ["-c", "head -c 104857600 /dev/zero | gzip -c > '\(runways.path).gz'"]
        try gzip.run()
        gzip.waitUntilExit()
        let result = try await attempt(good: good, hostile: hostile)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("ourairports/runways.csv.gz: ") && result.message.contains("a decompression bomb"), "\(result.message)")
    }

    @Test func aFolderOrAFIFOWhereAnInputFileShouldBeIsNamedAsSuch() async throws {
        let folder = try TemporaryFolder()
        let good = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "good")
        let asFolder = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "folder")
        try FileManager.default.removeItem(at: asFolder.appendingPathComponent("ourairports/airports.csv"))
        try FileManager.default.createDirectory(at: asFolder.appendingPathComponent("ourairports/airports.csv"), withIntermediateDirectories: true)
        let byFolder = try await attempt(good: good, hostile: asFolder)
        #expect(byFolder.code == 1 && byFolder.untouched)
        #expect(byFolder.message.hasPrefix("ourairports/airports.csv: is a folder, not a regular file"), "\(byFolder.message)")

        let asFIFO = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: "fifo")
        let fifo = asFIFO.appendingPathComponent("ourairports/airports.csv")
        try FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let byFIFO = try await attempt(good: good, hostile: asFIFO)
        #expect(byFIFO.code == 1 && byFIFO.untouched)
        #expect(byFIFO.message.hasPrefix("ourairports/airports.csv: is a named pipe (FIFO), not a regular file"), "\(byFIFO.message)")
    }

    @Test func anOutThatIsAFileIsRefusedWithAMessage() async throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("not a folder", to: "out")
        await #expect {
            try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", file.path])
        } throws: { error in
            "\(error)" == "\(file.path) is not a folder; the output folder must be one"
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "not a folder")
    }
}
