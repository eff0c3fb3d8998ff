import Foundation

/// Where a URL is requested: the URL itself, or with `--mirror BASE` `BASE/<host>/<path>?<query>`.
///
/// Everything else (redirects, links in pages, the lock) keeps the site's own URLs: a redirect's `Location` is
/// resolved against the original URL, as the site meant it, and only the request is mapped.
public struct MirrorMapping: Sendable {
    public let base: String?

    public init(base: String?) {
        self.base = base.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    public func requestURL(for original: URL) -> String {
        guard let base else { return original.absoluteString }
        let components = URLComponents(url: original, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? original.path
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return base + "/" + (original.host ?? "") + (path.hasPrefix("/") ? path : "/" + path) + query
    }

    /// `reference` (an href or a `Location`) resolved against `base`; spaces, which some sites leave in links,
    /// are percent-encoded first.
    public static func resolve(_ reference: String, against base: URL) -> URL? {
        let cleaned = reference.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: " ", with: "%20")
        return URL(string: cleaned, relativeTo: base)?.absoluteURL
    }
}
