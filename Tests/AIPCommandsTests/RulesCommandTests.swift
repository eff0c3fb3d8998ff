import AIPCommands
import AIPReaders
import Foundation
import TestSupport
import Testing

/// `build` on the committed rules sheets (CSV and XLSX), `check rules.json`, and review dates across rebuilds.
@Suite struct RulesCommandTests {
    func document(at url: URL) throws -> RulesDocument {
        try RulesDocumentReader.read([UInt8](try Data(contentsOf: url)), file: url.lastPathComponent)
    }

    @Test func buildsTheFixtureRulesAndCheckAcceptsThem() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26", "--only", "rules"])
        let rules = out.appendingPathComponent("rules.json")
        #expect(await exitCode(["check", rules.path]) == 0)
        let document = try document(at: rules)
        #expect(document.questions.map(\.questionID) == [
            "Can I fly VFR at night?", "For Airfield Radio service-What permissions are required in the air?",
            "For Airfield Radio service-What permissions are required on the runway?",
            "Is a flight plan required when crossing a FIR boundary?", "Where is the AIP published?",
        ])
        #expect(document.questions.allSatisfy { $0.answers.map(\.country) == ["DE", "FR", "GB"] })
        let night = document.questions[0].answers
        #expect(night[1].answer.answerHTML == "Yes, with a night rating.<br>Fixture text: see the regulations of the DGAC for the details.")
        #expect(night[2].answer.answerHTML == "Yes, with a night rating.<br>Fixture text: the rules of the air apply.")
        let aip = document.questions[4].answers
        #expect(aip.map(\.answer.links) == [["https://aip.dfs.de/"], ["https://www.sia.aviation-civile.gouv.fr/"], ["https://nats-uk.ead-it.com/"]])
        #expect(document.questions[2].answers[1].answer.answerHTML.contains("« auto-information »"))
        #expect(Set(document.questions.flatMap { $0.answers.map(\.answer.lastReviewed) }) == ["2026-11-26"])
        #expect(document.inconsistentQids.isEmpty)
    }

    @Test func aRebuildKeepsReviewDatesOfUnchangedAnswersAndRefreshesChangedOnes() async throws {
        let folder = try TemporaryFolder()
        let sources = folder.url.appendingPathComponent("sources")
        try FileManager.default.copyItem(at: SharedFixtures.fixtureSources, to: sources)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26", "--only", "rules"])
        let first = try Data(contentsOf: out.appendingPathComponent("rules.json"))

        // A later cycle, same sheets: the very same bytes (the previous bundle is what --out holds).
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-12-24", "--only", "rules"])
        #expect(try Data(contentsOf: out.appendingPathComponent("rules.json")) == first)

        let french = sources.appendingPathComponent("rules/answers/FR.csv")
        let text = try String(contentsOf: french, encoding: .utf8)
        try text.replacingOccurrences(of: "On the SIA website.", with: "On the SIA website (updated).").write(to: french, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: sources.appendingPathComponent("rules/answers/extra"), withIntermediateDirectories: true)
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2027-01-21", "--only", "rules"])
        let document = try document(at: out.appendingPathComponent("rules.json"))
        let dates = document.questions.flatMap { question in question.answers.map { "\(question.questionRaw) \($0.country) \($0.answer.lastReviewed)" } }
        #expect(dates.filter { $0.hasSuffix("2027-01-21") } == ["Where is the AIP published? FR 2027-01-21"], "\(dates)")
        #expect(dates.filter { $0.hasSuffix("2026-11-26") }.count == 14)
    }

    @Test func checkNamesWhatIsWrongInABrokenRulesFile() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26", "--only", "rules"])
        let text = try String(contentsOf: out.appendingPathComponent("rules.json"), encoding: .utf8)
        let broken = try folder.write(text.replacingOccurrences(of: "\"DE\": {", with: "\"de\": {") + "\n", to: "broken/rules.json")
        #expect(await exitCode(["check", broken.path]) == 1)
        #expect(await exitCode(["check", broken.deletingLastPathComponent().path]) == 1)
    }

    @Test func anAnswerFileNotNamedByACountryStopsTheBuildAndNamesIt() async throws {
        let folder = try TemporaryFolder()
        let sources = folder.url.appendingPathComponent("sources")
        try FileManager.default.copyItem(at: SharedFixtures.fixtureSources, to: sources)
        try "Q?,A\n".write(to: sources.appendingPathComponent("rules/answers/UK.csv"), atomically: true, encoding: .utf8)
        await #expect {
            try await runCommand(["build", "--sources", sources.path, "--out", folder.url.appendingPathComponent("out").path, "--only", "rules"])
        } throws: { error in
            "\(error)".hasPrefix("rules/answers/UK.csv: is not named by an ISO 3166-1 alpha-2 country code")
        }
    }
}
