import AIPErrorText
import Foundation

/// Checks a bundle folder against its manifest.json: every listed file present, with the recorded content.
///
/// Files in the folder that the manifest does not list are not looked at. Symbolic links are followed (a bundle
/// folder may link its files into a hidden versioned subfolder).
public enum ManifestVerifier {
    /// The findings for `folder`; empty when every listed file matches.
    ///
    /// A file whose SHA-256 matches needs nothing more. One whose bytes differ is hashed logically as well: the
    /// same content is no finding, because that is what a device holds after applying a delta (a patched database
    /// has other pages than the published one) and what a VACUUM leaves; other content is a finding, with one more
    /// per table whose row count differs.
    ///
    /// - Parameters:
    ///   - requireManifest: whether a folder without manifest.json is a finding (the default) or passes;
    ///     the caller decides whether such a folder is acceptable. An unreadable manifest is always a finding.
    ///   - files: only these listed files are verified (a build checking the files it carries over); nil for all.
    public static func verify(folder: URL, requireManifest: Bool = true, files: Set<String>? = nil) -> [CheckFinding] {
        let url = folder.appendingPathComponent(Manifest.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return requireManifest ? [CheckFinding(file: Manifest.fileName, code: .checkManifestUnusable, message: "is missing")] : []
        }
        let manifest: Manifest
        do {
            manifest = try Manifest(contentsOf: url)
        } catch {
            return [CheckFinding(file: Manifest.fileName, code: .checkManifestUnusable, message: "cannot be used: \(ErrorText.reason(error))")]
        }
        let names = manifest.files.keys.filter { files?.contains($0) ?? true }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.flatMap { name in
            verify(name, expected: manifest.files[name]!, in: folder)
        }
    }

    private static func verify(_ name: String, expected: ManifestFile, in folder: URL) -> [CheckFinding] {
        guard Manifest.isPlainFileName(name) else {
            return [CheckFinding(file: Manifest.fileName, code: .checkManifestUnusable, message: "lists \"\(name)\", which is not a plain file name")]
        }
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return [CheckFinding(file: name, code: .checkManifestMismatch, message: "is listed in \(Manifest.fileName) but missing")]
        }
        let digest: FileDigest
        do {
            digest = try FileDigest(fileAt: url)
        } catch {
            return [CheckFinding(file: name, code: .checkUnreadableFile, message: ErrorText.reason(error))]
        }
        if digest.bytes == expected.bytes && digest.sha256 == expected.sha256 {
            return []
        }
        var message = "bytes differ from \(Manifest.fileName) (\(digest.bytes) bytes, sha256 \(short(digest.sha256)); "
            + "expected \(expected.bytes) bytes, sha256 \(short(expected.sha256)))"
        let actual: ManifestFile
        do {
            actual = try ManifestFile(fileAt: url, kind: expected.kind, digest: digest)
        } catch {
            return [CheckFinding(file: name, code: .checkManifestMismatch, message: message + "; its content cannot be read: \(ErrorText.reason(error))")]
        }
        if actual.logicalSHA256 == expected.logicalSHA256 { return [] }
        message += "; its content differs too (logical hash \(short(actual.logicalSHA256)), expected \(short(expected.logicalSHA256)))"
        return [CheckFinding(file: name, code: .checkManifestMismatch, message: message)]
            + rowCountFindings(name, actual: actual.tables ?? [:], expected: expected.tables ?? [:])
    }

    private static func rowCountFindings(_ name: String, actual: [String: Int], expected: [String: Int]) -> [CheckFinding] {
        Set(actual.keys).union(expected.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { table in
            switch (actual[table], expected[table]) {
            case let (count?, listed?) where count != listed:
                return CheckFinding(file: name, table: table, code: .checkManifestMismatch, message: "has \(rows(count)), \(Manifest.fileName) says \(listed)")
            case let (nil, listed?):
                return CheckFinding(file: name, table: table, code: .checkManifestMismatch, message: "is missing (\(Manifest.fileName) says \(rows(listed)))")
            case let (count?, nil):
                return CheckFinding(file: name, table: table, code: .checkManifestMismatch, message: "is not in \(Manifest.fileName) (\(rows(count)))")
            default:
                return nil
            }
        }
    }

    /// The first 12 hexadecimal digits of a hash, enough to tell two apart in a message.
    private static func short(_ hash: String) -> String { String(hash.prefix(12)) }

    private static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}
