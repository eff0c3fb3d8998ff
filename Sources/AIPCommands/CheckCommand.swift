import AIPBundleKit
import AIPManifest
import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle check`: does a bundle (or one file) follow the data contract?
public struct CheckCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a bundle folder or one bundle file against the data contract.",
        discussion: """
            Checks every file the bundle registry declares: for SQLite files the schema (tables, columns, keys, \
            indexes), integrity_check and foreign_key_check, rollback-journal mode, no triggers, views or unknown \
            tables, the storage class of every value, no infinite REALs, and the invariants readers rely on. The file \
            is opened read-only and immutable: check never changes it or leaves anything beside it. In a folder, \
            manifest.sig is verified with --public-key as a device would; without it, only checked to be well-formed \
            and present when manifest.json names a signing key. Each finding \
            goes to stderr; stdout gets one line, PATH: OK or the number of findings (with --json, a document \
            listing them).

            \(CommandExit.help([
                (.success, "no findings (any --reference differences are all known 0.13 additions)"),
                (.failure, "findings, or a --reference difference that is not a 0.13 addition"),
                (.couldNotCheck, "PATH or the --reference file could not be checked: missing, not a bundle file check knows, not a regular file, not SQLite, unreadable"),
            ]))
            """)

    @Argument(help: ArgumentHelp("A bundle folder, or one bundle file such as airports.db (recognised by its name; symbolic links are followed).", valueName: "path"))
    var path: String

    @Option(help: ArgumentHelp("Also compare the schema with this database (e.g. one written by euro_aip); differences that are known 0.13 additions are listed but do not fail.", valueName: "file"))
    var reference: String?

    @OptionGroup var trust: PublicKeyOption<OptionalKey>

    @OptionGroup var output: OutputOptions

    public init() {}

    public func run() async throws {
        try await report()
    }

    /// Every error means the path could not be checked at all; findings are a result, not an error.
    static func exit(for error: any Error) -> CommandExit { .couldNotCheck }

    func execute(_ log: CommandLog) async throws -> CheckResult {
        let url = URL(fileURLWithPath: path)
        log.status("checking \(path)")
        let trustedKey = try trust.file.map { try SigningPublicKey(fileAt: $0) }
        var findings = try BundleChecker.check(url)
        if CheckedPath.isDirectory(url) {
            let signature = ManifestSignatureCheck.findings(folder: url, trustedKey: trustedKey)
            findings += signature
            if trustedKey == nil, signature.isEmpty, CheckedPath.exists(url.appendingPathComponent(Manifest.signatureFileName)) {
                log.logger.info("\(Manifest.signatureFileName) is well-formed but not verified; give --public-key to verify it")
            }
        }
        let differences = try reference.map { try BundleChecker.compareSchema(url, reference: URL(fileURLWithPath: $0)) } ?? []
        for finding in findings { log.logger.error("\(finding)") }
        for difference in differences {
            if difference.introduced == .euroAIP013 {
                log.logger.info("reference lacks 0.13 addition: \(difference)")
            } else {
                log.logger.error("differs from reference: \(difference)")
            }
        }
        return CheckResult(path: path, findings: findings, differences: differences)
    }
}

/// What `check` reports: the findings, and the schema differences from `--reference`.
struct CheckResult: CommandResult {
    struct Difference: Encodable {
        var table: String
        var column: String?
        var message: String
        /// A known 0.13 addition the reference lacks: listed, not a failure.
        var expected: Bool
    }

    var path: String
    var findings: [CheckFinding]
    var referenceDifferences: [Difference]

    enum CodingKeys: String, CodingKey {
        case path, findings
        case referenceDifferences = "reference_differences"
    }

    init(path: String, findings: [CheckFinding], differences: [SchemaDifference]) {
        self.path = path
        self.findings = findings
        referenceDifferences = differences.map {
            Difference(table: $0.table, column: $0.column, message: $0.message, expected: $0.introduced == .euroAIP013)
        }
    }

    private var unexpectedDifferences: Int { referenceDifferences.count { !$0.expected } }

    var exit: CommandExit { findings.isEmpty && unexpectedDifferences == 0 ? .success : .failure }

    var line: String {
        guard exit == .failure else { return "\(path): OK" }
        var parts = ["\(findings.count) finding\(findings.count == 1 ? "" : "s")"]
        if unexpectedDifferences > 0 {
            parts.append("\(unexpectedDifferences) difference\(unexpectedDifferences == 1 ? "" : "s") from the reference")
        }
        return "\(path): " + parts.joined(separator: ", ")
    }
}
