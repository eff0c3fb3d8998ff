import AIPDelta
import AIPUpdate
import ArgumentParser
import Foundation

/// `aipbundle delta`: the update package from one bundle to a newer one.
public struct DeltaCommand: AsyncParsableCommand, ReportingCommand {
    public static let configuration = CommandConfiguration(
        commandName: "delta",
        abstract: "Write the update package that brings one bundle to a newer one.",
        discussion: """
            Per file: the rows to delete and insert per table when an SQLite file's content changed, proved by \
            applying them to a copy of the old file; the whole file when the rows would be over half the size of the \
            compressed file, for JSON files, for new files and schema changes; nothing when unchanged. Payloads are \
            raw deflate (docs/delta-format.md). delta.json lists each file with its payload size and SHA-256 and the \
            logical hash it applies to, and is signed (delta.sig). The new bundle's manifest.json and manifest.sig go \
            in the package unchanged. Both bundles are verified before they are read: the newer one must have \
            exactly the files its manifest.json records and manifest.sig signed by the key, the older one the content \
            its manifest records. The newer bundle must have a later AIRAC cycle, or the same cycle and a \
            greater version. Each file goes to stderr; stdout gets one line naming the versions and the package.

            \(CommandExit.help([
                (.success, "the package was written"),
                (.failure, "no package: a folder is not a bundle or does not match its manifest, the new bundle is not newer, --out is not empty, the key does not sign the new bundle"),
            ]))
            """)

    @Option(help: ArgumentHelp("The installed (older) bundle folder.", valueName: "dir"))
    var from: String

    @Option(help: ArgumentHelp("The newer bundle folder.", valueName: "dir"))
    var to: String

    @Option(help: ArgumentHelp("The package folder to create (must not exist, or be empty).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Sign delta.json with this private key (the one that signed the newer bundle).", valueName: "file"))
    var signingKey: String

    @OptionGroup var output: OutputOptions

    public init() {}

    public func run() async throws {
        try await report()
    }

    func execute(_ log: CommandLog) async throws -> DeltaResult {
        try PathCheck.existingFolder(from, role: "--from, the older bundle", fix: "give the folder of the installed bundle")
        try PathCheck.existingFolder(to, role: "--to, the newer bundle", fix: "give the folder of the newer bundle")
        try PathCheck.folderOrNothing(out, role: "--out, the package folder")
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        log.logger.debug("signing with the key of fingerprint \(key.publicKey.fingerprint)")
        log.status("writing the update package from \(from) to \(to)")
        let delta = try DeltaPackageWriter.write(from: URL(fileURLWithPath: from), to: URL(fileURLWithPath: to),
                                                 out: URL(fileURLWithPath: out), key: key)
        for (name, file) in delta.files.sorted(by: { $0.key < $1.key }) {
            log.logger.info("\(name): \(file.kind.rawValue)\(file.bytes.map { " \($0) bytes" } ?? "")")
        }
        return DeltaResult(out: out, delta: delta)
    }
}

/// What `delta` reports: the versions, the package folder, and how each file travels.
struct DeltaResult: CommandResult {
    struct File: Encodable {
        var kind: String
        /// The payload's size; absent for an unchanged file.
        var bytes: Int?
    }

    var out: String
    var fromVersion: String?
    var toVersion: String
    var files: [String: File]

    enum CodingKeys: String, CodingKey {
        case out, files
        case fromVersion = "from_version"
        case toVersion = "to_version"
    }

    init(out: String, delta: DeltaManifest) {
        self.out = out
        fromVersion = delta.fromVersion
        toVersion = delta.toVersion
        files = delta.files.mapValues { File(kind: $0.kind.rawValue, bytes: $0.bytes) }
    }

    var line: String {
        let kinds = Dictionary(grouping: files.values, by: \.kind).sorted { $0.key < $1.key }.map { "\($0.value.count) \($0.key)" }
        let bytes = files.values.reduce(0) { $0 + ($1.bytes ?? 0) }
        return "wrote the signed update package \(fromVersion ?? "nothing") → \(toVersion) in \(out): "
            + kinds.joined(separator: ", ") + ", \(bytes) bytes of payload"
    }
}
