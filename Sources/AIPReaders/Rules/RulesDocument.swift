/// The content of `rules.json` (`data-contract.md`, rules.json): questions in their published order, each with its
/// answers by country in their published order, and the answer-sheet questions that match no definition.
///
/// Plain values: the rules stage builds one, the bundle layer writes it byte for byte, and the previous file is read
/// back into one.
public struct RulesDocument: Sendable, Equatable {
    public var questions: [RuleQuestion]
    /// Question ids of answer sheets that match no definition, sorted by code point, each once.
    public var inconsistentQids: [String]

    public init(questions: [RuleQuestion], inconsistentQids: [String]) {
        self.questions = questions
        self.inconsistentQids = inconsistentQids
    }
}

/// One question, with the keys of `rules.json` in their order.
public struct RuleQuestion: Sendable, Equatable {
    /// `prefix-raw` inside a prefix group, else the raw question; never empty.
    public var questionID: String
    public var questionRaw: String
    public var questionText: String
    /// The prefix group's raw question, or "".
    public var questionPrefix: String
    public var category: String
    public var tags: [String]
    /// Answers keyed by ISO-2 country code, in the order they are written.
    public var answers: [CountryAnswer]

    public init(questionID: String, questionRaw: String, questionText: String, questionPrefix: String, category: String,
                tags: [String], answers: [CountryAnswer]) {
        self.questionID = questionID
        self.questionRaw = questionRaw
        self.questionText = questionText
        self.questionPrefix = questionPrefix
        self.category = category
        self.tags = tags
        self.answers = answers
    }
}

/// One country's answer to a question.
public struct CountryAnswer: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper-case (`FR`).
    public var country: String
    public var answer: RuleAnswer

    public init(country: String, answer: RuleAnswer) {
        self.country = country
        self.answer = answer
    }
}

/// An answer's text, links and review date. `links_json` is written equal to ``links``.
public struct RuleAnswer: Sendable, Equatable {
    /// The answer as HTML text (continuation rows joined with `<br>`).
    public var answerHTML: String
    /// http(s) URLs, in order, each once.
    public var links: [String]
    /// `YYYY-MM-DD`: when the text or links last changed.
    public var lastReviewed: String
    /// Read by the server when present; the stage never invents one, but keeps it when the answer did not change.
    public var confidence: Double?

    public init(answerHTML: String, links: [String], lastReviewed: String, confidence: Double? = nil) {
        self.answerHTML = answerHTML
        self.links = links
        self.lastReviewed = lastReviewed
        self.confidence = confidence
    }
}
