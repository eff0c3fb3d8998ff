import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle keygen`: a new Ed25519 key pair for signing bundles, deltas and channels.
public struct KeygenCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make an Ed25519 key pair for signing bundles, deltas and update channels.",
        discussion: """
            Writes signing.key (the private key, mode 0600; keep it off devices and out of version control) and \
            signing.pub (the public key the app trusts) into --out; stdout gets one line naming both and the public \
            key's fingerprint. Existing keys are never overwritten.

            \(CommandExit.help([
                (.success, "the key pair was written"),
                (.failure, "a key file exists already, or --out cannot be written"),
            ]))
            """)

    @Option(help: ArgumentHelp("The folder to write signing.key and signing.pub into; created if missing.", valueName: "dir"))
    var out: String

    @OptionGroup var output: OutputOptions

    public init() {}

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> KeygenResult {
        try PathCheck.folderOrNothing(out, role: "--out, the folder for the key pair")
        let key = SigningKey()
        let files = try key.writePair(to: URL(fileURLWithPath: out))
        return KeygenResult(privateKey: files.privateKey.path, publicKey: files.publicKey.path, fingerprint: key.publicKey.fingerprint)
    }
}

/// What `keygen` reports: the two files and the public key's fingerprint.
struct KeygenResult: CommandResult {
    var privateKey: String
    var publicKey: String
    var fingerprint: String

    enum CodingKeys: String, CodingKey {
        case fingerprint
        case privateKey = "private_key"
        case publicKey = "public_key"
    }

    var line: String { "wrote \(privateKey) and \(publicKey) (fingerprint \(fingerprint))" }
}
