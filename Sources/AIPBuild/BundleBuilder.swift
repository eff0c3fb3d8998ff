import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation

/// The stages `build --only` accepts, by the names `design.md` gives them.
public enum StageName: String, Sendable, CaseIterable {
    case airports
}

/// Everything a build needs to know.
public struct BuildOptions: Sendable {
    public var sources: URL
    public var out: URL
    public var stages: [StageName]
    /// `pipeline.json` to use; nil means `SOURCES/pipeline.json` when it exists, else the defaults.
    public var configFile: URL?
    public var stamp: BuildStamp

    public init(sources: URL, out: URL, stages: [StageName] = StageName.allCases, configFile: URL? = nil, stamp: BuildStamp) {
        self.sources = sources
        self.out = out
        self.stages = stages
        self.configFile = configFile
        self.stamp = stamp
    }
}

/// What one stage did, for the closing summary (timings live here, not in the deterministic report).
public struct StageResult: Sendable {
    public var report: BuildReport.Stage
    /// Files the stage wrote, as named in `--out`.
    public var outputs: [String]
    public var outputBytes: Int
    public var parseTime: Duration
    public var writeTime: Duration
    public var wallTime: Duration
}

/// Runs the requested stages into a staging folder, then publishes their files and `report.json` into `--out`.
public enum BundleBuilder {
    public static func build(_ options: BuildOptions) async throws -> [StageResult] {
        let settings = try loadSettings(options)
        let sources = SourceTree(root: options.sources)
        let staging = try StagingFolder(for: options.out)
        var results: [StageResult] = []
        for stage in options.stages {
            switch stage {
            case .airports:
                results.append(try await AirportsStageRunner.run(sources: sources, settings: settings, staging: staging, stamp: options.stamp))
            }
        }
        let report = BuildReport(bundleVersion: options.stamp.version, airacDate: options.stamp.airac.effectiveDate,
                                 stages: results.map(\.report))
        do {
            try report.json().write(to: staging.file("report.json"))
        } catch {
            throw BuildError.output("cannot write report.json: \(error.localizedDescription)")
        }
        try staging.publish(results.flatMap(\.outputs) + ["report.json"])
        return results
    }

    static func loadSettings(_ options: BuildOptions) throws -> PipelineSettings {
        let defaultFile = options.sources.appendingPathComponent("pipeline.json")
        guard let file = options.configFile ?? (FileManager.default.fileExists(atPath: defaultFile.path) ? defaultFile : nil) else {
            return PipelineSettings()
        }
        do {
            return try PipelineSettings.decode(Data(contentsOf: file))
        } catch {
            throw BuildError.invalidSetting("\(file.path): not a valid pipeline.json: \(error)")
        }
    }
}
