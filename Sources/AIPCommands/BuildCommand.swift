import AIPBuild
import AIPBundleKit
import AIPStages
import ArgumentParser
import Foundation

/// `aipbundle build`: source tree in, bundle files out, all or nothing.
public struct BuildCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build bundle files from a source tree into an output folder.",
        discussion: """
            Writes airports.db and report.json into --out. Nothing in --out changes unless the whole build \
            succeeds. Bad rows are reported in report.json and the build goes on; an unusable input file stops it \
            (exit 1). Timestamps come from --airac or SOURCE_DATE_EPOCH, never from the clock inside the data.
            """)

    @Option(help: ArgumentHelp("The source tree (ourairports/, … and an optional pipeline.json).", valueName: "dir"))
    var sources: String

    @Option(help: ArgumentHelp("The folder to write the bundle into; created if missing.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The bundle version recorded in model_metadata (default: the AIRAC cycle, e.g. 2612).", valueName: "version"))
    var version: String?

    @Option(help: ArgumentHelp("The AIRAC cycle's effective date (default: the cycle in force at SOURCE_DATE_EPOCH or today).", valueName: "yyyy-mm-dd"))
    var airac: String?

    @Option(help: ArgumentHelp("Build only these stages, comma-separated (\(StageName.allCases.map(\.rawValue).joined(separator: ", "))); other files in --out stay.", valueName: "stages"))
    var only: String?

    @Option(help: ArgumentHelp("Settings file (default: <sources>/pipeline.json when present).", valueName: "file"))
    var config: String?

    public init() {}

    public func validate() throws {
        _ = try stages()
        if let airac, AIRACCycle(effectiveDate: airac) == nil {
            throw ValidationError("--airac \(airac) is not the effective date of an AIRAC cycle (e.g. 2026-11-26); give the date the cycle starts")
        }
    }

    public func run() async throws {
        let stamp = try BuildStamp.resolve(version: version, airac: airac.flatMap(AIRACCycle.init(effectiveDate:)),
                                           sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
        let options = BuildOptions(
            sources: URL(fileURLWithPath: sources), out: URL(fileURLWithPath: out), stages: try stages(),
            configFile: config.map { URL(fileURLWithPath: $0) }, stamp: stamp)
        let results = try await BundleBuilder.build(options)
        for result in results {
            FileHandle.standardError.write(Data((BuildSummaryLine(result, out: out).text + "\n").utf8))
        }
    }

    func stages() throws -> [StageName] {
        guard let only else { return StageName.allCases }
        let names = only.split(separator: ",")
        guard !names.isEmpty else {
            throw ValidationError("--only needs at least one stage: \(StageName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return try names.map { name in
            guard let stage = StageName(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                throw ValidationError("--only: unknown stage \"\(name)\"; the stages are \(StageName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return stage
        }
    }
}
