import AIPPipeline
import AIPReaders

/// The country-rules spreadsheets in, the `rules.json` document out.
///
/// A function of its inputs: questions sorted by lower-cased `question_text` (code point order, ties in definitions
/// order), countries in the previous file's order with new ones after it alphabetically, and review dates carried
/// over from the previous file for answers whose text and links did not change, else the build's date.
public struct RulesStage: Stage {
    public static let name = "rules"
    public static let upstream: [String] = []

    public init(settings: RulesSettings = RulesSettings()) {}

    /// What the stage produced.
    public struct Output: StageOutput {
        public var document: RulesDocument
        /// Answers to unknown questions, repeated answers, rows without a question, error cells; sorted.
        public var findings: [Finding]
        public var inputs: [InputSummary]
        /// `answers_by_country` (answers per country) and `last_reviewed` (`kept`, `refreshed`).
        public var counts: [String: [String: Int]]
    }
}

/// The rules stage has no settings yet; its section of `pipeline.json` must be empty.
public struct RulesSettings: StageSettings, Equatable {
    public static let knownKeys: Set<String> = []
    public init() {}
}
