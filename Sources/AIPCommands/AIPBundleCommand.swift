import AIPBuild
import ArgumentParser

/// `aipbundle`: the root command is configuration only; the work is in the subcommands.
public struct AIPBundleCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "aipbundle",
        abstract: "Build and check the offline data bundles of FlyFun EuroAIP.",
        version: BundleBuilder.builderVersion,
        subcommands: [FetchCommand.self, BuildCommand.self, CheckCommand.self, KeygenCommand.self, DeltaCommand.self, ApplyCommand.self, PublishCommand.self, FindingsCommand.self])

    public init() {}
}
