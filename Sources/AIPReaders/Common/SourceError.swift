/// A defect that makes a whole input file unusable: the build stops and publishes nothing.
///
/// Kept apart from ``Finding`` (one bad row) on purpose: an empty or header-only file has really been published
/// by OurAirports, and building an empty bundle from it must be impossible.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case missingFile
        case unreadable
        case empty
        case headerOnly
        case notCSV
        case missingColumns([String])
        case tooManyBadRows
    }

    /// The input file, relative to the source tree when known.
    public var file: String
    public var kind: Kind
    /// A sentence a person can act on.
    public var reason: String

    public init(file: String, kind: Kind, reason: String) {
        self.file = file
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
