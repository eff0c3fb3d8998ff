import AIPBundleFolder
import AIPErrorText
import AIPManifest
import AIPUpdate
import Foundation

/// A bundle folder checked before `delta`, `publish` or `changes` reads a byte of it: its manifest decoded (every
/// file name and the version a ``PathName``), every listed file as the manifest records it, and — for a bundle that
/// is shipped — `manifest.sig` the signature of the manifest by the key given.
///
/// What no device could install is refused here, so it never reaches a package or a channel: an edited file (its
/// bytes or its content not the manifest's), a manifest whose signature does not verify.
public struct VerifiedBundle {
    /// The folder holding the bundle's files (its `.aipbundle/current`, or the folder itself).
    public let folder: URL
    /// The exact bytes of manifest.json.
    let manifestData: Data
    public let manifest: Manifest
    let fileNames: [PathName]

    /// Verifies the bundle in `url`.
    /// - Parameters:
    ///   - role: what the bundle is, for messages (`the bundle to publish`).
    ///   - signedBy: the key whose signature `manifest.sig` must be, and whose fingerprint the manifest must name;
    ///     nil for a bundle that is only read (the installed bundle a delta starts from).
    ///   - exactBytes: whether each file must have the recorded bytes (a bundle that is shipped: a full package
    ///     carries those bytes) or only the recorded content (an installed bundle, which a delta may have patched).
    /// - Throws: `DeltaError` naming the bundle, what is wrong and the fix.
    public init(_ url: URL, role: String, signedBy key: SigningPublicKey?, exactBytes: Bool) throws {
        try self.init(manifestOf: url, role: role)
        if let key {
            guard manifest.signing?.publicKeyFingerprint == key.fingerprint else {
                throw DeltaError(.badSignature, "\(url.path) (\(role)): its \(Manifest.fileName) is not signed by this key; build it with --signing-key and the same key")
            }
            do {
                try SignedDocument.verify(manifestData, signatureFile: folder.appendingPathComponent(Manifest.signatureFileName), by: key,
                                          signedBy: manifest.signing?.publicKeyFingerprint, what: Manifest.fileName)
            } catch let error as UpdateError {
                throw DeltaError(error.kind == .fileSystem ? .fileSystem : .badSignature, "\(url.path) (\(role)): \(error.description); a device would refuse it: build it again with --signing-key and this key")
            }
        }
        let findings = ManifestVerifier.verify(manifest, folder: folder, exactBytes: exactBytes)
        guard findings.isEmpty else {
            throw DeltaError(.badBundle, "\(url.path) (\(role)) does not match its \(Manifest.fileName): "
                             + findings.map { "\($0)" }.joined(separator: "; ")
                             + "; a device would refuse it: build the bundle again (aipbundle build) rather than editing its files")
        }
    }

    /// Reads the manifest only: for a bundle whose files are verified already (one the device-side updater has just
    /// installed, checking every signature and file), and as the first step of the verifying init.
    init(manifestOf url: URL, role: String) throws {
        guard let folder = BundleFolder.currentContents(of: url),
              FileManager.default.fileExists(atPath: folder.appendingPathComponent(Manifest.fileName).path) else {
            throw DeltaError(.badBundle, "\(url.path) (\(role)) is not a bundle folder with a \(Manifest.fileName)")
        }
        do {
            manifestData = try Data(contentsOf: folder.appendingPathComponent(Manifest.fileName))
            manifest = try Manifest(jsonData: manifestData)
            fileNames = try manifest.fileNames()
        } catch {
            throw DeltaError(.badBundle, "\(url.appendingPathComponent(Manifest.fileName).path) (\(role)): \(ErrorText.reason(error)); "
                             + "the bundle is damaged: build it again (aipbundle build)")
        }
        self.folder = folder
    }
}
