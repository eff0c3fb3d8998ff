import AIPBuild
import AIPDelta
import AIPStages
import ArgumentParser
import Foundation

/// `aipbundle build`: source tree in, bundle files out, all or nothing.
public struct BuildCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build bundle files from a source tree into an output folder.",
        discussion: """
            Writes the bundle files and report.json into --out, all at once: nothing in --out changes unless the \
            whole build succeeds. Bad rows are reported in report.json and the build goes on; an unusable input \
            file, or a table that lost more rows than allowed against the previous bundle, stops it (exit 1). \
            Timestamps come from --airac or SOURCE_DATE_EPOCH, never from the clock inside the data.
            """)

    @Option(help: ArgumentHelp("The source tree (ourairports/, … and an optional pipeline.json).", valueName: "dir"))
    var sources: String

    @Option(help: ArgumentHelp("The folder to publish the bundle in; created if missing.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The previous bundle, for stable row ids and the shrink check (default: the bundle already in --out).", valueName: "dir"))
    var previous: String?

    @Option(help: ArgumentHelp("The bundle version recorded in the bundle (default: the AIRAC cycle, e.g. 2612); letters, digits, . _ + -.", valueName: "version"))
    var version: String?

    @Option(help: ArgumentHelp("The AIRAC cycle's effective date (default: the cycle in force at SOURCE_DATE_EPOCH or today).", valueName: "yyyy-mm-dd"))
    var airac: String?

    @Option(help: ArgumentHelp("Build only these stages, comma-separated (\(StageRegistry.names.joined(separator: ", "))); the other files in --out are kept.", valueName: "stages"))
    var only: String?

    @Option(help: ArgumentHelp("Settings file (default: <sources>/pipeline.json when present).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Sign manifest.json with this private key (from `aipbundle keygen`); manifest.sig goes beside it.", valueName: "file"))
    var signingKey: String?

    @Flag(help: "Publish even if a table lost more rows than allowed (default 5 %) against the previous bundle.")
    var allowShrink = false

    @Flag(help: "Give new ids to the rows of a table whose ids cannot carry over because the previous bundle lacks the table or a key column (the next delta then carries the whole table).")
    var renumberIds = false

    public init() {}

    public func validate() throws {
        do {
            _ = try StageRegistry.select(only)
        } catch let error as StageSelectionError {
            throw ValidationError(error.description)
        }
        if let airac, AIRACCycle(effectiveDate: airac) == nil {
            throw ValidationError("--airac \(airac) is not the effective date of an AIRAC cycle between 2000 and 2099 (e.g. 2026-11-26); give the date the cycle starts")
        }
        if let version, version.range(of: #"^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$"#, options: .regularExpression) == nil {
            throw ValidationError("--version \"\(version)\" must be 1 to 64 letters, digits, '.', '_', '+' or '-', starting with a letter or digit")
        }
        do {
            _ = try stamp()
        } catch let error as BuildError {
            throw ValidationError(error.description)
        }
    }

    public func run() async throws {
        var options = BuildOptions(
            sources: URL(fileURLWithPath: sources), out: URL(fileURLWithPath: out), stages: try StageRegistry.select(only),
            configFile: config.map { URL(fileURLWithPath: $0) }, stamp: try stamp(),
            previous: previous.map { URL(fileURLWithPath: $0) }, allowShrink: allowShrink, progress: Self.progress)
        options.renumberIds = renumberIds
        options.signingKey = try signingKey.map { try SigningKey(fileAt: URL(fileURLWithPath: $0)) }
        let results = try await BundleBuilder.build(options)
        for result in results {
            FileHandle.standardError.write(Data((BuildSummaryLine(result, out: out).text + "\n").utf8))
        }
    }

    /// Progress lines go to stderr for a person at a terminal; CI logs keep only the summary.
    @Sendable private static func progress(_ line: String) {
        guard isatty(STDERR_FILENO) != 0 else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private func stamp() throws -> BuildStamp {
        try BuildStamp.resolve(version: version, airac: airac.flatMap(AIRACCycle.init(effectiveDate:)),
                               sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    }
}
