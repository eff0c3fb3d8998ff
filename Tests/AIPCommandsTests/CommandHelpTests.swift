import AIPCommands
import Foundation
import TestSupport
import Testing

/// Each command's `--help` as a person reads it, and its usage errors, run through the executable's entry point.
@Suite struct CommandHelpTests {
    /// Every option of each command, as its help shows it, and the exit codes it documents.
    static let commands: [(name: String, options: [String], codes: [Int32])] = [
        ("fetch", ["--out <dir>", "--airac <cycle>", "--only <sources>", "--config <file>", "--mirror <base-url>", "--cache <dir>",
                   "--keep-stale"], [0, 1, 64]),
        ("build", ["--sources <dir>", "--out <dir>", "--previous <dir>", "--bundle-version <version>", "--airac <cycle>",
                   "--only <stages>", "--config <file>", "--signing-key <file>", "--allow-shrink"], [0, 1, 64]),
        ("check", ["<path>", "--reference <file>"], [0, 1, 2, 64]),
        ("keygen", ["--out <dir>"], [0, 1, 64]),
        ("delta", ["--from <dir>", "--to <dir>", "--out <dir>", "--signing-key <file>"], [0, 1, 64]),
        ("apply", ["<delta>", "--bundle <dir>", "--public-key <file>"], [0, 1, 64]),
        ("publish", ["--bundle <dir>", "--channel <dir>", "--keep <n>", "--signing-key <file>"], [0, 1, 64]),
    ]

    @Test func everyCommandIsListed() async {
        let run = await aipbundle(["--help"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        for command in Self.commands {
            #expect(run.stdout.contains("\n  \(command.name) "), "\(command.name)")
        }
    }

    @Test(arguments: commands)
    func helpNamesEveryOptionAndEveryExitCode(_ command: (name: String, options: [String], codes: [Int32])) async throws {
        let run = await aipbundle([command.name, "--help"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        for option in command.options + ["--json", "-q, --quiet", "-v, --verbose", "-h, --help"] {
            #expect(run.stdout.contains("  \(option)"), "\(command.name): \(option)")
        }
        // Only the root has --version: a subcommand's would be a trap (`build --version 2612` built nothing).
        #expect(!run.stdout.contains("--version"), "\(command.name)")
        let exitCodes = try #require(run.stdout.components(separatedBy: "Exit codes:\n").last?.components(separatedBy: "\n\n").first)
        let documented = exitCodes.split(separator: "\n").compactMap { Int32($0.split(separator: " ").first ?? "") }
        #expect(documented == command.codes, "\(command.name)")
    }

    @Test func theRootShowsItsVersionAndNothingElseDoes() async {
        let version = await aipbundle(["--version"])
        #expect(version.code == 0 && version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version)")
        // The review's case: --out forgotten and --version given for the bundle version. Usage, with a hint.
        let build = await aipbundle(["build", "--sources", "x", "--version", "2612"])
        #expect(build.code == 64 && build.stdout.isEmpty, "\(build)")
        #expect(build.stderr.contains("--bundle-version"))
        #expect(await exitCode(["build", "--sources", "x", "--out", "y", "--version", "2612"]) == 64)
    }

    /// A usage error: exit 64, nothing on stdout, the reason and the usage on stderr.
    @Test(arguments: [
        ["build", "--sources", "x", "--bundle-version", "2612"],
        ["build", "--out", "y"],
        ["build", "--sources", "x", "--out", "y", "--airac", "2614"],
        ["build", "--sources", "x", "--out", "y", "--airac", "2026-11-23"],
        ["build", "--sources", "x", "--out", "y", "--quiet", "--verbose"],
        ["fetch", "--airac", "2612"],
        ["check"],
        ["check", "a", "b"],
        ["keygen"],
        ["delta", "--from", "a", "--to", "b"],
        ["apply", "--bundle", "b"],
        ["publish", "--bundle", "b", "--channel", "c"],
        ["publish", "--bundle", "b", "--channel", "c", "--signing-key", "k", "--keep", "-1"],
        ["frobnicate"],
    ])
    func usageErrorsExit64WithNothingOnStdout(_ arguments: [String]) async {
        let run = await aipbundle(arguments)
        #expect(run.code == 64 && run.stdout.isEmpty && run.stderr.hasPrefix("Error: ") && run.stderr.contains("Usage: "), "\(run)")
    }

    /// With --json, a usage error is still a document on stdout, for a CI job that parses it.
    @Test func aUsageErrorWithJsonIsADocument() async throws {
        let run = await aipbundle(["check", "--json"])
        #expect(run.code == 64 && run.stderr.contains("Usage: "))
        #expect(try schemaViolations(Data(run.stdout.utf8), schema: "check.schema.json") == [])
        #expect(run.stdout.contains(#""error": "Missing expected argument '<path>'""#) && run.stdout.contains(#""exit_code": 64"#))
    }
}
