import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle update`: what an app's sync service does, from the command line (a server or CI keeping a copy of a
/// channel's bundle current uses it too).
public struct UpdateCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Bring a bundle folder to the latest version of an update channel, all or nothing.",
        discussion: """
            Fetches the channel's signed index.json and refuses it when it is not signed by --public-key, past its \
            expiry, or older than one seen before (kept in --work). Plans the fewest bytes to the latest version (a \
            chain of deltas, or the full bundle), downloads into --work (resuming what an interrupted run left, \
            with HTTP Range), verifies every signature and hash, and switches the bundle folder at once. A delta \
            that is gone or does not apply falls back to the full bundle. A run finds the folder current and \
            completes a switch a crash cut short. On failure the bundle folder is as it was. stdout gets one line: \
            the versions and the packages applied (or that nothing changed).

            \(CommandExit.help([
                (.success, "the bundle folder holds the channel's latest version (installed now, or already)"),
                (.failure, "the channel, its index or a package was refused (signature, expiry, rollback, hash), could not be reached, or the bundle folder could not be written; the bundle folder is unchanged"),
            ]))
            """)

    @Option(help: ArgumentHelp("The channel's root: an http(s) URL, or a folder.", valueName: "url"))
    var channel: String

    @Option(help: ArgumentHelp("The bundle folder to update (created on the first install).", valueName: "dir"))
    var bundle: String

    @OptionGroup var trust: PublicKeyOption<RequiredKey>

    @Option(help: ArgumentHelp("Downloads and the channel state (default: .<bundle name>.update beside the bundle folder).", valueName: "dir"))
    var work: String?

    @Flag(help: "Install the latest full bundle, whatever is installed.")
    var full = false

    @OptionGroup var adopt: AdoptFolderOption

    @OptionGroup var output: OutputOptions

    public init() {}

    public func validate() throws {
        if channel.contains("://"), URL(string: channel)?.host == nil {
            throw ValidationError("--channel \(channel) is not a URL such as https://cdn.example/channel")
        }
    }

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> UpdateResult {
        let key = try SigningPublicKey(fileAt: trust.file!)
        let bundleURL = URL(fileURLWithPath: bundle).standardizedFileURL
        let workURL = work.map { URL(fileURLWithPath: $0) }
            ?? bundleURL.deletingLastPathComponent().appendingPathComponent(".\(bundleURL.lastPathComponent).update")
        // validate() refused a URL without a host.
        let channelURL = channel.contains("://") ? URL(string: channel)! : URL(fileURLWithPath: channel, isDirectory: true)
        log.logger.debug("trusting the key of fingerprint \(key.fingerprint)")
        log.status("updating \(bundle) from \(channel)")
        let client = UpdateClient(channel: channelURL, bundle: bundleURL, work: workURL, trustedKey: key, adoptFolder: adopt.adoptFolder)
        return UpdateResult(bundle: bundle, outcome: try await client.update(path: full ? .fullBundle : .cheapest))
    }
}

/// What `update` reports: the versions before and after, and the packages applied on the way.
struct UpdateResult: CommandResult {
    struct Step: Encodable {
        /// The version a delta applied to; absent for a full bundle.
        var from: String?
        var to: String
        var bytes: Int
    }

    var bundle: String
    /// Absent when the folder held no bundle.
    var fromVersion: String?
    var version: String
    /// false when the latest version was installed already.
    var changed: Bool
    var steps: [Step]
    var downloadedBytes: Int

    enum CodingKeys: String, CodingKey {
        case bundle, version, changed, steps
        case fromVersion = "from_version"
        case downloadedBytes = "downloaded_bytes"
    }

    init(bundle: String, outcome: UpdateClient.Outcome) {
        self.bundle = bundle
        fromVersion = outcome.fromVersion
        version = outcome.version
        changed = outcome.changed
        steps = outcome.steps.map { Step(from: $0.from, to: $0.to, bytes: $0.bytes) }
        downloadedBytes = outcome.downloadedBytes
    }

    var line: String {
        guard changed else { return "\(version) is the channel's latest and is installed; nothing changed" }
        let path = steps.map { "\($0.from ?? "full") → \($0.to)" }.joined(separator: ", ")
        return "\(fromVersion ?? "nothing") → \(version) (\(path); \(downloadedBytes) bytes downloaded)"
    }
}
