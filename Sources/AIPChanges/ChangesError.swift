import AIPErrorText

/// Two bundles could not be compared, or a page not written; ``description`` names the file and the fix.
public typealias ChangesError = KindedError<ChangesErrorKind>

/// What kind of ``ChangesError`` it is.
public enum ChangesErrorKind: String, Sendable, Equatable, CaseIterable {
    /// A bundle's manifest or one of its files cannot be read as what it should be.
    case unreadable
    /// A page or summary cannot be written.
    case fileSystem
}
