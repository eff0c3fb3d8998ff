import AIPJSON
import AIPBundleKit
import AIPManifest
import ArgumentParser
import Foundation

/// `aipbundle check`: does a bundle (or one file) follow the data contract?
public struct CheckCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a bundle folder or one bundle file against the data contract.",
        discussion: """
            Checks every file the bundle registry declares: for SQLite files the schema (tables, columns, keys, \
            indexes), integrity_check and foreign_key_check, rollback-journal mode, no triggers, views or unknown \
            tables, the storage class of every value, no infinite REALs, and the invariants readers rely on. The file \
            is opened read-only and immutable: check never changes it or leaves anything beside it. Prints each \
            finding; exits 1 if there is any, or if PATH cannot be checked at all.
            """)

    @Argument(help: ArgumentHelp("A bundle folder, or one bundle file such as airports.db (recognised by its name; symbolic links are followed).", valueName: "path"))
    var path: String

    @Flag(help: "Print findings as JSON.")
    var json = false

    @Option(help: ArgumentHelp("Also compare the schema with this database (e.g. one written by euro_aip); differences that are known 0.13 additions are listed but do not fail.", valueName: "file"))
    var reference: String?

    public init() {}

    public func run() throws {
        let url = URL(fileURLWithPath: path)
        // A path that cannot be checked at all (missing, unknown name, a directory or FIFO, not SQLite) throws
        // CheckError: "Error: …", exit 1.
        let findings = try BundleChecker.check(url)
        let differences = try reference.map { try BundleChecker.compareSchema(url, reference: URL(fileURLWithPath: $0)) } ?? []
        let unexpected = differences.filter { $0.introduced == .original }
        if json {
            print(try CheckOutput(path: path, findings: findings, differences: differences).json())
        } else {
            for finding in findings { print(finding) }
            for difference in differences {
                print("\(difference.introduced == .euroAIP013 ? "reference lacks 0.13 addition" : "differs from reference"): \(difference)")
            }
            if findings.isEmpty && unexpected.isEmpty { print("\(path): OK") }
        }
        if !findings.isEmpty || !unexpected.isEmpty { throw ExitCode.failure }
    }
}

/// The `--json` shape of `check`'s answer.
struct CheckOutput: Encodable {
    struct Difference: Encodable {
        var table: String
        var column: String?
        var message: String
        var expected: Bool
    }

    var path: String
    var ok: Bool
    var findings: [CheckFinding]
    var referenceDifferences: [Difference]

    enum CodingKeys: String, CodingKey {
        case path, ok, findings
        case referenceDifferences = "reference_differences"
    }

    init(path: String, findings: [CheckFinding], differences: [SchemaDifference]) {
        self.path = path
        self.findings = findings
        referenceDifferences = differences.map {
            Difference(table: $0.table, column: $0.column, message: $0.message, expected: $0.introduced == .euroAIP013)
        }
        ok = findings.isEmpty && !referenceDifferences.contains { !$0.expected }
    }

    func json() throws -> String {
        try JSONWriter.string(self)
    }
}
