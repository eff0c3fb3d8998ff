import AIPBuild
import AIPChanges
import AIPDelta
import AIPErrorText
import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle changes`: what changed from one bundle to another, for the person who decides whether to publish.
public struct ChangesCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "changes",
        abstract: "Show what changed from one bundle to another: a page, a Markdown summary, a JSON document.",
        discussion: """
            Both bundles are verified against their manifest.json first (and manifest.sig with --public-key). Then \
            their databases are compared row by row: versions, AIRAC cycles and sources locks; rows added, removed \
            and changed per table; aerodromes added, removed, renamed, moved, retyped; runway fields old → new; AIP \
            entries with the changed words marked; customs and prior-notice readings; procedures; navaids moved; \
            FIRs; rules.json answers; AIP coverage per state; findings. --html writes a self-contained page (inline \
            SVG map, no script, no external URL), --markdown a summary for a CI job page (under 1 MiB); each cuts \
            long sections and counts the rest. stdout gets one line, or with --json the changes (up to \
            \(ChangesLimits.json) rows per section; docs/schemas/changes.schema.json).

            \(CommandExit.help([
                (.success, "the bundles were compared and the files asked for written"),
                (.failure, "a folder is not a bundle, does not match its manifest or its signature, or a file cannot be written"),
            ]))
            """)

    @Option(help: ArgumentHelp("The older bundle folder.", valueName: "dir"))
    var from: String

    @Option(help: ArgumentHelp("The newer bundle folder.", valueName: "dir"))
    var to: String

    @Option(help: ArgumentHelp("Write the page here (self-contained HTML).", valueName: "file"))
    var html: String?

    @Option(help: ArgumentHelp("Write the Markdown summary here (e.g. $GITHUB_STEP_SUMMARY).", valueName: "file"))
    var markdown: String?

    @OptionGroup var trust: PublicKeyOption<OptionalKey>

    @OptionGroup var output: OutputOptions

    public init() {}

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> ChangesResult {
        try PathCheck.existingFolder(from, role: "--from, the older bundle", fix: "give the folder of the older bundle")
        try PathCheck.existingFolder(to, role: "--to, the newer bundle", fix: "give the folder of the newer bundle")
        let key = try trust.file.map { try SigningPublicKey(fileAt: $0) }
        log.status("verifying \(from) and \(to)")
        let old = try VerifiedBundle(URL(fileURLWithPath: from), role: "--from, the older bundle", signedBy: key, exactBytes: false)
        let new = try VerifiedBundle(URL(fileURLWithPath: to), role: "--to, the newer bundle", signedBy: key, exactBytes: false)
        log.status("comparing \(old.manifest.bundleVersion) with \(new.manifest.bundleVersion)")
        let changes = try BundleComparison.compare(from: old.folder, to: new.folder, reportName: BundleBuilder.reportName)
        let outputs: [(path: String?, text: () -> String)] = [(html, { ChangesHTML.page(changes) }), (markdown, { ChangesMarkdown.summary(changes) })]
        for (path, text) in outputs {
            guard let path else { continue }
            do {
                try Data(text().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw ChangesError(.fileSystem, "\(path) cannot be written: \(ErrorText.reason(error)); give a writable path")
            }
            log.logger.info("wrote \(path)")
        }
        return ChangesResult(changes: changes.limited(to: ChangesLimits.json), html: html, markdown: markdown)
    }
}

/// What `changes` reports: the changes themselves (each section cut to ``ChangesLimits/json`` rows), and the files
/// written.
struct ChangesResult: CommandResult {
    var changes: BundleChanges
    var html: String?
    var markdown: String?

    enum CodingKeys: String, CodingKey { case changes, html, markdown }

    var line: String {
        let counts = [("aerodrome", changes.aerodromes.total), ("runway", changes.runways.total), ("AIP entry", changes.aipEntries.total),
                      ("customs", changes.customs.total), ("procedure", changes.procedures.total), ("rules answer", changes.rules.total)]
        let written = [html, markdown].compactMap { $0 }
        return "\(changes.from.bundleVersion) → \(changes.to.bundleVersion): "
            + counts.map { "\($0.1) \($0.0) change\($0.1 == 1 ? "" : "s")" }.joined(separator: ", ")
            + (written.isEmpty ? "" : "; wrote \(written.joined(separator: " and "))")
    }
}
