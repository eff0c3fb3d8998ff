import AIPBundleFolder
import AIPErrorText
import AIPManifest
import AIPUpdate
import Crypto
import Foundation

/// Writes update packages: a delta between two bundles, or a full bundle (a package with no base).
///
/// For each file of the new bundle: unchanged when its logical hash is the old one's; for an SQLite file the old
/// bundle has, the changeset from the session extension, xz-compressed — proved by applying it to a copy of the
/// old file and comparing the logical hash — unless it is more than half the size of the compressed full file;
/// otherwise (a JSON file, a new file, a schema change) the whole file, xz-compressed. The package also holds the
/// new bundle's `manifest.json` and `manifest.sig` unchanged, and `delta.json` (signed as `delta.sig` when a key
/// is given).
public enum DeltaPackageWriter {
    /// Writes the package that brings the bundle in `old` (nil: none, so a full bundle) to the one in `new`
    /// into the new folder `out`, which must not exist or be empty; it appears whole or not at all.
    @discardableResult
    public static func write(from old: URL?, to new: URL, out: URL, key: SigningKey?) throws -> DeltaManifest {
        if let contents = try? FileManager.default.contentsOfDirectory(atPath: out.path), !contents.isEmpty {
            throw DeltaError("\(out.path) is not empty; give a new folder for the package")
        }
        let newFolder = try bundleContents(new, role: "the new bundle")
        let (newManifestData, newManifest) = try manifest(of: new, in: newFolder, role: "the new bundle")
        var oldFolder: URL?
        var oldManifest: Manifest?
        if let old {
            let folder = try bundleContents(old, role: "the old bundle")
            (oldFolder, oldManifest) = (folder, try manifest(of: old, in: folder, role: "the old bundle").manifest)
        }
        if let oldManifest, !BundleVersionOrder.isNewer(newManifest, than: oldManifest) {
            throw DeltaError("the new bundle (\(newManifest.bundleVersion), AIRAC \(newManifest.airac.cycle)) is not newer than the old one (\(oldManifest.bundleVersion), AIRAC \(oldManifest.airac.cycle)); a device would refuse the delta. Build the newer bundle with a later --airac, or within AIRAC \(oldManifest.airac.cycle) with a --bundle-version after \(oldManifest.bundleVersion) (e.g. \(oldManifest.bundleVersion).1)")
        }
        if let key, newManifest.signing?.publicKeyFingerprint != key.publicKey.fingerprint {
            throw DeltaError("the new bundle's \(Manifest.fileName) is not signed by this key; build it with --signing-key and the same key")
        }

        let temporary = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).tmp-\(UUID().uuidString.lowercased())")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw DeltaError("cannot create the package folder \(out.path): \(ErrorText.reason(error))")
        }
        do {
            var files: [String: DeltaFile] = [:]
            for (name, entry) in newManifest.files.sorted(by: { $0.key < $1.key }) {
                files[name] = try packFile(name, entry, old: oldFolder, oldEntry: oldManifest?.files[name], new: newFolder, into: temporary)
            }
            try newManifestData.write(to: temporary.appendingPathComponent(Manifest.fileName))
            let signature = newFolder.appendingPathComponent(Manifest.signatureFileName)
            if FileManager.default.fileExists(atPath: signature.path) {
                try FileManager.default.copyItem(at: signature, to: temporary.appendingPathComponent(Manifest.signatureFileName))
            }
            let delta = DeltaManifest(fromVersion: oldManifest?.bundleVersion, toVersion: newManifest.bundleVersion,
                                      targetManifestSHA256: SHA256.hash(data: newManifestData).lowercaseHex, files: files,
                                      signing: key?.signing)
            let deltaData = try delta.jsonData()
            try deltaData.write(to: temporary.appendingPathComponent(DeltaManifest.fileName))
            if let key {
                try key.signatureText(for: deltaData).write(to: temporary.appendingPathComponent(DeltaManifest.signatureName))
            }
            try moveIntoPlace(temporary, out)
            return delta
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            guard error is DeltaError || error is UpdateError else {
                throw DeltaError("cannot write the package into \(out.path): \(ErrorText.sentence(error))")
            }
            throw error
        }
    }

    private static func packFile(_ name: String, _ entry: ManifestFile, old: URL?, oldEntry: ManifestFile?, new: URL, into package: URL) throws -> DeltaFile {
        if let oldEntry, oldEntry.kind == entry.kind, oldEntry.logicalSHA256 == entry.logicalSHA256 {
            return DeltaFile(kind: .unchanged, baseLogicalSHA256: oldEntry.logicalSHA256, targetLogicalSHA256: entry.logicalSHA256)
        }
        let newFile = new.appendingPathComponent(name)
        let whole = try Data(contentsOf: newFile)
        let full = try XZ.compress(whole)
        if let old, let oldEntry, entry.kind == .sqlite, oldEntry.kind == .sqlite,
           let changeset = try provenChangeset(from: old.appendingPathComponent(name), to: newFile, expected: entry.logicalSHA256) {
            let compressed = try XZ.compress(changeset.data)
            if compressed.count <= full.count / 2 {
                return try store(compressed, as: "\(name).changeset.xz", in: package, file: DeltaFile(
                    kind: .changeset, uncompressedBytes: changeset.data.count, baseLogicalSHA256: oldEntry.logicalSHA256,
                    targetLogicalSHA256: entry.logicalSHA256, sequence: changeset.sequence))
            }
        }
        return try store(full, as: "\(name).xz", in: package, file: DeltaFile(
            kind: .full, uncompressedBytes: whole.count, baseLogicalSHA256: nil, targetLogicalSHA256: entry.logicalSHA256))
    }

    /// The changeset from `old` to `new`, applied to a scratch copy of `old` to prove it produces `expected`;
    /// nil when there is none or it does not (the file then ships whole).
    private static func provenChangeset(from old: URL, to new: URL, expected: String) throws -> (data: Data, sequence: [String: Int64]?)? {
        guard let changeset = try ChangesetDiff.changeset(from: old, to: new) else { return nil }
        let sequence = try ChangesetDiff.sequence(of: new)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-delta-\(UUID().uuidString.lowercased()).db")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: old, to: scratch)
        do {
            try ChangesetApplier.apply(changeset, sequence: sequence, to: scratch, name: new.lastPathComponent)
        } catch {
            return nil
        }
        return try SQLiteContentHash(fileAt: scratch).sha256 == expected ? (changeset, sequence) : nil
    }

    private static func store(_ payload: Data, as payloadName: String, in package: URL, file: DeltaFile) throws -> DeltaFile {
        try payload.write(to: package.appendingPathComponent(payloadName))
        var stored = file
        stored.payload = payloadName
        stored.bytes = payload.count
        stored.sha256 = SHA256.hash(data: payload).lowercaseHex
        return stored
    }

    /// The folder holding a bundle's files (its `.aipbundle/current`, or the folder itself), with a manifest.
    static func bundleContents(_ url: URL, role: String) throws -> URL {
        guard let folder = BundleFolder.currentContents(of: url),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path) else {
            throw DeltaError("\(url.path) (\(role)) is not a bundle folder with a \(Manifest.fileName)")
        }
        return folder
    }

    /// The bytes and the manifest of the bundle `bundle` whose files are in `folder` (``bundleContents(_:role:)``).
    /// - Throws: `DeltaError` naming the file and the fix when it cannot be read or is not a manifest.
    static func manifest(of bundle: URL, in folder: URL, role: String) throws -> (data: Data, manifest: Manifest) {
        do {
            let data = try Data(contentsOf: folder.appendingPathComponent(Manifest.fileName))
            return (data, try Manifest(jsonData: data))
        } catch {
            throw DeltaError("\(bundle.appendingPathComponent(Manifest.fileName).path) (\(role)): \(ErrorText.reason(error)); "
                             + "the bundle is damaged: build it again (aipbundle build)")
        }
    }

    /// Renames the finished package to `out`; an existing empty `out` is replaced, anything else is refused.
    private static func moveIntoPlace(_ temporary: URL, _ out: URL) throws {
        if let contents = try? FileManager.default.contentsOfDirectory(atPath: out.path) {
            guard contents.isEmpty else { throw DeltaError("\(out.path) is not empty; give a new folder for the package") }
            try FileManager.default.removeItem(at: out)
        }
        try FileManager.default.moveItem(at: temporary, to: out)
    }
}
