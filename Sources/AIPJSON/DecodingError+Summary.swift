import Foundation

extension DecodingError {
    /// The error in one line: what was wrong and where, as a dotted path (`files.airports.db.sha256 is missing`), for
    /// messages about a JSON document that is not what it claims to be (a manifest, a report).
    public var summary: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(Self.path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(Self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(self)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
