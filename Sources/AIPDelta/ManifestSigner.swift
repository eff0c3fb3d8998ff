import AIPManifest
import Foundation

/// Signs a bundle's manifest: the fingerprint goes into the manifest, then `manifest.sig` is the signature of the
/// manifest's exact bytes.
public enum ManifestSigner {
    /// `manifest` with its `signing` field set to `key`.
    public static func marking(_ manifest: Manifest, with key: SigningKey) -> Manifest {
        var signed = manifest
        signed.signing = key.signing
        return signed
    }

    /// Writes `manifest.sig` beside the `manifest.json` in `folder`, which must name `key` in its `signing` field.
    public static func sign(folder: URL, with key: SigningKey) throws {
        let data = try Data(contentsOf: folder.appendingPathComponent(Manifest.fileName))
        let manifest = try Manifest(jsonData: data)
        guard manifest.signing?.publicKeyFingerprint == key.publicKey.fingerprint else {
            throw DeltaError(.badSignature, "\(Manifest.fileName) does not name the signing key's fingerprint; mark it with ManifestSigner.marking first")
        }
        try key.sign(data).signatureFileData.write(to: folder.appendingPathComponent(Manifest.signatureFileName))
    }
}
