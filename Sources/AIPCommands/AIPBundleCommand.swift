import AIPBuild
import ArgumentParser

/// `aipbundle`: the root command is configuration only; the work is in the subcommands.
public struct AIPBundleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "aipbundle",
        abstract: "Build and check the offline data bundles of FlyFun EuroAIP.",
        discussion: "Each command prints its result on stdout (one line, or one document with --json) and its logs on stderr.",
        subcommands: [FetchCommand.self, BuildCommand.self, CheckCommand.self, KeygenCommand.self, DeltaCommand.self, ApplyCommand.self,
                      PublishCommand.self, UpdateCommand.self, ChangesCommand.self, FindingsCommand.self])

    // Not `CommandConfiguration(version:)`: ArgumentParser's automatic --version is recognised after any
    // subcommand too, so a mistyped `build --version 2612` printed the version, exited 0 and built nothing.
    // A flag of the root only is unknown to the subcommands: that typo is a usage error (64).
    @Flag(help: "Show the version of aipbundle.")
    var version = false

    public init() {}

    public func run() async throws {
        guard version else { throw CleanExit.helpRequest(self) }
        Console.current.result(BundleBuilder.builderVersion)
    }
}
