import AIPManifest
import AIPStages
import Foundation

/// What a build published: everything the command line prints in its result line and its `--json` summary, so it
/// never reads the bundle back.
public struct BuildResult: Sendable {
    /// The bundle's version, AIRAC cycle and timestamp.
    public var stamp: BuildStamp
    /// The bundle folder (`--out`).
    public var folder: URL
    /// The files this build wrote, in registry order: the files of the stages that ran, then `report.json`,
    /// `manifest.json` and, when signed, `manifest.sig`.
    public var written: [String]
    /// The files carried over unchanged from the bundle already in `--out` (the stages `--only` left out).
    public var carried: [String]
    /// Each stage that ran, in the order it ran: its report section, its files, their size and its time.
    public var stages: [StageResult]
    /// The published `report.json`: its ``BuildReport/totals`` and ``BuildReport/clean`` cover the whole bundle,
    /// carried stages included.
    public var report: BuildReport
    /// The published `manifest.json`, with the build's provenance (``Manifest/build``).
    public var manifest: Manifest
    /// SHA-256 of the published `manifest.json` bytes: what a later bundle records as the one it follows.
    public var manifestSHA256: String
    /// The whole build, from reading the settings to the publish.
    public var wallTime: Duration
}
