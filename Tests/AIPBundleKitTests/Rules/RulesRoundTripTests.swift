import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation
import TestSupport
import Testing

/// `rules_subset.json` is a real excerpt of the published file: parsed, turned back into sheets and rebuilt with
/// itself as the previous file, it must come back byte for byte.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/rules/rules_subset.json"))
struct RulesRoundTripTests {
    let subset: Data
    let document: RulesDocument

    init() throws {
        subset = try Data(contentsOf: SharedFixtures.url("rules/rules_subset.json"))
        let (decoded, problems) = RulesDocumentReader.decode([UInt8](subset))
        #expect(problems.isEmpty, "\(problems)")
        document = try #require(decoded)
    }

    @Test func theWriterReproducesTheSubsetFromItsParsedContent() {
        #expect(document.questions.count == 15)
        #expect(RulesJSONWriter.encode(document) == subset)
        #expect(RulesJSONValidator.validate(subset) == [])
    }

    @Test(arguments: [(false, true), (false, false), (true, true), (true, false)])
    func rebuildingFromSheetsGivesTheSubsetBack(xlsx: Bool, header: Bool) async throws {
        let folder = try TemporaryFolder()
        let sheets = RulesSheetsFromDocument(document)
        // The subset's prefix groups, continuation rows and text links all take part.
        #expect(sheets.definitions.contains { $0 == ["For Airfield Radio service", "", "", ""] })
        #expect(sheets.answers.first { $0.country == "DE" }?.rows.contains { $0[0].isEmpty && !$0[1].isEmpty } == true)
        if xlsx { try sheets.writeXLSX(into: folder, header: header) } else { try sheets.writeCSV(into: folder, header: header) }
        try folder.write(subset, to: "rules/previous/rules.json")

        let output = try await RulesStage().run(StageContext(sources: SourceTree(root: folder.url), stamp: testStamp))
        #expect(output.findings.isEmpty, "\(output.findings)")
        #expect(output.counts["last_reviewed"] == ["kept": 89, "refreshed": 0])
        let rebuilt = RulesJSONWriter.encode(output.document)
        #expect(rebuilt == subset, "first difference at byte \(zip(rebuilt, subset).enumerated().first { $1.0 != $1.1 }?.offset ?? min(rebuilt.count, subset.count))")
    }

    @Test func withoutAPreviousFileEveryAnswerIsReviewedTodayAndCountriesAreAlphabetical() async throws {
        let folder = try TemporaryFolder()
        try RulesSheetsFromDocument(document).writeCSV(into: folder)
        let output = try await RulesStage().run(StageContext(sources: SourceTree(root: folder.url), stamp: testStamp))
        #expect(output.document.questions.map(\.questionID) == document.questions.map(\.questionID))
        #expect(output.document.questions[0].answers.map(\.country) == ["BE", "CH", "DE", "FR", "GB", "IE"])
        #expect(Set(output.document.questions.flatMap { $0.answers.map(\.answer.lastReviewed) }) == ["2026-11-26"])
        #expect(output.counts["last_reviewed"] == ["kept": 0, "refreshed": 89])
    }
}
