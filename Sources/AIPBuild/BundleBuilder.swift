import AIPBundleFolder
import AIPBundleKit
import AIPContract
import AIPDelta
import AIPErrorText
import AIPManifest
import AIPPDFText
import AIPPipeline
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
    /// Publish into an `out` holding files aipbundle did not write, keeping them as they are (`--adopt-folder`);
    /// false refuses such a folder (``BundleFolder/Policy``).
    public var adoptFolder = false
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
    /// The manifest entries of the files the stage wrote (made in the background while later stages run).
    var manifestEntries: BackgroundWork<[String: ManifestFile]>
    /// Files the stage wrote, as named in `--out`.
    public var outputs: [String]
    public var outputBytes: Int
    public var wallTime: Duration
}

/// Runs the requested stages into a staging folder inside `--out`, then publishes the whole bundle at once.
///
/// Before any stage runs, the bundles the build relies on are read whole: the previous one's manifest (``PublishedBundle``)
/// and, under `--only`, what is carried over from `--out` (``CarriedOver``); any of them unusable stops the build.
/// The new bundle is then assembled completely before anything is published: the files of the stages that ran, the
/// files of the other stages carried over from `--out`, `report.json` (this run's sections merged with the
/// others'), `manifest.json` last, the shrink gate (on the manifest's row counts and rules.json's answers), the
/// floor (findings a stage marks as an output far below its inputs), with `--previous` the page and summary of what
/// changed (``writeChanges(from:to:)``), then the switch
/// (``BundleFolder/publish(_:files:fault:)``). Any error before the switch leaves `--out` as it was.
public enum BundleBuilder {
    public static let reportName = "report.json"

    public static func build(_ options: BuildOptions) async throws -> BuildResult {
        do {
            return try await run(options)
        } catch {
            throw BuildError(error)
        }
    }

