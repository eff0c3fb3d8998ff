import AIPBundleFolder
import AIPErrorText
import AIPManifest
import AIPUpdate
import Crypto
import Foundation

/// Writes update packages: a delta between two bundles, or a full bundle (a package with no base).
///
/// For each file of the new bundle: unchanged when its logical hash is the old one's; for an SQLite file the old
/// bundle has, the rows payload (``RowDiff``), deflated — proved by applying it to a copy of the old file and
/// comparing the logical hash — unless it is more than half the size of the deflated full file; otherwise (a JSON
/// file, a new file, a schema change) the whole file, deflated. The package also holds the new bundle's
/// `manifest.json` (deflated) and `manifest.sig`, and `delta.json`, signed as `delta.sig`.
public enum DeltaPackageWriter {
    /// Writes the package that brings the bundle in `old` (nil: none, so a full bundle) to the one in `new`
    /// into the new folder `out`, which must not exist or be empty; it appears whole or not at all.
    ///
    /// Both bundles are verified before anything is read from them (``VerifiedBundle``): `new` must have exactly
    /// the files its manifest records and a `manifest.sig` by `key`; `old` the content its manifest records.
    @discardableResult
    public static func write(from old: URL?, to new: URL, out: URL, key: SigningKey) throws -> DeltaManifest {
        guard try isFreeForPackage(out) else { throw DeltaError(.exists, "\(out.path) is not empty; give a new folder for the package") }
        let newBundle = try VerifiedBundle(new, role: "the new bundle", signedBy: key.publicKey, exactBytes: true)
        let oldBundle = try old.map { try VerifiedBundle($0, role: "the old bundle", signedBy: nil, exactBytes: false) }
        return try write(from: oldBundle, to: newBundle, out: out, key: key)
    }

    /// Writes the package from `old` to `new`, both verified already (the publisher verifies the new bundle once
    /// for all the packages it makes of it).
    static func write(from old: VerifiedBundle?, to new: VerifiedBundle, out: URL, key: SigningKey) throws -> DeltaManifest {
        let newManifest = new.manifest
        let oldManifest = old?.manifest
        if let oldManifest, !BundleVersionOrder.isNewer(newManifest, than: oldManifest) {
            throw DeltaError(.notNewer, "the new bundle (\(newManifest.bundleVersion), AIRAC \(newManifest.airac.cycle)) is not newer than the old one (\(oldManifest.bundleVersion), AIRAC \(oldManifest.airac.cycle)); a device would refuse the delta. Build the newer bundle with a later --airac, or within AIRAC \(oldManifest.airac.cycle) with a --bundle-version after \(oldManifest.bundleVersion) (e.g. \(oldManifest.bundleVersion).1)")
        }

        let temporary = out.deletingLastPathComponent().appendingPathComponent(".\(out.lastPathComponent).tmp-\(UUID().uuidString.lowercased())")
        do {
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        } catch {
            throw DeltaError(.fileSystem, "cannot create the package folder \(out.path): \(ErrorText.reason(error))")
        }
        do {
            var files: [String: DeltaFile] = [:]
            for name in new.fileNames {
                files[name.text] = try packFile(name, newManifest.files[name.text]!, old: old?.folder, oldEntry: oldManifest?.files[name.text],
                                                new: new.folder, into: temporary)
            }
            let newManifestData = new.manifestData
            try Deflate.compress(newManifestData).write(to: temporary.appendingPathComponent(DeltaManifest.targetManifestPayload))
            try FileManager.default.copyItem(at: new.folder.appendingPathComponent(Manifest.signatureFileName),
                                             to: temporary.appendingPathComponent(Manifest.signatureFileName))
            let delta = DeltaManifest(fromVersion: oldManifest?.bundleVersion, toVersion: newManifest.bundleVersion,
                                      targetManifestBytes: newManifestData.count, targetManifestSHA256: SHA256.hash(data: newManifestData).lowercaseHex,
                                      files: files)
            let deltaData = try delta.jsonData()
            try deltaData.write(to: temporary.appendingPathComponent(DeltaManifest.fileName))
            try key.sign(deltaData).signatureFileData.write(to: temporary.appendingPathComponent(DeltaManifest.signatureName))
            try moveIntoPlace(temporary, out)
            return delta
        } catch {
            // The error being thrown is the one to report; a hidden temporary that stays is nobody's.
            try? FileManager.default.removeItem(at: temporary)
            guard error is DeltaError || error is UpdateError else {
                throw DeltaError(.fileSystem, "cannot write the package into \(out.path): \(ErrorText.sentence(error))")
            }
            throw error
        }
    }

