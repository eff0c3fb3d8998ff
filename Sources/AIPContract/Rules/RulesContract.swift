/// `rules.json`: the country rules document (`data-contract.md`, rules.json). Its keys are the contract's names,
/// in the order the contract fixes: the writer writes them, the reader and `check` expect them.
public enum RulesContract {
    public static let fileName = "rules.json"

    /// `{ "questions": [ … ], "inconsistent_qids": [ … ] }`.
    public enum Document {
        public static let questions = "questions"
        /// Question ids answered in a sheet but defined nowhere.
        public static let inconsistentQids = "inconsistent_qids"
        public static let keys = [questions, inconsistentQids]
    }

    /// The keys of a question, in order.
    public enum Question {
        public static let id = "question_id"
        public static let raw = "question_raw"
        public static let text = "question_text"
        public static let prefix = "question_prefix"
        public static let category = "category"
        public static let tags = "tags"
        /// An object keyed by ISO-2 country code, each value an answer.
        public static let answersByCountry = "answers_by_country"
        public static let keys = [id, raw, text, prefix, category, tags, answersByCountry]
    }

    /// The keys of an answer, in order; an optional ``confidence`` may follow them.
    public enum Answer {
        public static let html = "answer_html"
        public static let links = "links"
        /// `YYYY-MM-DD`.
        public static let lastReviewed = "last_reviewed"
        /// The same list as ``links``.
        public static let linksJSON = "links_json"
        public static let confidence = "confidence"
        public static let keys = [html, links, lastReviewed, linksJSON]
    }
}
