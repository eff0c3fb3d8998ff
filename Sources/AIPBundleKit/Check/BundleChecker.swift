import AIPErrorText
import AIPManifest
import Foundation
import GRDB

/// Checks bundle files against the data contract, for every file the registry (``BundleFiles``) declares.
///
/// `check` never changes what it looks at: paths are examined with stat(2) before anything opens them, and an
/// SQLite file is opened read-only and immutable (no lock, no journal, no `-wal`/`-shm` beside it).
public enum BundleChecker {
    /// Checks a bundle folder (every registered file in it) or one file, recognised by its name.
    ///
    /// - Throws: `CheckError` when `path` does not exist, is not a file `check` knows, is not a regular file, or
    ///   cannot be read as the kind of file its name says. Inside a folder, such a file becomes a finding instead.
    public static func check(_ path: URL) throws -> [CheckFinding] {
        try check(path, files: BundleFiles.all)
    }

    /// ``check(_:)`` against another registry (tests use it to add a rule or a file kind).
    static func check(_ path: URL, files: [BundleFile]) throws -> [CheckFinding] {
        guard CheckedPath.exists(path) else { throw CheckError(.missing, "\(path.path) does not exist") }
        let known = { files.map(\.name).joined(separator: ", ") }
        let named = files.first { $0.name == path.lastPathComponent }
        guard CheckedPath.isDirectory(path), named == nil else {
            guard let named else { throw CheckError(.notABundle, "\(path.lastPathComponent): not a bundle file check knows (\(known()))") }
            return try checkFile(path, as: named)
        }
        let present = files.filter { CheckedPath.exists(path.appendingPathComponent($0.name)) }
        guard !present.isEmpty else {
            throw CheckError(.notABundle, "\(path.path) is not a bundle: it holds no bundle file (expected \(known())); give the --out folder of `aipbundle build`")
        }
        let contents = present.flatMap { file in
            do {
                return try checkFile(path.appendingPathComponent(file.name), as: file)
            } catch {
                return [CheckFinding(file: file.name, code: .checkUnreadableFile, message: ErrorText.reason(error))]
            }
        }
        return contents + manifestFindings(path, present: present.map(\.name))
    }

    /// The folder's files against its `manifest.json`: every listed file unaltered, every bundle file listed.
    /// A folder published by `build` always has one, so a missing manifest is a finding too.
    static func manifestFindings(_ folder: URL, present: [String]) -> [CheckFinding] {
        var findings = ManifestVerifier.verify(folder: folder)
        // An unreadable manifest is already a finding of `verify`; without one there is no list to compare with.
        if let manifest = try? Manifest(contentsOf: folder.appendingPathComponent(Manifest.fileName)) {
            for name in present where manifest.files[name] == nil {
                findings.append(CheckFinding(file: name, code: .checkNotInManifest, message: "is not listed in \(Manifest.fileName); it does not belong to this bundle"))
            }
        }
        return findings
    }

    /// Checks the file at `url` as the registered `file`, whatever `url` is called (a staged copy, a link).
    ///
    /// - Throws: `CheckError` when `url` is not a readable regular file of that kind.
    public static func checkFile(_ url: URL, as file: BundleFile) throws -> [CheckFinding] {
        switch file.kind {
        case let .sqlite(schema, invariants):
            return try SQLiteFileCheck.run(url, as: file.name, schema: schema, invariants: invariants)
        case let .json(validate):
            return validate(try CheckedPath.contents(url, expected: "a JSON file")).map { CheckFinding(file: file.name, code: .checkJSONContract, message: $0) }
        }
    }

    /// How the schema of `reference` differs from that of `path` (a bundle folder's airports.db, or one file),
    /// each difference marked as a known 0.13 addition or not.
    public static func compareSchema(_ path: URL, reference: URL) throws -> [SchemaDifference] {
        let name = CheckedPath.isDirectory(path) ? BundleFiles.airports.name : path.lastPathComponent
        let file = CheckedPath.isDirectory(path) ? path.appendingPathComponent(name) : path
        guard CheckedPath.exists(file) else { throw CheckError(.missing, "\(file.path) does not exist") }
        guard let registered = BundleFiles.named(name), case let .sqlite(schema, _) = registered.kind else {
            throw CheckError(.notABundle, "\(name): not an SQLite bundle file check knows")
        }
        let ours = try SQLiteFileCheck.openImmutable(file).read(SchemaSnapshot.read)
        let theirs = try SQLiteFileCheck.openImmutable(reference).read(SchemaSnapshot.read)
        return SchemaSnapshot.differences(actual: theirs, expected: ours, schema: schema)
    }
}
