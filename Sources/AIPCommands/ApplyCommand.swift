import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle apply`: what the device does with an update package, from the command line.
public struct ApplyCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Verify an update package (a delta or a full bundle) and apply it to a bundle folder, all or nothing.",
        discussion: """
            Checks the signatures with --public-key, every payload's size and SHA-256, that the installed bundle is \
            the package's base (version and each file's content) and older than the target; applies each rows \
            payload to a copy in one transaction and checks every result's content hash; then switches the bundle \
            folder to the new files at once. Applying the version already installed changes nothing and succeeds. \
            On any failure the bundle folder is left exactly as it was, and the reason is printed.
            """)

    @Argument(help: ArgumentHelp("The update package folder (with delta.json).", valueName: "delta"))
    var package: String

    @Option(help: ArgumentHelp("The installed bundle folder to update (created for a full bundle).", valueName: "dir"))
    var bundle: String

    @Option(help: ArgumentHelp("The trusted public key (signing.pub).", valueName: "file"))
    var publicKey: String

    public init() {}

    public func run() throws {
        let key = try SigningPublicKey(fileAt: URL(fileURLWithPath: publicKey))
        let result = try BundleUpdater.apply(package: URL(fileURLWithPath: package), to: URL(fileURLWithPath: bundle), trustedKey: key)
        let files = result.files.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }.joined(separator: ", ")
        print(result.changed ? "\(result.fromVersion ?? "nothing") → \(result.toVersion): \(files)" : "\(result.toVersion) is installed already; nothing changed")
    }
}
