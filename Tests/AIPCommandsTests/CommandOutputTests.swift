import AIPBuild
import AIPCommands
import Foundation
import TestSupport
import Testing

/// Results on stdout, logs on stderr, for every command: one result line, or with --json one document that
/// validates against docs/schemas/<command>.schema.json; --quiet leaves stderr to errors; --verbose adds detail.
@Suite struct CommandOutputTests {
    /// Every command once, in the order a release runs them: the keys, two signed builds a cycle apart, a check,
    /// the delta, applying it to a copy of the first, publishing both. `extra` goes after each command's arguments.
    func releaseRuns(in folder: TemporaryFolder, extra: [String]) async throws -> [(command: String, run: CommandRun)] {
        let root = folder.url.path
        let sources = SharedFixtures.fixtureSources.path
        let key = "\(root)/keys/signing.key"
        var runs: [(String, CommandRun)] = []
        func step(_ arguments: [String]) async throws {
            let run = await aipbundle(arguments + extra)
            #expect(run.code == 0, "\(arguments): \(run)")
            runs.append((arguments[0], run))
        }
        try await step(["keygen", "--out", "\(root)/keys"])
        try await step(["build", "--sources", sources, "--out", "\(root)/v1", "--airac", "2612", "--signing-key", key])
        try await step(["build", "--sources", sources, "--out", "\(root)/v2", "--airac", "2613", "--previous", "\(root)/v1", "--signing-key", key])
        try await step(["check", "\(root)/v2"])
        try await step(["delta", "--from", "\(root)/v1", "--to", "\(root)/v2", "--out", "\(root)/d", "--signing-key", key])
        try FileManager.default.copyItem(atPath: "\(root)/v1", toPath: "\(root)/device")
        try await step(["apply", "\(root)/d", "--bundle", "\(root)/device", "--public-key", "\(root)/keys/signing.pub"])
        try await step(["publish", "--bundle", "\(root)/v1", "--channel", "\(root)/cdn", "--signing-key", key])
        try await step(["publish", "--bundle", "\(root)/v2", "--channel", "\(root)/cdn", "--signing-key", key])
        return runs
    }

    @Test func eachCommandPrintsOneResultLineOnStdoutAndItsLogsOnStderr() async throws {
        let folder = try TemporaryFolder()
        let runs = try await releaseRuns(in: folder, extra: [])
        let root = NSRegularExpression.escapedPattern(for: folder.url.path)
        // One line each; the parts that follow from the fixture data (file lists, counts, sizes) are matched by shape.
        let files = NSRegularExpression.escapedPattern(for: StageRegistry.all.flatMap(\.files).joined(separator: ", "))
        let expected = [
            "wrote \(root)/keys/signing.key and \(root)/keys/signing.pub \\(fingerprint [0-9a-f]{64}\\)",
            "built bundle 2612 \\(AIRAC 2612, 2026-11-26\\), signed, in \(root)/v1: \(files); AIP data for [0-9]+ aerodromes in [0-9]+ states?; [0-9]+ findings?( in \(root)/v1/report.json)?",
            "built bundle 2613 \\(AIRAC 2613, 2026-12-24\\), signed, in \(root)/v2: \(files); AIP data for [0-9]+ aerodromes in [0-9]+ states?; [0-9]+ findings?( in \(root)/v2/report.json)?",
            "\(root)/v2: OK",
            "wrote the signed update package 2612 → 2613 in \(root)/d: [0-9]+ rows(, [0-9]+ full)?, 1 unchanged, [0-9]+ bytes of payload",
            "updated \(root)/device from 2612 to 2613: airports.db rows, .*rules.json unchanged",
            "published 2612 to \(root)/cdn \\(no deltas\\); index sequence [0-9]+, expires [0-9T:Z-]+",
            "published 2613 to \(root)/cdn \\(deltas from 2612\\); index sequence [0-9]+, expires [0-9T:Z-]+",
        ]
        #expect(runs.count == expected.count)
        for ((command, run), pattern) in zip(runs, expected) {
            #expect(run.stdoutLines.count == 1 && run.stdout.range(of: "^\(pattern)\n$", options: .regularExpression) != nil, "\(command): \(run.stdout)")
        }
        // The logs: each build stage's summary, each file of the delta.
        let build = runs[1].run.stderr
        for stage in ["airports: ", "rules: ", "cities: ", "notifications: "] {
            #expect(build.contains("\n" + stage) || build.hasPrefix(stage), "\(stage)")
        }
        #expect(runs[4].run.stderr.contains("rules.json: unchanged\n"))
        // Off a terminal there is no live status line: plain lines only.
        #expect(!runs.contains { $0.run.stderr.contains("\u{1B}") || $0.run.stderr.contains("\r") })
    }