    private static func packFile(_ name: PathName, _ entry: ManifestFile, old: URL?, oldEntry: ManifestFile?, new: URL, into package: URL) throws -> DeltaFile {
        if let oldEntry, oldEntry.kind == entry.kind, oldEntry.logicalSHA256 == entry.logicalSHA256 {
            return DeltaFile(kind: .unchanged, baseLogicalSHA256: oldEntry.logicalSHA256)
        }
        let newFile = new.appending(name)
        let whole = try Data(contentsOf: newFile)
        let full = try Deflate.compress(whole)
        if let old, let oldEntry, entry.kind == .sqlite, oldEntry.kind == .sqlite,
           let rows = try provenRows(from: old.appending(name), to: newFile, expected: entry.logicalSHA256) {
            let compressed = try Deflate.compress(rows)
            if compressed.count <= full.count / 2 {
                return try store(compressed, for: name, in: package, file: DeltaFile(
                    kind: .rows, uncompressedBytes: rows.count, baseLogicalSHA256: oldEntry.logicalSHA256))
            }
        }
        return try store(full, for: name, in: package, file: DeltaFile(
            kind: .full, uncompressedBytes: whole.count, baseLogicalSHA256: nil))
    }

    /// The encoded rows payload from `old` to `new`, applied to a scratch copy of `old` to prove it produces
    /// `expected`; nil when there is none or it does not (the file then ships whole).
    private static func provenRows(from old: URL, to new: URL, expected: String) throws -> Data? {
        guard let payload = try RowDiff.payload(from: old, to: new) else { return nil }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-delta-\(UUID().uuidString.lowercased()).db")
        // A scratch copy in the temporary directory: one left behind changes no package.
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: old, to: scratch)
        do {
            try RowApplier.apply(payload, to: scratch, name: new.lastPathComponent)
        } catch {
            return nil
        }
        return try SQLiteContentHash(fileAt: scratch).sha256 == expected ? payload.encoded() : nil
    }

    private static func store(_ payload: Data, for name: PathName, in package: URL, file: DeltaFile) throws -> DeltaFile {
        try payload.write(to: package.appendingPathComponent(file.payloadName(for: name)!))
        var stored = file
        stored.bytes = payload.count
        stored.sha256 = SHA256.hash(data: payload).lowercaseHex
        return stored
    }

    /// Renames the finished package to `out`; an existing empty `out` is replaced, anything else is refused.
    private static func moveIntoPlace(_ temporary: URL, _ out: URL) throws {
        guard try isFreeForPackage(out) else { throw DeltaError(.exists, "\(out.path) is not empty; give a new folder for the package") }
        if FileManager.default.fileExists(atPath: out.path) { try FileManager.default.removeItem(at: out) }
        try FileManager.default.moveItem(at: temporary, to: out)
    }

    /// Whether `out` may become the package: nothing is there, or an empty folder (a file, a link or a folder
    /// holding anything is refused).
    private static func isFreeForPackage(_ out: URL) throws -> Bool {
        // Nothing to describe: nothing is there (a parent that cannot be written fails when the package is made).
        guard let type = try? FileManager.default.attributesOfItem(atPath: out.path)[.type] as? FileAttributeType else { return true }
        guard type == .typeDirectory else { return false }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty
        } catch {
            throw DeltaError(.fileSystem, "cannot read the package folder \(out.path): \(ErrorText.reason(error))")
        }
    }
}