    private static func run(_ options: BuildOptions) async throws -> BuildResult {
        let start = ContinuousClock.now
        let (settings, settingsDigest) = try loadSettings(options)
        let buildSettings = try settings.decode(BuildSettings.self, section: BuildSettings.section)
        let previousGiven = try options.previous.map { given in
            try PublishedBundle(folder: previousBundle(given), shownAs: "--previous \(given.path)", fix: RecordFixes.previousManifest)
        }
        let folder = try BundleFolder(root: options.out, policy: .init(
            // A flat bundle of an earlier build has its report.json beside the files its manifest names.
            flatFiles: { folder in
                let files = Manifest.flatBundleFiles(in: folder)
                return files.isEmpty ? [] : files.union([reportName])
            },
            keepForeignFiles: options.adoptFolder))
        let (carriedStages, carriedFiles) = CarriedOver.files(in: folder.current, running: options.stages)
        let fixes = RecordFixes(carriedStages: carriedStages, previousGiven: previousGiven != nil)
        // The bundle in --out is read when it is the one this build follows, or when files are carried from it.
        let outBundle = try folder.current.flatMap { current in
            previousGiven == nil || !carriedFiles.isEmpty
                ? try PublishedBundle(folder: current, shownAs: "--out \(options.out.path)", fix: fixes.outManifest) : nil
        }
        let previous = previousGiven ?? outBundle
        let carried = try CarriedOver(stages: carriedStages, files: carriedFiles, from: outBundle, running: options.stages, fix: fixes.outReport)
        let staging = try folder.makeStaging()
        do {
            let results = try await assemble(options, settings: settings, in: staging, carried: carried, previous: previous?.folder)
            let report = BuildReport.merging(results.map(\.report), into: carried.report, stamp: options.stamp, order: StageRegistry.names)
            try report.json().write(to: staging.appendingPathComponent(reportName))
            let build = Manifest.Build(settingsSHA256: settingsDigest.sha256, stages: options.stages.map(\.name), allowShrink: options.allowShrink,
                                       timestamp: options.stamp.timestamp, previous: previous?.followed(by: options.stamp.version),
                                       sourcesLockSHA256: sourcesLockDigest(options.sources))
            let (manifest, manifestSHA256) = try writeManifest(in: staging, stamp: options.stamp, build: build, ran: results, carried: carried,
                                                               signingKey: options.signingKey)

            let gate = ShrinkGate(maxLoss: buildSettings.maxTableShrink)
            let ranFiles = options.stages.flatMap(\.files)
            let losses = gate.losses(files: ranFiles, manifest: manifest, previous: previous?.manifest)
                + (ranFiles.contains(RulesContract.fileName) ? try gate.rulesLosses(staging: staging, previous: previous?.folder) : [])
            if !losses.isEmpty, !options.allowShrink { throw BuildError.shrank(losses, maxLoss: buildSettings.maxTableShrink) }
            let belowFloor = results.flatMap(\.report.findings).filter { BuildError.floorCodes.contains($0.code) }
            if !belowFloor.isEmpty, !options.allowShrink { throw BuildError.belowFloor(belowFloor) }

            let files = StageRegistry.allFiles.filter { manifest.files[$0] != nil }
            // What changed since --previous, for the person who decides whether to publish (build side only).
            let changes = try previousGiven.map { try writeChanges(from: $0.folder, to: staging) } ?? []
            let records = [reportName] + changes + [Manifest.fileName] + (options.signingKey == nil ? [] : [Manifest.signatureFileName])
            try folder.publish(staging, files: files + records, fault: options.publishFault)
            return BuildResult(stamp: options.stamp, folder: options.out, written: files.filter { !carried.files.contains($0) } + records,
                               carried: carried.files,
                               stages: results, report: report, manifest: manifest, manifestSHA256: manifestSHA256,
                               wallTime: ContinuousClock.now - start)
        } catch {
            // The build's own error is the one to report; a staging folder left behind is swept by the next open.
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
    }

    /// Runs the stages into `staging`, after carrying in the files of the stages that do not run; results in
    /// `options.stages` order.
    ///
    /// A stage starts as soon as the stages it reads (``RegisteredStage/upstream``) that run in this build have
    /// finished, so independent stages run side by side (cities and rules beside airports; notifications after
    /// airports). A stage sees only its upstream stages' files in `staging` (written or carried), never a file a
    /// concurrent stage is still writing. When stages fail, no further stage starts, the running ones finish, and
    /// the error of the first failed stage in `options.stages` order is thrown: the same error whatever the timing.
    /// (A stage whose files cannot be hashed for the manifest fails too, but only once the stages after it have run:
    /// they are hashed meanwhile.)
    private static func assemble(_ options: BuildOptions, settings: SettingsFile, in staging: URL, carried: CarriedOver,
                                 previous: URL?) async throws -> [StageResult] {
        if let source = carried.bundle?.folder {
            for file in carried.files {
                try BundleFolder.linkOrCopy(source.appendingPathComponent(file), to: staging.appendingPathComponent(file))
            }
        }
        let stages = options.stages
        let running = Set(stages.map(\.name))
        let outcomes = await withTaskGroup(of: StageOutcome.self) { group in
            var byIndex: [Int: Result<StageResult, any Error>] = [:]
            var finished = Set<String>()
            var started = Set<Int>()
            var failed = false
            repeat {
                for position in stages.indices where !failed && !started.contains(position)
                    && stages[position].upstream.allSatisfy({ finished.contains($0) || !running.contains($0) }) {
                    started.insert(position)
                    let stage = stages[position]
                    group.addTask {
                        do { return StageOutcome(position: position, result: .success(try await runStage(stage, options, settings: settings, in: staging, carried: carried, previous: previous))) }
                        catch { return StageOutcome(position: position, result: .failure(error)) }
                    }
                }
                guard let next = await group.next() else { break }
                byIndex[next.position] = next.result
                finished.insert(stages[next.position].name)
                if case .failure = next.result { failed = true }
            } while true
            return stages.indices.compactMap { byIndex[$0] }
        }
        return try outcomes.map { outcome in
            let result = try outcome.get()
            _ = try result.manifestEntries.value()
            return result
        }
    }

    /// How the stage at `position` of the build's stages ended.
    private struct StageOutcome: Sendable {
        var position: Int
        var result: Result<StageResult, any Error>
    }

    /// Runs one stage into `staging`, timed.
    private static func runStage(_ stage: RegisteredStage, _ options: BuildOptions, settings: SettingsFile, in staging: URL,
                                 carried: CarriedOver, previous: URL?) async throws -> StageResult {
        let upstreamFiles = StageRegistry.all.filter { stage.upstream.contains($0.name) }.flatMap(\.files)
        let context = StageContext(
            sources: SourceTree(root: options.sources), stamp: options.stamp,
            upstream: BundleTableReader.contents(of: staging, fileNames: upstreamFiles),
            previous: BundleTableReader.contents(of: previous, fileNames: StageRegistry.allFiles),
            renumberIds: options.renumberIds, progress: options.progress,
            // The one place a process reaches the stages: pdftotext for the PDFs of the tree.
            extractPDFText: PDFTextExtractor().extract)
        let clock = ContinuousClock()
        let start = clock.now
        var run = try await stage.run(context, settings, staging)
        let warnings = carriedUpstreamWarnings(for: stage, carried: carried)
        if !warnings.isEmpty { run.report.findings = (run.report.findings + warnings).sorted() }
        return StageResult(report: run.report, inputDigests: run.inputDigests, manifestEntries: run.manifestEntries,
                           outputs: stage.files, outputBytes: run.outputBytes,
                           wallTime: clock.now - start)
    }

    /// The folder holding the bundle `--previous` names (a bundle folder, or its current contents).
    private static func previousBundle(_ url: URL) throws -> URL {
        guard let folder = BundleFolder.currentContents(of: url) else {
            throw BuildError.invalidSetting("--previous \(url.path) is not a folder; give the folder of the previous bundle")
        }
        return folder
    }

    /// The settings, and the digest of the bytes they were read from for the manifest (of no bytes for the defaults).
    static func loadSettings(_ options: BuildOptions) throws -> (SettingsFile, FileDigest) {
        let defaultFile = options.sources.appendingPathComponent("pipeline.json")
        guard let file = options.configFile ?? (FileManager.default.fileExists(atPath: defaultFile.path) ? defaultFile : nil) else {
            return (SettingsFile(), FileDigest(contents: Data()))
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
            throw BuildError.invalidSetting("the settings file \(file.path) does not exist")
        }
        let isRegularFile: Bool
        do {
            isRegularFile = try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true
        } catch {
            throw BuildError.invalidSetting("the settings file \(file.path) cannot be examined: \(ErrorText.reason(error))")
        }
        guard !isDirectory.boolValue, isRegularFile else {
            throw BuildError.invalidSetting("the settings file \(file.path) is not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw BuildError.invalidSetting("the settings file \(file.path) cannot be read (check its permissions)")
        }
        return (try SettingsFile(data: data, name: file.path, sections: settingsSections), FileDigest(contents: data))
    }

    /// The SHA-256 of the source tree's `sources.lock.json` (written by `fetch`), nil when it has none.
    static func sourcesLockDigest(_ sources: URL) -> String? {
        FileManager.default.contents(atPath: sources.appendingPathComponent(SourceTree.lockFileName).path).map { FileDigest(contents: $0).sha256 }
    }

    /// The sections `pipeline.json` may hold: the stages', the build's, and `fetch` (read by `aipbundle fetch`
    /// only, so one file can configure the whole CI run).
    public static let settingsSections = StageRegistry.names + [BuildSettings.section, "fetch"]
}
