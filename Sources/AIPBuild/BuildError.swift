import AIPBundleFolder
import AIPBundleKit
import AIPErrorText
import AIPFindings
import AIPManifest
import AIPPipeline
import AIPReaders
import AIPStages

/// Why a build stopped. Nothing in `--out` changed when one is thrown.
public enum BuildError: Error, Sendable, CustomStringConvertible {
    /// An input file is unusable (empty, header-only, not CSV, missing columns…).
    case source(SourceError)
    /// A setting (pipeline.json, an option, the environment) is invalid.
    case invalidSetting(String)
    /// The stage ran but its result cannot be published.
    case unusableResult(stage: String, reason: String)
    /// Row ids cannot carry over from the previous bundle (a table or key column missing, an unreadable file), or
    /// no id is left to hand out.
    case previousBundle(IdCarryOverError)
    /// Tables lost more rows against the previous bundle than the shrink gate allows.
    case shrank([ShrinkGate.Loss], maxLoss: Double)
    /// Outputs are far below what their own inputs promise (``floorCodes``), whatever the previous bundle.
    case belowFloor([Finding])
    /// The output folder cannot be used, or writing into it failed.
    case output(String)
    /// A `report.json` or `manifest.json` the build relies on is missing or is not one: the bundle it belongs to
    /// (`--out DIR`, `--previous DIR`), what is wrong with which file, and what to do (restore it, or build so that it
    /// is not needed).
    case unusableRecord(bundle: String, reason: String, fix: String)

    /// The finding codes of a stage that stop the build unless `--allow-shrink` is given: an output far below what
    /// its inputs promise, which a first build has no previous bundle to catch by (``ShrinkGate``).
    static let floorCodes: Set<FindingCode> = [.tableBelowFloor, .rulesNoAnswerMatched]

    /// Any error a build step throws, as the build reports it.
    init(_ error: any Error) {
        switch error {
        case let error as BuildError: self = error
        case let error as SourceError: self = .source(error)
        case let error as StageError: self = .unusableResult(stage: error.stage, reason: error.reason)
        case let error as IdCarryOverError: self = .previousBundle(error)
        case let error as SettingsError: self = .invalidSetting(error.description)
        case let error as BundleFolderError: self = .output(error.description)
        case let error as BundleWriteError: self = .output(error.description)
        case let error as ManifestError: self = .output(error.description)
        default: self = .output(ErrorText.sentence(error))
        }
    }

    public var description: String {
        switch self {
        case .source(let error): error.description
        case .invalidSetting(let reason): reason
        case .unusableResult(let stage, let reason): "\(stage) stage: \(reason)"
        case .previousBundle(let error): error.description
        case .shrank(let losses, let maxLoss):
            losses.map { "\($0.file): \($0.part) would shrink from \($0.before) to \($0.after) \($0.unit)" }.joined(separator: "; ")
                + String(format: " (more than %g %% lost against the previous bundle); check the inputs, or pass --allow-shrink if this is a real change", maxLoss * 100)
        case .belowFloor(let findings):
            findings.map { "\($0.file): \($0.reason)" }.joined(separator: "; ") + "; check the inputs, or pass --allow-shrink if this is a real change"
        case .output(let reason): reason
        case .unusableRecord(let bundle, let reason, let fix): "\(bundle): \(reason); \(fix)"
        }
    }
}
