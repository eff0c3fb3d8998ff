import AIPErrorText
import AIPJSON
import AIPPipeline
import Foundation

/// `sources.lock.json`: what the tree holds and where each file came from. Keys sorted, lists sorted, no outcome of
/// one run in it, and an unchanged file keeps the fetch time it had: a fetch that changed nothing writes the same
/// bytes, so the lock's SHA-256 in a bundle's manifest names the inputs exactly.
public struct SourcesLock: Sendable, Equatable, Codable {
    public static let fileName = SourcesLockName.fileName
    public static let currentFormat = 1

    public var format: Int
    /// The AIRAC cycle fetched (its effective date).
    public var airac: String
    public var sources: [Source]

    public struct Source: Sendable, Equatable, Codable {
        public var id: String
        /// Set when the source failed and `--keep-stale` kept its files: the cycle they were fetched for.
        public var staleFrom: String?
        /// The files in the tree.
        public var files: [Entry]
        /// The pages read to find the files (frames, menus), kept for conditional requests.
        public var pages: [Entry]

        enum CodingKeys: String, CodingKey {
            case id, files, pages
            case staleFrom = "stale_from"
        }
    }

    public struct Entry: Sendable, Equatable, Codable {
        /// The file's path in the tree; nil for a discovery page.
        public var path: String?
        public var url: String
        /// After redirects.
        public var finalURL: String
        public var etag: String?
        public var lastModified: String?
        public var bytes: Int
        public var sha256: String
        /// When these bytes were first fetched (UTC, seconds).
        public var fetchedAt: String

        enum CodingKeys: String, CodingKey {
            case path, url, etag, bytes, sha256
            case finalURL = "final_url"
            case lastModified = "last_modified"
            case fetchedAt = "fetched_at"
        }
    }

    /// The lock's bytes: indented, keys sorted, final newline.
    public func data() throws -> Data {
        try JSONWriter.encode(self)
    }

    /// The lock of a tree, or nil when it has none (then every file is fetched anew).
    /// - Throws: ``FetchError`` when the lock is there but cannot be read or decoded: taking it for absent would
    ///   drop the files of every source not fetched this run (`--only`) from the new tree.
    public static func read(from folder: URL?) throws -> SourcesLock? {
        guard let folder else { return nil }
        let url = folder.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(SourcesLock.self, from: Data(contentsOf: url))
        } catch {
            throw FetchError(.tree, "the tree's \(fileName) cannot be used (\(ErrorText.reason(error))); remove it to fetch every source anew")
        }
    }

    func source(_ id: String) -> Source? { sources.first { $0.id == id } }
}
