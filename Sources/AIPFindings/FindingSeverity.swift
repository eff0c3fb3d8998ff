/// How much a kind of finding asks of a person, the same for every finding of one ``FindingCode``.
///
/// A code can be emitted with different actions (`value.not_a_number` rejects the row when the field is required
/// and clears the field otherwise); its severity is the most serious of them. The finding's own action says what
/// happened to that row.
public enum FindingSeverity: String, Sendable, CaseIterable, Codable {
    /// Something is left out of the bundle, or the bundle breaks the contract (``meaning``).
    case error
    /// Something was kept but changed, or needs a look (``meaning``).
    case warning
    /// A documented choice between sources (``meaning``).
    case info

    /// What the level says, for the catalogue's readers (`aipbundle findings`).
    public var meaning: String {
        switch self {
        case .error:
            "The input is broken and what it held is left out of the bundle (a row, an item, a page, a document), or, for check, the bundle breaks the data contract. Fix the input or rebuild the bundle."
        case .warning:
            "The build kept what it could but changed it (a field set to NULL, a value replaced, text not placed), or something needs a person's eye. Nothing breaks, but the data may be poorer than it should be."
        case .info:
            "Nothing is wrong with the input: the build chose between sources as documented (a newer page, a preferred text) and says what it left out."
        }
    }
}
