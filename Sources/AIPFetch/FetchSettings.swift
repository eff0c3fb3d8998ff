import AIPPipeline
import Foundation

/// `pipeline.json` section `fetch`: where the sources are and how politely they are fetched.
public struct FetchSettings: StageSettings, Equatable {
    public static let section = "fetch"
    public static let knownKeys: Set<String> = [
        "sources", "required", "max_connections_per_host", "polite_delay_ms", "timeout_seconds", "retries",
        "retry_base_ms", "max_bytes", "max_redirects",
    ]

    /// Sources by id, replacing the built-in definition of the same id whole, or adding one.
    public var sources: [String: SourceDefinition]
    /// The ids whose failure makes the run fail (exit 1, the tree untouched).
    public var required: [String]
    public var maxConnectionsPerHost = 2
    /// The pause between two requests to one host.
    public var politeDelayMilliseconds = 100
    /// Connect and read timeout: a server silent for this long is a failed attempt. Times ``FileDeadline/factor``,
    /// the most one file may take, retries included.
    public var timeoutSeconds = 30.0
    /// Attempts after the first, on a timeout, a dropped connection, a 5xx or a 429.
    public var retries = 3
    /// The first backoff; each retry doubles it (a `Retry-After` answer is honoured instead, up to 5 minutes).
    public var retryBaseMilliseconds = 1_000
    /// The largest file accepted: a bigger `Content-Length` or body is refused before it fills the disk.
    public var maxBytes = 1 << 30
    public var maxRedirects = 5

    enum CodingKeys: String, CodingKey {
        case sources, required
        case maxConnectionsPerHost = "max_connections_per_host"
        case politeDelayMilliseconds = "polite_delay_ms"
        case timeoutSeconds = "timeout_seconds"
        case retries
        case retryBaseMilliseconds = "retry_base_ms"
        case maxBytes = "max_bytes"
        case maxRedirects = "max_redirects"
    }

    public init() {
        sources = BuiltInSources.definitions
        required = BuiltInSources.required
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let given = try container.decodeIfPresent([String: SourceDefinition].self, forKey: .sources) ?? [:]
        sources.merge(given) { _, new in new }
        required = try container.decodeIfPresent([String].self, forKey: .required) ?? required
        maxConnectionsPerHost = try container.decodeIfPresent(Int.self, forKey: .maxConnectionsPerHost) ?? maxConnectionsPerHost
        politeDelayMilliseconds = try container.decodeIfPresent(Int.self, forKey: .politeDelayMilliseconds) ?? politeDelayMilliseconds
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds) ?? timeoutSeconds
        retries = try container.decodeIfPresent(Int.self, forKey: .retries) ?? retries
        retryBaseMilliseconds = try container.decodeIfPresent(Int.self, forKey: .retryBaseMilliseconds) ?? retryBaseMilliseconds
        maxBytes = try container.decodeIfPresent(Int.self, forKey: .maxBytes) ?? maxBytes
        maxRedirects = try container.decodeIfPresent(Int.self, forKey: .maxRedirects) ?? maxRedirects
        for id in required where sources[id] == nil {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.required],
                debugDescription: "names \"\(id)\", which is no source; known: \(sources.keys.sorted().joined(separator: ", "))"))
        }
        guard maxConnectionsPerHost >= 1, politeDelayMilliseconds >= 0, timeoutSeconds > 0, retries >= 0,
              retryBaseMilliseconds >= 0, maxBytes > 0, maxRedirects >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [],
                debugDescription: "limits must be positive (max_connections_per_host ≥ 1, timeout_seconds > 0, max_bytes > 0) or zero"))
        }
    }
}
