import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle publish`: add a bundle to a static update channel.
public struct PublishCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Add a bundle to a static update channel (plain files a CDN serves), all or nothing.",
        discussion: """
            The channel is plain files: packages/<sha256>/ holds one package each (the full bundle of every \
            version, and deltas into the new version from each of the last --keep versions), named by the SHA-256 \
            of its delta.json and never rewritten; index.json, the only file that changes, is the signed index \
            (sequence, expiry, versions, every package with its size). Packages are written first, index.json last; \
            upload in that order. Publishing the bundle that is already the latest changes nothing unless \
            --refresh is given; --refresh without --bundle re-signs the index with a new expiry (run it before the \
            index expires, or devices refuse it). An older bundle, or a version published before with other \
            content, is refused.
            """)

    @Option(help: ArgumentHelp("The bundle folder to publish (built with --signing-key and the same key); omit it with --refresh.", valueName: "dir"))
    var bundle: String?

    @Option(help: ArgumentHelp("The channel folder; created if missing.", valueName: "dir"))
    var channel: String

    @Option(help: ArgumentHelp("Make deltas from this many of the latest versions.", valueName: "n"))
    var keep = 3

    @Option(help: ArgumentHelp("The private key that signs index.json and the deltas.", valueName: "file"))
    var signingKey: String

    @Flag(help: "Re-sign index.json with a new sequence and expiry even when nothing else changes.")
    var refresh = false

    @Option(help: ArgumentHelp("Days until devices refuse the index unless it is refreshed.", valueName: "days"))
    var expiresIn = 35

    public init() {}

    public func validate() throws {
        guard keep >= 0 else { throw ValidationError("--keep \(keep) must be 0 or more") }
        guard expiresIn >= 1 else { throw ValidationError("--expires-in \(expiresIn) must be 1 or more") }
        guard bundle != nil || refresh else { throw ValidationError("give --bundle, or --refresh to re-sign the index") }
    }

    public func run() throws {
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        let result = try ChannelPublisher.publish(bundle: bundle.map { URL(fileURLWithPath: $0) }, channel: URL(fileURLWithPath: channel),
                                                  keep: keep, key: key, refresh: refresh, validity: TimeInterval(expiresIn) * 24 * 3600)
        if result.changed {
            let deltas = result.deltasFrom.isEmpty ? "no deltas" : "deltas from \(result.deltasFrom.joined(separator: ", "))"
            print("published \(result.version) (\(deltas)); index sequence \(result.sequence), expires \(result.expires)")
        } else {
            print("\(result.version) is already the latest; nothing changed")
        }
    }
}
