import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle update`: what an app's sync service does, from the command line (a server or CI keeping a copy of a
/// channel's bundle current uses it too).
public struct UpdateCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Bring a bundle folder to the latest version of an update channel, all or nothing.",
        discussion: """
            Fetches the channel's signed index.json and refuses it when it is not signed by --public-key, past its \
            expiry, or older than one seen before (kept in --work). Plans the fewest bytes to the latest version (a \
            chain of deltas, or the full bundle), downloads into --work (resuming what an interrupted run left, \
            with HTTP Range), verifies every signature and hash, and switches the bundle folder at once. A delta \
            that is gone or does not apply falls back to the full bundle. A run finds the folder current and \
            completes a switch a crash cut short. On failure the bundle folder is as it was.
            """)

    @Option(help: ArgumentHelp("The channel's root: an http(s) URL, or a folder.", valueName: "url"))
    var channel: String

    @Option(help: ArgumentHelp("The bundle folder to update (created on the first install).", valueName: "dir"))
    var bundle: String

    @Option(help: ArgumentHelp("The trusted public key (signing.pub).", valueName: "file"))
    var publicKey: String

    @Option(help: ArgumentHelp("Downloads and the channel state (default: .<bundle name>.update beside the bundle folder).", valueName: "dir"))
    var work: String?

    @Flag(help: "Install the latest full bundle, whatever is installed.")
    var full = false

    @Flag(help: "Update a --bundle folder that holds files aipbundle did not write, keeping them as they are (never deleted or replaced); without it such a folder is refused.")
    var adoptFolder = false

    public init() {}

    public func run() async throws {
        let key = try SigningPublicKey(fileAt: URL(fileURLWithPath: publicKey))
        let bundleURL = URL(fileURLWithPath: bundle).standardizedFileURL
        let workURL = work.map { URL(fileURLWithPath: $0) }
            ?? bundleURL.deletingLastPathComponent().appendingPathComponent(".\(bundleURL.lastPathComponent).update")
        let channelURL = channel.contains("://") ? URL(string: channel) : URL(fileURLWithPath: channel, isDirectory: true)
        guard let channelURL else { throw ValidationError("--channel \(channel) is not a URL") }
        let client = UpdateClient(channel: channelURL, bundle: bundleURL, work: workURL, trustedKey: key, adoptFolder: adoptFolder)
        let outcome = try await client.update(path: full ? .fullBundle : .cheapest)
        if outcome.changed {
            let path = outcome.steps.map { "\($0.from ?? "full") → \($0.to)" }.joined(separator: ", ")
            print("\(outcome.fromVersion ?? "nothing") → \(outcome.version) (\(path); \(outcome.downloadedBytes) bytes downloaded)")
        } else {
            print("\(outcome.version) is the channel's latest and is installed; nothing changed")
        }
    }
}
