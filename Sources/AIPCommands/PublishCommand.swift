import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle publish`: add a bundle to a static update channel.
public struct PublishCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Add a bundle to a static update channel (plain files a CDN serves), all or nothing.",
        discussion: """
            The channel is plain files: packages/<sha256>/ holds one package each (the full bundles of the last \
            --keep versions, and deltas into the new version from each of them), named by the SHA-256 of its \
            delta.json and never rewritten; index.json, the only file that changes, is the signed index (sequence, \
            at least the Unix time; expiry; versions; every package with its size). Packages are written first, \
            index.json next, and the packages publish made that no --keep version needs any more are deleted last; \
            upload in that order. A package folder already there that does not hold exactly the package's bytes \
            (an upload cut short) is made again; files publish did not make are never deleted. Publishing the \
            bundle that is already the latest changes nothing unless --refresh is given; --refresh without --bundle re-signs the index with a new expiry (run it before the \
            index expires, or devices refuse it). The bundle is verified before the channel is touched: every file \
            with the bytes and content its manifest.json records, manifest.sig the key's signature of it; an edited \
            or badly signed bundle is refused. An older bundle, or a version published before with other content, \
            is refused; so is a version or a file name that is not a safe path name. Two publishes to one channel \
            do not interleave: the second is refused while the first holds the channel. stdout gets one line: the \
            version, the channel and the deltas made.

            \(CommandExit.help([
                (.success, "the bundle is the channel's latest (published now, or already)"),
                (.failure, "refused (files not as the manifest records, not signed by the key, not newer, version taken, another publish running) or the channel could not be written; the channel is unchanged"),
            ]))
            """)

    @Option(help: ArgumentHelp("The bundle folder to publish (built with --signing-key and the same key); omit it with --refresh.", valueName: "dir"))
    var bundle: String?

    @Option(help: ArgumentHelp("The channel folder; created if missing.", valueName: "dir"))
    var channel: String

    @Option(help: ArgumentHelp("Make deltas from this many of the latest versions, and keep their full bundles to make the next deltas from; other packages publish made are deleted.", valueName: "n"))
    var keep = 3

    @Option(help: ArgumentHelp("The private key that signs index.json and the deltas.", valueName: "file"))
    var signingKey: String

    @Flag(help: "Re-sign index.json with a new sequence and expiry even when nothing else changes (no package is deleted).")
    var refresh = false

    @Option(help: ArgumentHelp("Days until devices refuse the index unless it is refreshed.", valueName: "days"))
    var expiresIn = 35

    @OptionGroup var output: OutputOptions

    public init() {}

    public func validate() throws {
        guard keep >= 0 else { throw ValidationError("--keep \(keep) must be 0 or more") }
        guard expiresIn >= 1 else { throw ValidationError("--expires-in \(expiresIn) must be 1 or more") }
        guard bundle != nil || refresh else { throw ValidationError("give --bundle, or --refresh to re-sign the index") }
    }

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> PublishResult {
        if let bundle { try PathCheck.existingFolder(bundle, role: "--bundle, the bundle to publish", fix: "give the --out folder of `aipbundle build`") }
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        log.logger.debug("signing with the key of fingerprint \(key.publicKey.fingerprint); deltas from the last \(keep) versions")
        log.status("publishing \(bundle ?? "the index") to \(channel)")
        let result = try ChannelPublisher.publish(bundle: bundle.map { URL(fileURLWithPath: $0) }, channel: URL(fileURLWithPath: channel),
                                                  keep: keep, key: key, refresh: refresh, validity: TimeInterval(expiresIn) * 24 * 3600)
        return PublishResult(channel: channel, result: result)
    }
}

/// What `publish` reports: the version, whether the channel changed, and the versions that got a delta.
struct PublishResult: CommandResult {
    var channel: String
    var version: String
    var changed: Bool
    var deltasFrom: [String]
    /// The signed index's sequence number and expiry (ISO 8601).
    var sequence: Int
    var expires: String

    enum CodingKeys: String, CodingKey {
        case channel, version, changed, sequence, expires
        case deltasFrom = "deltas_from"
    }

    init(channel: String, result: ChannelPublisher.Result) {
        self.channel = channel
        version = result.version
        changed = result.changed
        deltasFrom = result.deltasFrom
        sequence = result.sequence
        expires = result.expires
    }

    var line: String {
        guard changed else { return "\(version) is already the latest in \(channel); nothing changed" }
        let deltas = deltasFrom.isEmpty ? "no deltas" : "deltas from \(deltasFrom.joined(separator: ", "))"
        return "published \(version) to \(channel) (\(deltas)); index sequence \(sequence), expires \(expires)"
    }
}
