import AIPBundleFolder
import AIPBundleKit
import AIPDelta
import AIPManifest
import AIPReaders
import AIPStages
import Foundation

/// Everything a build needs to know.
public struct BuildOptions: Sendable {
    public var sources: URL
    public var out: URL
    /// The stages to run, in registry order (``StageRegistry/select(_:)``).
    public var stages: [RegisteredStage]
    /// `pipeline.json` to use; nil means `SOURCES/pipeline.json` when it exists, else the defaults.
    public var configFile: URL?
    public var stamp: BuildStamp
    /// The previous bundle; nil means the bundle already in `out`.
    public var previous: URL?
    /// Publish even when a table lost more rows than the shrink gate allows.
    public var allowShrink = false
    /// Give fresh ids to the rows of a table whose ids cannot carry over from the previous bundle (the table or a
    /// key column is missing there) instead of stopping the build (``StageContext/idAllocator(for:)``).
    public var renumberIds = false
    /// Signs manifest.json (manifest.sig beside it, the key's fingerprint in the manifest); nil leaves it unsigned.
    public var signingKey: SigningKey?
    /// Where a line of progress goes.
    public var progress: @Sendable (String) -> Void = { _ in }
    /// Called before each publish step; tests throw from it to simulate a crash there.
    var publishFault: @Sendable (BundleFolder.Step) throws -> Void = { _ in }

    public init(sources: URL, out: URL, stages: [RegisteredStage] = StageRegistry.all, configFile: URL? = nil, stamp: BuildStamp,
                previous: URL? = nil, allowShrink: Bool = false, progress: @escaping @Sendable (String) -> Void = { _ in }) {
        self.sources = sources
        self.out = out
        self.stages = stages
        self.configFile = configFile
        self.stamp = stamp
        self.previous = previous
        self.allowShrink = allowShrink
        self.progress = progress
    }
}

/// What one stage did, for the closing summary (timings live here, not in the deterministic report).
public struct StageResult: Sendable {
    public var report: StageReport
    /// The digests of the inputs the stage read, for the manifest.
    var inputDigests: [ManifestInput]
    /// The manifest entries of the files the stage wrote.
    var manifestEntries: [String: ManifestFile]
    /// Files the stage wrote, as named in `--out`.
    public var outputs: [String]
    public var outputBytes: Int
    public var wallTime: Duration
}

/// Runs the requested stages into a staging folder inside `--out`, then publishes the whole bundle at once.
///
/// The new bundle is assembled completely before anything is published: the files of the stages that ran, the
/// files of the other stages carried over from `--out`, `report.json` (this run's sections merged with the
/// others'), `manifest.json` last, the shrink gate (on the manifest's row counts), then the switch (``BundleFolder/publish(_:files:fault:)``). Any error before the switch leaves `--out`
/// as it was.
public enum BundleBuilder {
    public static let reportName = "report.json"

    public static func build(_ options: BuildOptions) async throws -> [StageResult] {
        do {
            return try await run(options)
        } catch {
            throw BuildError(error)
        }
    }

    private static func run(_ options: BuildOptions) async throws -> [StageResult] {
        let settings = try loadSettings(options)
        let buildSettings = try settings.decode(BuildSettings.self, section: BuildSettings.section)
        let previousFolder = try options.previous.map(previousBundle)
        let folder = try BundleFolder(root: options.out)
        let current = folder.current
        let staging = try folder.makeStaging()
        let previous = previousFolder ?? current
        do {
            let results = try await assemble(options, settings: settings, in: staging, current: current, previous: previous)
            // The sections of stages that did not run are carried over from the current report; when every stage ran
            // there is nothing to carry, and nothing to read.
            let ranAll = Set(results.map(\.report.stage)) == Set(StageRegistry.names)
            let previousReport = ranAll ? nil : current.flatMap {
                try? JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: $0.appendingPathComponent(reportName)))
            }
            let report = BuildReport.merging(results.map(\.report), into: previousReport, stamp: options.stamp, order: StageRegistry.names)
            try report.json().write(to: staging.appendingPathComponent(reportName))
            let manifest = try writeManifest(in: staging, stamp: options.stamp, report: report, ran: results, current: current,
                                             signingKey: options.signingKey)

            let losses = try ShrinkGate(maxLoss: buildSettings.maxTableShrink).losses(
                files: options.stages.flatMap(\.files), manifest: manifest, previous: previous)
            if !losses.isEmpty, !options.allowShrink { throw BuildError.shrank(losses, maxLoss: buildSettings.maxTableShrink) }

            let files = StageRegistry.allFiles.filter { manifest.files[$0] != nil }
            let signature = options.signingKey == nil ? [] : [Manifest.signatureFileName]
            try folder.publish(staging, files: files + [reportName, Manifest.fileName] + signature, fault: options.publishFault)
            return results
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Runs each stage into `staging`, after carrying in the files of the stages that do not run.
    private static func assemble(_ options: BuildOptions, settings: SettingsFile, in staging: URL, current: URL?, previous: URL?) async throws -> [StageResult] {
        let rebuilt = Set(options.stages.flatMap(\.files))
        var carriedFiles: Set<String> = []
        if let current {
            for file in StageRegistry.allFiles where !rebuilt.contains(file) {
                let carried = current.appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: carried.path) {
                    try BundleFolder.linkOrCopy(carried, to: staging.appendingPathComponent(file))
                    carriedFiles.insert(file)
                }
            }
        }
        let clock = ContinuousClock()
        var results: [StageResult] = []
        for stage in options.stages {
            let context = StageContext(
                sources: SourceTree(root: options.sources), stamp: options.stamp,
                upstream: BundleTableReader.contents(of: staging, fileNames: StageRegistry.allFiles),
                previous: BundleTableReader.contents(of: previous, fileNames: StageRegistry.allFiles),
                renumberIds: options.renumberIds, progress: options.progress)
            let start = clock.now
            var run = try await stage.run(context, settings, staging)
            let warnings = carriedUpstreamWarnings(for: stage, carried: carriedFiles, current: current)
            if !warnings.isEmpty { run.report.findings = (run.report.findings + warnings).sorted() }
            results.append(StageResult(report: run.report, inputDigests: run.inputDigests, manifestEntries: run.manifestEntries,
                                       outputs: stage.files, outputBytes: run.manifestEntries.values.reduce(0) { $0 + $1.bytes },
                                       wallTime: clock.now - start))
        }
        return results
    }

    /// The folder holding the bundle `--previous` names (a bundle folder, or its current contents).
    private static func previousBundle(_ url: URL) throws -> URL {
        guard let folder = BundleFolder.currentContents(of: url) else {
            throw BuildError.invalidSetting("--previous \(url.path) is not a folder; give the folder of the previous bundle")
        }
        return folder
    }

    static func loadSettings(_ options: BuildOptions) throws -> SettingsFile {
        let defaultFile = options.sources.appendingPathComponent("pipeline.json")
        guard let file = options.configFile ?? (FileManager.default.fileExists(atPath: defaultFile.path) ? defaultFile : nil) else {
            return SettingsFile()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            throw BuildError.invalidSetting("the settings file \(file.path) does not exist")
        }
        guard !isDirectory.boolValue, (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else {
            throw BuildError.invalidSetting("the settings file \(file.path) is not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BuildError.invalidSetting("the settings file \(file.path) cannot be read (check its permissions)")
        }
        return try SettingsFile(data: data, name: file.path, sections: StageRegistry.names + [BuildSettings.section])
    }
}
