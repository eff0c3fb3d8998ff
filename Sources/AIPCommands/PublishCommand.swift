import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle publish`: add a bundle to a static update channel.
public struct PublishCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Add a bundle to a static update channel (plain files a CDN serves), all or nothing.",
        discussion: """
            The channel holds the full bundle of every published version (bundles/<version>/, xz payloads), deltas \
            from each of the last --keep versions to the newest (deltas/<newest>/from-<version>/), and index.json \
            (signed: index.sig) naming the latest version and, for every older version, the package to fetch. \
            Publishing the bundle that is already the latest changes nothing; an older bundle, or a version \
            published before with other content, is refused.
            """)

    @Option(help: ArgumentHelp("The bundle folder to publish (built with --signing-key and the same key).", valueName: "dir"))
    var bundle: String

    @Option(help: ArgumentHelp("The channel folder; created if missing.", valueName: "dir"))
    var channel: String

    @Option(help: ArgumentHelp("Make deltas from this many of the latest versions.", valueName: "n"))
    var keep = 3

    @Option(help: ArgumentHelp("The private key that signs index.json and the deltas.", valueName: "file"))
    var signingKey: String

    public init() {}

    public func validate() throws {
        guard keep >= 0 else { throw ValidationError("--keep \(keep) must be 0 or more") }
    }

    public func run() throws {
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        let result = try ChannelPublisher.publish(bundle: URL(fileURLWithPath: bundle), channel: URL(fileURLWithPath: channel),
                                                  keep: keep, key: key)
        if result.changed {
            let deltas = result.deltasFrom.isEmpty ? "no deltas" : "deltas from \(result.deltasFrom.joined(separator: ", "))"
            print("published \(result.version) (\(deltas))")
        } else {
            print("\(result.version) is already the latest; nothing changed")
        }
    }
}
