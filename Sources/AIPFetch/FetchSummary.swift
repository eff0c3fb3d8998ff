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
        /// Not fetched because it cannot be without something the run was not given (an API source without
        /// credentials); `reason` says how to give it. The previous tree's files stay, and the exit status is
        /// unchanged.
        case skipped
    }

    /// What one source did for one state's aerodromes.
    public struct StateOutcome: Sendable, Encodable, Equatable {
        /// ISO 3166 code (`?` when OurAirports gives none).
        public var state: String
        public var source: String
        /// Aerodromes asked about (an API source), or 0 when the source is a state's own publication.
        public var aerodromes: Int
        /// Files the tree holds for the state from this source.
        public var files: Int
        /// Of those, downloaded this run (the others were unchanged).
        public var downloaded: Int
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
        /// Per state the source serves: its files, and how many were downloaded.
        public var states: [StateOutcome] = []
        /// An API source's aerodromes it has no AD 2 chapter for (not a failure).
        public var withoutChapter: [String] = []

        enum CodingKeys: String, CodingKey {
            case id, outcome, required, files, requests, reason, states
            case bytesTransferred = "bytes_transferred"
            case staleFrom = "stale_from"
            case withoutChapter = "without_chapter"
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
            let missing = source.withoutChapter.isEmpty ? "" : "; no AD 2 chapter for \(source.withoutChapter.count) aerodrome\(source.withoutChapter.count == 1 ? "" : "s")"
                + " (\(source.withoutChapter.prefix(5).joined(separator: ", "))\(source.withoutChapter.count > 5 ? ", …" : ""))"
            return "\(source.id): \(source.outcome.rawValue), \(source.files) file\(source.files == 1 ? "" : "s"), \(megabytes) MB transferred"
                + missing + (source.reason.map { " — \($0)" } ?? "") + (source.staleFrom.map { " (keeping the pages of \($0))" } ?? "")
        }
    }

    /// One line per state with AIP documents: which source served it and how (fetched, unchanged, failed, kept),
    /// for stderr after the sources' lines.
    public var stateLines: [String] {
        var byState: [String: [String]] = [:]
        for source in sources {
            for state in source.states {
                let how: String
                switch source.outcome {
                case .ok: how = state.downloaded > 0 ? "fetched (\(state.downloaded) new)" : "unchanged"
                case .unchanged: how = "unchanged"
                case .failed, .kept, .skipped: how = source.outcome.rawValue
                }
                let count = state.aerodromes > 0 ? "\(state.files) of \(state.aerodromes) aerodromes" : "\(state.files) files"
                byState[state.state, default: []].append("\(source.id) \(how), \(count)")
            }
        }
        return byState.keys.sorted().map { "  \($0): " + byState[$0]!.joined(separator: "; ") }
    }
}
