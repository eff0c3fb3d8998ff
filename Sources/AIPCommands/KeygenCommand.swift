import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle keygen`: a new Ed25519 key pair for signing bundles, deltas and channels.
public struct KeygenCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair for signing bundles, deltas and update channels.",
        discussion: """
            Writes signing.key (the private key, mode 0600; keep it off devices and out of version control) and \
            signing.pub (the public key the app trusts) into --out, and prints the public key's fingerprint. \
            Existing keys are never overwritten.
            """)

    @Option(help: ArgumentHelp("The folder to write signing.key and signing.pub into; created if missing.", valueName: "dir"))
    var out: String

    public init() {}

    public func run() throws {
        let key = SigningKey()
        let files = try key.writePair(to: URL(fileURLWithPath: out))
        print("\(files.privateKey.path)\n\(files.publicKey.path)\nfingerprint \(key.publicKey.fingerprint)")
    }
}
