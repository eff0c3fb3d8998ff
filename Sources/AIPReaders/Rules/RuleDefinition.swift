/// One question of the definitions sheet.
public struct RuleDefinition: Sendable, Equatable {
    /// `prefix-raw` inside a prefix group, else the raw question.
    public var id: String
    public var raw: String
    public var text: String
    /// The prefix group's raw question, or "".
    public var prefix: String
    public var category: String
    public var tags: [String]

    public init(id: String, raw: String, text: String, prefix: String, category: String, tags: [String]) {
        self.id = id
        self.raw = raw
        self.text = text
        self.prefix = prefix
        self.category = category
        self.tags = tags
    }
}

/// The definitions sheet, read.
public struct RuleDefinitions: Sendable {
    /// In sheet order (the order ties keep when questions are sorted).
    public var questions: [RuleDefinition]
    /// Raw questions of the prefix rows: answer sheets may use them to start groups.
    public var prefixes: Set<String>
    public var findings: [Finding]

    public init(questions: [RuleDefinition], prefixes: Set<String>, findings: [Finding] = []) {
        self.questions = questions
        self.prefixes = prefixes
        self.findings = findings
    }
}
