import AIPErrorText

/// An error of the fetch as a sentence that says what to do; ``kind`` says what a caller can do about it.
public typealias FetchError = KindedError<FetchErrorKind>

/// What kind of ``FetchError`` it is: what a caller can do about it.
public enum FetchErrorKind: String, Sendable, CaseIterable {
    /// `pipeline.json` or an option names something impossible (a source, a template variable, a pattern):
    /// fix the settings.
    case settings
    /// The site could not be reached, answered an HTTP error, or too slowly: retry later.
    case network
    /// The site answered something fetch does not take (another scheme, a redirect loop, a file too large, an
    /// error page, no link to follow): check the site and the source's settings.
    case refused
    /// The source tree or its lock is not what the last fetch left (edited, or a file gone): fetch again.
    case tree
    /// The cache or the tree cannot be written or read.
    case fileSystem
    /// Another fetch writes to the same tree.
    case busy
    /// The site refused the credentials or the token (HTTP 401): an API source renews its token once.
    case unauthorized
}
