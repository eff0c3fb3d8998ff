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
        return verify(manifest, folder: folder, files: files)
    }

    /// The findings for the files `manifest` lists in `folder`; see ``verify(folder:requireManifest:files:)``.
    /// - Parameter exactBytes: whether each file must have exactly the recorded bytes, whose content is then hashed
    ///   too (a bundle about to be published: a full package ships those bytes, and a device checks a patched
    ///   file against the recorded logical hash, so a manifest whose logical hash is not its file's is a finding);
    ///   false accepts other bytes of the same content (an installed bundle a delta patched).
    public static func verify(_ manifest: Manifest, folder: URL, files: Set<String>? = nil, exactBytes: Bool = false) -> [CheckFinding] {
        let names: [PathName]
        do {
            names = try manifest.fileNames()
        } catch {
            return [CheckFinding(file: Manifest.fileName, code: .checkManifestUnusable, message: "lists \(error)")]
        }
        return names.filter { files?.contains($0.text) ?? true }.flatMap { name in
            verify(name.text, expected: manifest.files[name.text]!, at: folder.appending(name), exactBytes: exactBytes)
        }
    }

    private static func verify(_ name: String, expected: ManifestFile, at url: URL, exactBytes: Bool) -> [CheckFinding] {
        guard FileManager.default.fileExists(atPath: url.path) else {
            return [CheckFinding(file: name, code: .checkManifestMismatch, message: "is listed in \(Manifest.fileName) but missing")]
        }
        let digest: FileDigest
        do {
            digest = try FileDigest(fileAt: url)
        } catch {
            return [CheckFinding(file: name, code: .checkUnreadableFile, message: ErrorText.reason(error))]
        }
        let sameBytes = digest.bytes == expected.bytes && digest.sha256 == expected.sha256
        if sameBytes && !exactBytes {
            return []
        }
        var message = sameBytes ? "has the bytes \(Manifest.fileName) records"
            : "bytes differ from \(Manifest.fileName) (\(digest.bytes) bytes, sha256 \(short(digest.sha256)); "
                + "expected \(expected.bytes) bytes, sha256 \(short(expected.sha256)))"
        let actual: ManifestFile
        do {
            actual = try ManifestFile(fileAt: url, kind: expected.kind, digest: digest)
        } catch {
            return [CheckFinding(file: name, code: .checkManifestMismatch, message: message + "; its content cannot be read: \(ErrorText.reason(error))")]
        }
        if actual.logicalSHA256 == expected.logicalSHA256 {
            return sameBytes || !exactBytes ? [] : [CheckFinding(file: name, code: .checkManifestMismatch, message: message + " (its content is the same, but these are not the bytes the manifest records)")]
        }
        message += sameBytes ? " but not its content (logical hash \(short(actual.logicalSHA256)), \(Manifest.fileName) says \(short(expected.logicalSHA256)))"
            : "; its content differs too (logical hash \(short(actual.logicalSHA256)), expected \(short(expected.logicalSHA256)))"
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
