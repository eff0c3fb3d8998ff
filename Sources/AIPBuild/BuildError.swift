import AIPReaders

/// Why a build stopped. Nothing in `--out` changed when one is thrown.
public enum BuildError: Error, Sendable, CustomStringConvertible {
    /// An input file is unusable (empty, header-only, not CSV, missing columns…).
    case source(SourceError)
    /// A setting (pipeline.json, environment) is invalid.
    case invalidSetting(String)
    /// The stage ran but its result cannot be published.
    case unusableResult(stage: String, reason: String)
    /// Writing the outputs failed.
    case output(String)

    public var description: String {
        switch self {
        case .source(let error): "\(error.description)"
        case .invalidSetting(let reason): reason
        case .unusableResult(let stage, let reason): "\(stage) stage: \(reason)"
        case .output(let reason): reason
        }
    }
}
