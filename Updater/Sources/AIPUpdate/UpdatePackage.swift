import AIPErrorText
import AIPManifestCore
import Crypto
import Foundation

/// An update package folder (a delta, or a full bundle), read and verified before anything is applied:
/// `delta.json` signed by the trusted key, the target `manifest.json` the one delta.json names (by SHA-256) and
/// signed too, both naming the same files, and every payload of the size and SHA-256 delta.json gives.
/// Sizes come only from signed data: a payload's stored size and hash, its inflated size, a full file's size in
/// the target manifest.
public struct UpdatePackage: Sendable {
    public let folder: URL
    public let delta: DeltaManifest
    public let targetManifest: Manifest
    /// The exact bytes of the target manifest.json, installed as they are.
    public let targetManifestData: Data
    /// The exact bytes of manifest.sig, installed beside it.
    let targetSignatureData: Data
    /// The names of the target bundle's files (the same in delta.json and the target manifest), in byte order.
    let fileNames: [PathName]

    /// Reads and verifies the package in `folder`.
    /// - Throws: `UpdateError` saying which check failed (`.badSignature`, `.corruptPayload`, `.unsupported`).
    public init(folder: URL, trustedKey: SigningPublicKey) throws {
        try self.init(folder: folder, trustedKeys: [trustedKey])
    }

    /// Reads and verifies the package in `folder`, each document against whichever of `trustedKeys` signed it.
    public init(folder: URL, trustedKeys: [SigningPublicKey]) throws {
        self.folder = folder
        let deltaData = try Self.read(folder.appendingPathComponent(DeltaManifest.fileName), what: "the update package's \(DeltaManifest.fileName)")
        do {
            delta = try DeltaManifest(jsonData: deltaData)
        } catch let error as UpdateError {
            throw UpdateError(error.kind, "\(folder.path): \(error.description); the update package is damaged or of another "
                + "version of aipbundle: make it again (aipbundle delta) or download it again")
        }
        // delta.json names no key (every byte counts in a package of a few kilobytes): the trusted key is its signer.
        try SignedDocument.verify(deltaData, signatureFile: folder.appendingPathComponent(DeltaManifest.signatureName), byAnyOf: trustedKeys,
                                  signedBy: nil, namesNoKey: true, what: DeltaManifest.fileName)

        let deflatedManifest = try Self.read(folder.appendingPathComponent(DeltaManifest.targetManifestPayload),
                                             what: "the update package's \(DeltaManifest.targetManifestPayload)")
        targetManifestData = try Inflate.data(deflatedManifest, expectedBytes: delta.targetManifestBytes, name: Manifest.fileName)
        guard SHA256.hash(data: targetManifestData).lowercaseHex == delta.targetManifestSHA256 else {
            throw UpdateError(.corruptPayload, "the package's \(Manifest.fileName) is not the one \(DeltaManifest.fileName) names (SHA-256 differs)")
        }
        do {
            targetManifest = try Manifest(jsonData: targetManifestData)
        } catch {
            throw UpdateError(.unsupported, "the package's \(ErrorText.reason(error))")
        }
        guard targetManifest.files.values.allSatisfy({ SignedSize.isPlausible($0.bytes) }) else {
            throw UpdateError(.corruptPayload, "the package's \(Manifest.fileName) gives a file a size outside 0…\(SignedSize.maximum) bytes")
        }
        let signature = folder.appendingPathComponent(Manifest.signatureFileName)
        try SignedDocument.verify(targetManifestData, signatureFile: signature, byAnyOf: trustedKeys,
                                  signedBy: targetManifest.signing?.publicKeyFingerprint, what: Manifest.fileName)
        targetSignatureData = try Self.read(signature, what: "the update package's \(Manifest.signatureFileName)")

        guard targetManifest.bundleVersion == delta.toVersion else {
            throw UpdateError(.corruptPayload, "\(DeltaManifest.fileName) brings version \(delta.toVersion) but its \(Manifest.fileName) is version \(targetManifest.bundleVersion)")
        }
        guard Set(delta.files.keys) == Set(targetManifest.files.keys) else {
            throw UpdateError(.corruptPayload, "\(DeltaManifest.fileName) and \(Manifest.fileName) list different files")
        }
        // DeltaManifest(jsonData:) refused any name that is not a PathName, so fileNames() does not throw here.
        fileNames = try delta.fileNames()
        for name in fileNames {
            let file = delta.files[name.text]!
            // The package's own files sit beside the payloads: a bundle file must not be named like one.
            guard !name.text.hasPrefix("delta."), !name.text.hasPrefix("manifest.") else {
                throw UpdateError(.corruptPayload, "\(DeltaManifest.fileName) names \"\(name)\", which is the name of a package file, not of a bundle file")
            }
            guard (file.kind == .full) == (file.baseLogicalSHA256 == nil),
                  file.kind == .unchanged || (file.bytes != nil && file.sha256 != nil && file.uncompressedBytes != nil),
                  file.kind != .full || file.uncompressedBytes == targetManifest.files[name.text]?.bytes,
                  file.kind != .rows || targetManifest.files[name.text]?.kind == .sqlite else {
                throw UpdateError(.corruptPayload, "\(name): \(DeltaManifest.fileName) describes a \(file.kind.rawValue) inconsistently")
            }
            if file.kind != .unchanged { try checkPayload(name, file) }
        }
    }

