import Foundation

/// The one shape of the project's errors: a ``kind`` a caller can `switch` on, and a ``description`` that says what
/// happened and what to do, in words a person can act on. Each layer names its own kinds and a type alias:
/// `typealias ManifestError = KindedError<ManifestErrorKind>`, thrown as `ManifestError(.unreadable, "…")`.
public struct KindedError<Kind: Sendable & Hashable>: Error, Sendable, CustomStringConvertible, LocalizedError {
    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public var errorDescription: String? { description }
}
