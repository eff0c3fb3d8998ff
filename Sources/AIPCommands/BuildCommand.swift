import AIPBuild
import AIPDelta
import AIPManifest
import AIPPipeline
import AIPStages
import ArgumentParser
import Foundation

/// `aipbundle build`: source tree in, bundle files out, all or nothing.
public struct BuildCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build bundle files from a source tree into an output folder.",
        discussion: """
            Writes the bundle files and report.json into --out, all at once: nothing in --out changes unless the \
            whole build succeeds. With --previous, changes.html and changes.md (what changed since that bundle, as \
            `aipbundle changes` shows it) go beside report.json; like it, updates never ship them. Bad rows are reported in report.json and the build goes on; an unusable input \
            file, or a table that lost more rows than allowed against the previous bundle, stops it. \
            Timestamps come from --airac or SOURCE_DATE_EPOCH, never from the clock inside the data. Each stage's \
            summary goes to stderr; stdout gets one line (or with --json one document) naming the bundle version, \
            the AIRAC cycle and the folder.

            \(CommandExit.help([
                (.success, "the bundle was built and published in --out"),
                (.failure, "the build stopped (an unusable input, the shrink gate, an unreadable --signing-key, --out unusable or holding files aipbundle did not write without --adopt-folder); nothing in --out changed"),
            ]))
            """)

    @Option(help: ArgumentHelp("The source tree (ourairports/, … and an optional pipeline.json).", valueName: "dir"))
    var sources: String

    @Option(help: ArgumentHelp("The folder to publish the bundle in; created if missing.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The previous bundle, for stable row ids and the shrink check (default: the bundle already in --out).", valueName: "dir"))
    var previous: String?

    @Option(help: ArgumentHelp("The bundle version recorded in the bundle (default: the AIRAC cycle id, e.g. 2612); letters, digits, . _ + -.", valueName: "version"))
    var bundleVersion: String?

    @OptionGroup var cycle: AIRACOption

    @OptionGroup var only: OnlyOption<BuiltStages>

    @OptionGroup var config: ConfigOption

    @Option(help: ArgumentHelp("Sign manifest.json with this private key (from `aipbundle keygen`); manifest.sig goes beside it.", valueName: "file"))
    var signingKey: String?

    @Flag(help: "Publish even if a table or rules.json lost more than allowed (default 5 %) against the previous bundle, or an output is far below what its inputs promise.")
    var allowShrink = false

    @OptionGroup var adopt: AdoptFolderOption

    @Flag(help: "Give new ids to the rows of a table whose ids cannot carry over because the previous bundle lacks the table or a key column (the next delta then carries the whole table).")
    var renumberIds = false

    @OptionGroup var output: OutputOptions

    public init() {}

    public func validate() throws {
        do {
            _ = try StageRegistry.select(only.only)
        } catch let error as StageSelectionError {
            throw ValidationError(error.description)
        }
        // The rule every reader of a manifest applies to bundle_version (PathName), so a build never writes one it refuses.
        if let bundleVersion {
            do { _ = try PathName(version: bundleVersion) } catch {
                throw ValidationError("--bundle-version \"\(bundleVersion)\" must be 1 to \(PathName.maxVersionBytes) letters, digits, '.', '_', '+' or '-', starting with a letter or digit")
            }
        }
        do {
            _ = try stamp()
        } catch let error as BuildError {
            throw ValidationError(error.description)
        }
    }

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> BuildSummary {
        try PathCheck.existingFolder(sources, role: "--sources, the source tree",
                                     fix: "give the folder that holds ourairports/ and the other inputs (scripts/fetch-data.sh fetches them)")
        let stamp = try stamp()
        var options = BuildOptions(
            sources: URL(fileURLWithPath: sources), out: URL(fileURLWithPath: out), stages: try StageRegistry.select(only.only),
            configFile: config.file, stamp: stamp,
            previous: previous.map { URL(fileURLWithPath: $0) }, allowShrink: allowShrink, progress: log.progress)
        options.renumberIds = renumberIds
        options.adoptFolder = adopt.adoptFolder
        options.signingKey = try signingKey.map { try SigningKey(fileAt: URL(fileURLWithPath: $0)) }
        if let key = options.signingKey { log.logger.debug("signing with the key of fingerprint \(key.publicKey.fingerprint)") }
        log.logger.debug("bundle \(stamp.version), \(stamp.airac), timestamp \(stamp.timestamp), stages \(options.stages.map(\.name).joined(separator: ","))")
        let result = try await BundleBuilder.build(options)
        for stage in result.stages {
            log.logger.info("\(BuildSummaryLine(stage, out: out).text)")
        }
        return BuildSummary(out: out, result: result, signed: options.signingKey != nil)
    }

    private func stamp() throws -> BuildStamp {
        try BuildStamp.resolve(version: bundleVersion, airac: cycle.cycle,
                               sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"])
    }
}

/// `build --only`: stage names.
enum BuiltStages: OnlySubject {
    static var help: String {
        "Build only these stages, comma-separated (\(StageRegistry.names.joined(separator: ", "))); the other files in --out are kept."
    }
    static let valueName = "stages"
}
