import AIPErrorText
/// A manifest could not be made or read; ``kind`` says which way, ``description`` says it in words a person can act on.
public typealias ManifestError = KindedError<ManifestErrorKind>

/// What kind of ``ManifestError`` it is: what a caller can do about it.
public enum ManifestErrorKind: String, Sendable, CaseIterable {
    /// A file (the manifest, or one it hashes) cannot be opened or read.
    case unreadable
    /// The manifest is not valid JSON or not a manifest.
    case notAManifest
    /// The manifest has a format this build does not read: update aipbundle (or the app).
    case unsupportedFormat
    /// The values given for a manifest, or read from a bundle file, break its rules (a name listed twice, a
    /// name that is not a plain file name, a schema version that is not an integer).
    case invalidContent
}
