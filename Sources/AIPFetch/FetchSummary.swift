import Foundation

/// What a fetch did, per source: the fields of `fetch --json` (docs/schemas/fetch.schema.json) and the stderr lines.
public struct FetchSummary: Sendable, Encodable {
    public enum Outcome: String, Sendable, Encodable {
        /// New or changed files.
        case ok
        /// Every file as in the previous tree.
        case unchanged
        /// Not fetched; `reason` says why.
        case failed
        /// Not asked for (`--only`): the previous tree's files were kept.
        case kept
    }

    public struct Source: Sendable, Encodable {
        public var id: String
        public var outcome: Outcome
        public var required: Bool
        public var files: Int
        public var bytesTransferred: Int
        public var requests: Int
        public var reason: String?
        /// With `--keep-stale`: the cycle whose files the failed source kept.
        public var staleFrom: String?

        enum CodingKeys: String, CodingKey {
            case id, outcome, required, files, requests, reason
            case bytesTransferred = "bytes_transferred"
            case staleFrom = "stale_from"
        }
    }

    public var airac: String
    public var out: String
    /// Whether the tree was replaced (false when a required source failed, or nothing changed).
    public var published: Bool
    /// False when a required source failed: the exit status is then 1. Not encoded: the command's `--json`
    /// document says it as `ok` and `exit_code`.
    public var ok: Bool
    public var lockSHA256: String?
    public var sources: [Source]

    enum CodingKeys: String, CodingKey {
        case airac, out, published, sources
        case lockSHA256 = "lock_sha256"
    }

    /// One line per source for stderr.
    public var lines: [String] {
        sources.map { source in
            let megabytes = String(format: "%.1f", Double(source.bytesTransferred) / 1_048_576)
            return "\(source.id): \(source.outcome.rawValue), \(source.files) file\(source.files == 1 ? "" : "s"), \(megabytes) MB transferred"
                + (source.reason.map { " — \($0)" } ?? "") + (source.staleFrom.map { " (keeping the pages of \($0))" } ?? "")
        }
    }
}
