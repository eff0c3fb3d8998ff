import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle publish`: add a bundle to a static update channel.
public struct PublishCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Add a bundle to a static update channel (plain files a CDN serves), all or nothing.",
        discussion: """
            The channel holds the full bundle of every published version (bundles/<version>/, xz payloads), deltas \
            from each of the last --keep versions to the newest (deltas/<newest>/from-<version>/), and index.json \
            (signed: index.sig) naming the latest version and, for every older version, the package to fetch. \
            Publishing the bundle that is already the latest changes nothing; an older bundle, or a version \
            published before with other content, is refused. stdout gets one line: the version, the channel and \
            the deltas made.

            \(CommandExit.help([
                (.success, "the bundle is the channel's latest (published now, or already)"),
                (.failure, "refused (not signed by the key, not newer, version taken) or the channel could not be written; the channel is unchanged"),
            ]))
            """)

    @Option(help: ArgumentHelp("The bundle folder to publish (built with --signing-key and the same key).", valueName: "dir"))
    var bundle: String

    @Option(help: ArgumentHelp("The channel folder; created if missing.", valueName: "dir"))
    var channel: String

    @Option(help: ArgumentHelp("Make deltas from this many of the latest versions.", valueName: "n"))
    var keep = 3

    @Option(help: ArgumentHelp("The private key that signs index.json and the deltas.", valueName: "file"))
    var signingKey: String

    @OptionGroup var output: OutputOptions

    public init() {}

    public func validate() throws {
        guard keep >= 0 else { throw ValidationError("--keep \(keep) must be 0 or more") }
    }

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> PublishResult {
        try PathCheck.existingFolder(bundle, role: "--bundle, the bundle to publish", fix: "give the --out folder of `aipbundle build`")
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        log.logger.debug("signing with the key of fingerprint \(key.publicKey.fingerprint); deltas from the last \(keep) versions")
        log.status("publishing \(bundle) to \(channel)")
        let result = try ChannelPublisher.publish(bundle: URL(fileURLWithPath: bundle), channel: URL(fileURLWithPath: channel),
                                                  keep: keep, key: key)
        return PublishResult(channel: channel, result: result)
    }
}

/// What `publish` reports: the version, whether the channel changed, and the versions that got a delta.
struct PublishResult: CommandResult {
    var channel: String
    var version: String
    var changed: Bool
    var deltasFrom: [String]

    enum CodingKeys: String, CodingKey {
        case channel, version, changed
        case deltasFrom = "deltas_from"
    }

    init(channel: String, result: ChannelPublisher.Result) {
        self.channel = channel
        version = result.version
        changed = result.changed
        deltasFrom = result.deltasFrom
    }

    var line: String {
        guard changed else { return "\(version) is already the latest in \(channel); nothing changed" }
        let deltas = deltasFrom.isEmpty ? "no deltas" : "deltas from \(deltasFrom.joined(separator: ", "))"
        return "published \(version) to \(channel) (\(deltas))"
    }
}
