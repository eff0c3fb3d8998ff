/// Codes that were renamed, so that a `report.json` written before the rename still reads.
///
/// A build with `--only` carries the other stages' sections of the previous `report.json` over; their findings are
/// decoded, and a code that no longer exists would make the whole previous report unreadable.
extension FindingCode {
    /// Former code → the code it became. A renamed code is added here; a code is never reused for another meaning.
    public static let formerCodes: [String: FindingCode] = [
        // The airports stage merges eAIP pages and PDF chapters alike: these were never about HTML only.
        "eaip.page_superseded": .aipDocumentSuperseded,
        "eaip.no_position": .aipNoPosition,
        "eaip.item_not_in_catalogue": .aipItemNotInCatalogue,
        "eaip.item_unlabelled": .aipItemUnlabelled,
    ]

    /// Decodes the plain string, accepting a former code as the code it became.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let code = FindingCode(rawValue: text) ?? Self.formerCodes[text] else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a finding code of this aipbundle (see `aipbundle findings`)")
        }
        self = code
    }
}