    /// The bytes the new bundle's files take once built: what the volume must have free beside the installed one.
    var bytesNeeded: Int {
        delta.files.reduce(targetManifestData.count + targetSignatureData.count) { sum, entry in
            sum + (entry.value.kind == .unchanged ? 0 : targetManifest.files[entry.key]?.bytes ?? 0)
        }
    }

    /// The rows payload of `name`, inflated and decoded.
    func rows(_ name: PathName, _ file: DeltaFile) throws -> RowPayload {
        let url = try payloadURL(name, file)
        let data = try Self.read(url, what: "the payload of \(name)")
        guard data.count == file.bytes, SHA256.hash(data: data).lowercaseHex == file.sha256 else {
            throw UpdateError(.corruptPayload, "the payload of \(name) changed after it was verified")
        }
        return try RowPayload(decoding: Inflate.data(data, expectedBytes: file.uncompressedBytes ?? 0, name: name.text), name: name.text)
    }

    /// Inflates the full payload of `name` into `destination`.
    func inflateFull(_ name: PathName, _ file: DeltaFile, to destination: URL) throws {
        try Inflate.file(payloadURL(name, file), to: destination, expectedBytes: file.uncompressedBytes ?? 0, name: name.text)
    }

    private func payloadURL(_ name: PathName, _ file: DeltaFile) throws -> URL {
        guard let payload = file.payloadName(for: name) else { throw UpdateError(.corruptPayload, "\(name): \(DeltaManifest.fileName) gives no payload") }
        return folder.appendingPathComponent(payload)
    }

    /// The payload's size first (a truncated download is caught without reading it), then its SHA-256, streamed.
    private func checkPayload(_ name: PathName, _ file: DeltaFile) throws {
        let url = try payloadURL(name, file)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw UpdateError(.corruptPayload, "the payload \(url.lastPathComponent) of \(name) is missing from the package")
        }
        let size: Int?
        do {
            size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        } catch {
            throw UpdateError(.fileSystem, "cannot read the payload \(url.lastPathComponent) of \(name): \(ErrorText.reason(error))")
        }
        guard size == file.bytes else {
            throw UpdateError(.corruptPayload, "the payload \(url.lastPathComponent) of \(name) has \(size) bytes, \(DeltaManifest.fileName) says \(file.bytes ?? 0): truncated or damaged")
        }
        let digest: FileDigest
        do {
            digest = try FileDigest(fileAt: url)
        } catch {
            throw UpdateError(.fileSystem, "cannot read the payload \(url.lastPathComponent) of \(name): \(ErrorText.reason(error))")
        }
        guard digest.sha256 == file.sha256 else {
            throw UpdateError(.corruptPayload, "the payload \(url.lastPathComponent) of \(name) does not match its SHA-256 in \(DeltaManifest.fileName): damaged")
        }
    }

    static func read(_ url: URL, what: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw UpdateError(.corruptPayload, "\(what) is missing (\(url.path))")
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw UpdateError(.fileSystem, "cannot read \(what) (\(url.path)): \(ErrorText.reason(error))")
        }
    }
}
