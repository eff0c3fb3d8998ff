import AIPCommands
import ArgumentParser
import Foundation
import TestSupport
import Testing

/// Each command's `--help` as a person reads it, and its usage errors, run through the executable's entry point.
///
/// What the help must show is taken from the command tree itself (ArgumentParser's own description of every
/// subcommand and argument, `--experimental-dump-help`), not from a list kept beside it: a new command or option is
/// checked the day it is added. Each screen is also compared with its snapshot in `HelpSnapshots/`, as
/// swift-argument-parser tests its own; after a deliberate change, record them again with
/// `AIPBUNDLE_RECORD_HELP=1 swift test --traits Tool --filter CommandHelpTests` and review the diff.
@Suite struct CommandHelpTests {
    /// The part of ArgumentParser's description of the tree (its `ToolInfoV0`, which it does not export as a
    /// product) these tests read.
    struct Command: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable {
                enum Kind: String, Decodable { case long, short, longWithSingleDash }
                var kind: Kind
                var name: String
            }

            enum Kind: String, Decodable { case positional, option, flag }
            var kind: Kind
            var shouldDisplay: Bool
            var names: [Name]?
            var valueName: String?
            var abstract: String?
        }

        var commandName: String
        var abstract: String?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct ToolInfo: Decodable { var command: Command }

    /// The subcommands as ArgumentParser describes them to tools, less the `help` it adds by itself.
    static func subcommands() async throws -> [Command] {
        let run = await aipbundle(["--experimental-dump-help"])
        try #require(run.code == 0, "\(run)")
        let tree = try JSONDecoder().decode(ToolInfo.self, from: Data(run.stdout.utf8)).command
        return (tree.subcommands ?? []).filter { $0.commandName != "help" }
    }

    /// How the help screen labels an argument: `<path>`, `--out <dir>`, `-q, --quiet`.
    static func label(_ argument: Command.Argument) -> String {
        if argument.kind == .positional { return "<\(argument.valueName ?? "")>" }
        let names = (argument.names ?? []).sorted { $0.kind == .short && $1.kind != .short }.map { name in
            name.kind == .short ? "-\(name.name)" : "--\(name.name)"
        }
        return names.joined(separator: ", ") + (argument.kind == .option ? " <\(argument.valueName ?? "")>" : "")
    }

    @Test func everyCommandIsListedAtTheRoot() async throws {
        let subcommands = try await Self.subcommands()
        #expect(subcommands.map(\.commandName) == AIPBundleCommand.configuration.subcommands.map { $0._commandName })
        let run = await aipbundle(["--help"])
        #expect(run.code == 0 && run.stderr.isEmpty)
        for command in subcommands {
            #expect(run.stdout.contains("\n  \(command.commandName) "), "\(command.commandName)")
            #expect(!(command.abstract ?? "").isEmpty, "\(command.commandName) has no abstract")
        }
    }

    @Test func everyOptionOfEveryCommandIsShownWithItsHelpAndEveryExitCode() async throws {
        for command in try await Self.subcommands() {
            let run = await aipbundle([command.commandName, "--help"])
            #expect(run.code == 0 && run.stderr.isEmpty, "\(command.commandName)")
            let arguments = (command.arguments ?? []).filter(\.shouldDisplay)
            #expect(arguments.contains { Self.label($0) == "--json" }, "\(command.commandName) lacks the output options")
            for argument in arguments {
                let label = Self.label(argument)
                #expect(run.stdout.contains("  \(label)"), "\(command.commandName): \(label)")
                #expect(!(argument.abstract ?? "").isEmpty, "\(command.commandName): \(label) has no help")
            }
            // Only the root has --version: a subcommand's would be a trap (`build --version 2612` built nothing).
            #expect(!run.stdout.contains("--version"), "\(command.commandName)")
            let exitCodes = try #require(run.stdout.components(separatedBy: "Exit codes:\n").dropFirst().first?
                .components(separatedBy: "\n\n").first, "\(command.commandName) documents no exit codes")
            let documented = exitCodes.split(separator: "\n").compactMap { Int32($0.split(separator: " ").first ?? "") }
            #expect(documented.first == CommandExit.success.rawValue && documented.contains(CommandExit.usage.rawValue), "\(command.commandName)")
            #expect(documented.allSatisfy { CommandExit(rawValue: $0) != nil }, "\(command.commandName): \(documented)")
        }
    }

    /// Every screen, byte for byte, at a fixed width (the terminal's would make it depend on the machine).
    @Test func everyHelpScreenMatchesItsSnapshot() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("HelpSnapshots")
        let record = ProcessInfo.processInfo.environment["AIPBUNDLE_RECORD_HELP"] == "1"
        let screens = [("aipbundle", AIPBundleCommand.helpMessage(columns: 100))]
            + AIPBundleCommand.configuration.subcommands.map { command in
                (command._commandName, AIPBundleCommand.helpMessage(for: command, columns: 100))
            }
        for (name, screen) in screens {
            let file = folder.appendingPathComponent("\(name).txt")
            if record { try Data((screen + "\n").utf8).write(to: file) }
            let snapshot = try? String(contentsOf: file, encoding: .utf8)
            #expect(snapshot == screen + "\n", """
                the help of \(name) differs from \(file.lastPathComponent) (or it is missing); if the change is meant, \
                record again with AIPBUNDLE_RECORD_HELP=1 and review the diff
                """)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
        #expect(Set(files) == Set(screens.map { "\($0.0).txt" }), "a snapshot of a command that no longer exists")
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
        ["fetch", "--out", "x", "--airac", "2614"],
        ["check"],
        ["check", "a", "b"],
        ["keygen"],
        ["delta", "--from", "a", "--to", "b"],
        ["apply", "--bundle", "b"],
        ["apply", "p", "--bundle", "b"],
        ["update", "--channel", "c", "--bundle", "b"],
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
