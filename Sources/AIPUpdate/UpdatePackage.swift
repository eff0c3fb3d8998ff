import AIPErrorText
import AIPManifest
import Crypto
import Foundation

/// An update package folder (a delta, or a full bundle), read and verified before anything is applied:
/// `delta.json` and the target `manifest.json` signed by the trusted key, the manifest the one delta.json names,
/// both naming the same files and hashes, and every payload of the size and SHA-256 delta.json gives.
public struct UpdatePackage: Sendable {
    public let folder: URL
    public let delta: DeltaManifest
    public let targetManifest: Manifest
    /// The exact bytes of the target manifest.json, installed as they are.
    let targetManifestData: Data
    let targetSignature: URL?

    /// Reads and verifies the package in `folder`.
    /// - Parameter trustedKey: the key every signature must verify with; nil skips the signatures (development
    ///   only: hashes are still checked, but anyone could have made the package).
    /// - Throws: `UpdateError` saying which check failed.
    public init(folder: URL, trustedKey: SigningPublicKey?) throws {
        self.folder = folder
        let deltaData = try Self.read(folder.appendingPathComponent(DeltaManifest.fileName), what: "the update package's \(DeltaManifest.fileName)")
        do {
            delta = try DeltaManifest(jsonData: deltaData)
        } catch {
            throw UpdateError("\(folder.path): \(error); the update package is damaged: make it again (aipbundle delta) or copy it again")
        }
        try trustedKey?.verify(deltaData, signatureFile: folder.appendingPathComponent(DeltaManifest.signatureName),
                               signedBy: delta.signing?.publicKeyFingerprint, what: DeltaManifest.fileName)

        targetManifestData = try Self.read(folder.appendingPathComponent(Manifest.fileName), what: "the update package's \(Manifest.fileName)")
        guard SHA256.hash(data: targetManifestData).lowercaseHex == delta.targetManifestSHA256 else {
            throw UpdateError("the package's \(Manifest.fileName) is not the one \(DeltaManifest.fileName) names (SHA-256 differs)")
        }
        do {
            targetManifest = try Manifest(jsonData: targetManifestData)
        } catch {
            throw UpdateError("the package's \(error); the update package is damaged: make it again (aipbundle delta) or copy it again")
        }
        let signature = folder.appendingPathComponent(Manifest.signatureFileName)
        try trustedKey?.verify(targetManifestData, signatureFile: signature,
                               signedBy: targetManifest.signing?.publicKeyFingerprint, what: Manifest.fileName)
        targetSignature = FileManager.default.fileExists(atPath: signature.path) ? signature : nil

        guard targetManifest.bundleVersion == delta.toVersion else {
            throw UpdateError("\(DeltaManifest.fileName) brings version \(delta.toVersion) but its \(Manifest.fileName) is version \(targetManifest.bundleVersion)")
        }
        guard Set(delta.files.keys) == Set(targetManifest.files.keys) else {
            throw UpdateError("\(DeltaManifest.fileName) and \(Manifest.fileName) list different files")
        }
        for (name, file) in delta.files {
            guard Manifest.isPlainFileName(name), file.payload.map(Manifest.isPlainFileName) ?? true else {
                throw UpdateError("\(DeltaManifest.fileName) names \"\(name)\", which is not a plain file name")
            }
            guard file.targetLogicalSHA256 == targetManifest.files[name]?.logicalSHA256 else {
                throw UpdateError("\(name): \(DeltaManifest.fileName) and \(Manifest.fileName) expect different content")
            }
            guard (file.kind == .full) == (file.baseLogicalSHA256 == nil), (file.kind == .unchanged) == (file.payload == nil) else {
                throw UpdateError("\(name): \(DeltaManifest.fileName) describes a \(file.kind.rawValue) inconsistently")
            }
            if file.kind != .unchanged { _ = try compressedPayload(name, file) }
        }
    }

    /// The decompressed payload of `name`, its bytes checked again as read.
    func payload(_ name: String, _ file: DeltaFile) throws -> Data {
        let limit = file.uncompressedBytes ?? targetManifest.files[name]?.bytes ?? 0
        return try XZ.decompress(compressedPayload(name, file), limit: limit, name: "\(name) payload")
    }

    private func compressedPayload(_ name: String, _ file: DeltaFile) throws -> Data {
        guard let payload = file.payload, let bytes = file.bytes, let sha256 = file.sha256 else {
            throw UpdateError("\(name): \(DeltaManifest.fileName) gives no payload, size or SHA-256")
        }
        let data = try Self.read(folder.appendingPathComponent(payload), what: "the payload \(payload) of \(name)")
        guard data.count == bytes else {
            throw UpdateError("the payload \(payload) of \(name) has \(data.count) bytes, \(DeltaManifest.fileName) says \(bytes): truncated or damaged")
        }
        guard SHA256.hash(data: data).lowercaseHex == sha256 else {
            throw UpdateError("the payload \(payload) of \(name) does not match its SHA-256 in \(DeltaManifest.fileName): damaged")
        }
        return data
    }

    private static func read(_ url: URL, what: String) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw UpdateError("cannot read \(what) (\(url.path)): \(ErrorText.reason(error))")
        }
    }
}
