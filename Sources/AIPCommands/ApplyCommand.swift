import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle apply`: what the device does with an update package, from the command line.
public struct ApplyCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Verify an update package (a delta or a full bundle) and apply it to a bundle folder, all or nothing.",
        discussion: """
            Checks the signatures with --public-key, every payload's size and SHA-256, that the installed bundle is \
            the package's base (version and each file's content) and older than the target; applies each rows \
            payload to a copy in one transaction and checks every result's content hash; then switches the bundle \
            folder to the new files at once. Applying the version already installed changes nothing and succeeds. \
            On any failure the bundle folder is left exactly as it was, and the reason is printed. stdout gets one \
            line: the versions, the bundle folder and how each file was obtained.

            \(CommandExit.help([
                (.success, "the bundle folder now holds the package's version (or already did)"),
                (.failure, "the package was refused (signature, hash, base, not newer, damaged), the bundle folder holds files aipbundle did not write (without --adopt-folder), or it could not be applied; the bundle folder is unchanged"),
            ]))
            """)

    @Argument(help: ArgumentHelp("The update package folder (with delta.json).", valueName: "delta"))
    var package: String

    @Option(help: ArgumentHelp("The installed bundle folder to update (created for a full bundle).", valueName: "dir"))
    var bundle: String

    @OptionGroup var trust: PublicKeyOption<RequiredKey>

    @OptionGroup var adopt: AdoptFolderOption

    @OptionGroup var output: OutputOptions

    public init() {}

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> ApplyResult {
        try PathCheck.existingFolder(package, role: "the update package", fix: "give the folder `aipbundle delta` wrote, or a channel's bundles/<version>")
        // Checked here: the updater compares versions before it opens the folder, and would call a file "no bundle".
        try PathCheck.folderOrNothing(bundle, role: "--bundle, the installed bundle")
        let key = try SigningPublicKey(fileAt: trust.file!)
        log.logger.debug("trusting the key of fingerprint \(key.fingerprint)")
        log.status("applying \(package) to \(bundle)")
        let result = try BundleUpdater.apply(package: URL(fileURLWithPath: package), to: URL(fileURLWithPath: bundle), trustedKey: key,
                                               adoptFolder: adopt.adoptFolder)
        return ApplyResult(bundle: bundle, result: result)
    }
}

/// What `apply` reports: the versions before and after, and how each file of the new bundle was obtained.
struct ApplyResult: CommandResult {
    var bundle: String
    /// Absent when the folder held no bundle (a full bundle installed).
    var fromVersion: String?
    var toVersion: String
    /// false when the package's version was installed already: nothing changed.
    var changed: Bool
    var files: [String: String]

    enum CodingKeys: String, CodingKey {
        case bundle, files, changed
        case fromVersion = "from_version"
        case toVersion = "to_version"
    }

    init(bundle: String, result: BundleUpdater.Result) {
        self.bundle = bundle
        fromVersion = result.fromVersion
        toVersion = result.toVersion
        changed = result.changed
        files = result.files.mapValues(\.rawValue)
    }

    var line: String {
        guard changed else { return "\(toVersion) is installed in \(bundle) already; nothing changed" }
        let files = files.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let change = fromVersion.map { "updated \(bundle) from \($0) to \(toVersion)" } ?? "installed \(toVersion) in \(bundle)"
        return change + ": " + files
    }
}