    @Test func withJsonEachCommandPrintsOneDocumentThatFitsItsSchema() async throws {
        let folder = try TemporaryFolder()
        let runs = try await releaseRuns(in: folder, extra: ["--json"])
        for (command, run) in runs {
            #expect(try schemaViolations(Data(run.stdout.utf8), schema: "\(command).schema.json") == [], "\(command): \(run.stdout)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect(document["format"] as? Int == 1 && document["command"] as? String == command && document["ok"] as? Bool == true)
        }
        let build = try #require(try JSONSerialization.jsonObject(with: Data(runs[2].run.stdout.utf8)) as? [String: Any])
        #expect(build["bundle_version"] as? String == "2613")
        #expect(build["airac"] as? [String: String] == ["cycle": "2613", "effective_date": "2026-12-24"])
        #expect((build["stages"] as? [[String: Any]])?.map { $0["stage"] as? String } == ["airports", "rules", "cities", "notifications"])
        let delta = try #require(try JSONSerialization.jsonObject(with: Data(runs[4].run.stdout.utf8)) as? [String: Any])
        #expect((delta["files"] as? [String: [String: Any]])?["rules.json"]?["kind"] as? String == "unchanged")
    }

    @Test func quietLeavesStderrEmptyAndVerboseAddsDebugLines() async throws {
        let quiet = try await releaseRuns(in: try TemporaryFolder(), extra: ["--quiet"])
        for (command, run) in quiet {
            #expect(run.stderr.isEmpty && run.stdoutLines.count == 1, "\(command): \(run)")
        }
        let folder = try TemporaryFolder()
        let verbose = await aipbundle(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", folder.url.appendingPathComponent("out").path,
                                       "--airac", "2026-11-26", "--verbose"])
        #expect(verbose.code == 0 && verbose.stderr.contains("debug: bundle 2612, AIRAC 2612 (2026-11-26), timestamp 2026-11-26T00:00:00"), "\(verbose.stderr)")
        let normal = await aipbundle(["check", folder.url.appendingPathComponent("out").path])
        #expect(!normal.stderr.contains("debug: "))
    }

    @Test func aFailureWithQuietStillSaysWhyAndWithJsonStillPrintsADocument() async throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("nowhere").path
        let quiet = await aipbundle(["check", missing, "--quiet"])
        #expect(quiet.code == 2 && quiet.stdout.isEmpty && quiet.stderr == "Error: \(missing) does not exist\n")
        let json = await aipbundle(["check", "--json", missing])
        #expect(json.code == 2 && json.errorMessage == "\(missing) does not exist")
        #expect(try schemaViolations(Data(json.stdout.utf8), schema: "check.schema.json") == [])
        #expect(json.stdout.contains(#""ok": false"#) && json.stdout.contains(#""exit_code": 2"#) && json.stdout.contains(#""error": "\#(missing) does not exist""#))
        let build = await aipbundle(["build", "--json", "--sources", missing, "--out", folder.url.appendingPathComponent("out").path])
        #expect(build.code == 1)
        #expect(try schemaViolations(Data(build.stdout.utf8), schema: "build.schema.json") == [])
    }

    @Test func checkFindingsGoToStderrAndTheirCountToStdout() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26", "--only", "rules"])
        let rules = out.appendingPathComponent("rules.json")
        let text = try String(contentsOf: rules, encoding: .utf8)
        let broken = try folder.write(text.replacingOccurrences(of: "\"DE\": {", with: "\"de\": {") + "\n", to: "broken/rules.json")
        let run = await aipbundle(["check", broken.path])
        #expect(run.code == 1)
        let findings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: rules.json") }
        #expect(!findings.isEmpty && run.stdoutLines == ["\(broken.path): \(findings.count) finding\(findings.count == 1 ? "" : "s")"], "\(run)")
        let json = await aipbundle(["check", "--json", broken.path])
        #expect(json.code == 1 && json.stdout.contains(#""ok": false"#) && !json.stdout.contains(#""error""#))
        #expect(try schemaViolations(Data(json.stdout.utf8), schema: "check.schema.json") == [])
    }

    /// On a terminal, long work shows a live status line on stderr (redrawn in place, erased before the result);
    /// stdout is the same as anywhere else.
    @Test func aTerminalGetsALiveStatusLineAndTheSameStdout() async throws {
        let folder = try TemporaryFolder()
        let arguments = ["build", "--sources", SharedFixtures.fixtureSources.path, "--airac", "2026-11-26", "--only", "airports"]
        let terminal = await aipbundle(arguments + ["--out", folder.url.appendingPathComponent("one").path], terminal: true)
        let plain = await aipbundle(arguments + ["--out", folder.url.appendingPathComponent("two").path])
        #expect(terminal.stderr.contains("\r\u{1B}[K"))
        #expect(terminal.stderr.contains("airports: read 457 rows of ourairports/airports.csv"))
        // Each status is erased before anything else is written: the last thing on stderr is an erase.
        #expect(terminal.stderr.hasSuffix("\r\u{1B}[K"))
        #expect(plain.stderr.hasPrefix("airports: read 457 rows of ourairports/airports.csv") && !plain.stderr.contains("\u{1B}"), "\(plain)")
        #expect(terminal.stdout.replacingOccurrences(of: "/one", with: "/two") == plain.stdout)
        // A command's own status ("checking …") is for a terminal only: elsewhere the result line says it all.
        let out = folder.url.appendingPathComponent("two").path
        let checkOnTerminal = await aipbundle(["check", out], terminal: true)
        let check = await aipbundle(["check", out])
        #expect(checkOnTerminal.stderr.range(of: "\r\u{1B}\\[K[|/\\\\-] checking ", options: .regularExpression) != nil && check.stderr.isEmpty, "\(checkOnTerminal)")
        #expect(checkOnTerminal.stdout == check.stdout)
    }
}
