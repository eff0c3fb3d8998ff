import AIPDelta
import ArgumentParser
import Foundation

/// `aipbundle delta`: the update package from one bundle to a newer one.
public struct DeltaCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "delta",
        abstract: "Write the update package that brings one bundle to a newer one.",
        discussion: """
            Per file: the rows to delete and insert per table when an SQLite file's content changed, proved by \
            applying them to a copy of the old file; the whole file when the rows would be over half the size of the \
            compressed file, for JSON files, for new files and schema changes; nothing when unchanged. Payloads are \
            raw deflate (docs/delta-format.md). delta.json lists each file with its payload size and SHA-256 and the \
            logical hash it applies to, and is signed (delta.sig). The new bundle's manifest.json and manifest.sig go \
            in the package unchanged.
            """)

    @Option(help: ArgumentHelp("The installed (older) bundle folder.", valueName: "dir"))
    var from: String

    @Option(help: ArgumentHelp("The newer bundle folder.", valueName: "dir"))
    var to: String

    @Option(help: ArgumentHelp("The package folder to create (must not exist, or be empty).", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("Sign delta.json with this private key (the one that signed the newer bundle).", valueName: "file"))
    var signingKey: String

    public init() {}

    public func run() throws {
        let key = try SigningKey(fileAt: URL(fileURLWithPath: signingKey))
        let delta = try DeltaPackageWriter.write(from: URL(fileURLWithPath: from), to: URL(fileURLWithPath: to),
                                                 out: URL(fileURLWithPath: out), key: key)
        for (name, file) in delta.files.sorted(by: { $0.key < $1.key }) {
            let size = file.bytes.map { " \($0) bytes" } ?? ""
            FileHandle.standardError.write(Data("\(name): \(file.kind.rawValue)\(size)\n".utf8))
        }
    }
}
