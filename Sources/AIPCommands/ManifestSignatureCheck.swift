import AIPManifest
import AIPUpdate
import Foundation

/// `check`'s look at a bundle folder's `manifest.sig`.
///
/// With `--public-key`, the signature is verified as a device would (a device trusts exactly one key, so that is
/// the only proof that matters). Without a key, `check` cannot know which key devices trust, so it checks what it
/// can: a manifest naming a signing key has a `manifest.sig`, that file is the base64 of 64 bytes, and a
/// `manifest.sig` is not there beside a manifest that names no key. A well-formed signature it could not verify is
/// logged, not a finding: an unsigned local build and a signed one both pass `check` without a key.
enum ManifestSignatureCheck {
    /// The findings for the signature of the bundle in `folder`; none when it has no readable manifest (the
    /// manifest's own findings say so).
    static func findings(folder: URL, trustedKey: SigningPublicKey?) -> [CheckFinding] {
        let manifestURL = folder.appendingPathComponent(Manifest.fileName)
        // An unreadable manifest is a finding of the manifest check already; there is then no signature to judge.
        guard let data = try? Data(contentsOf: manifestURL), let manifest = try? Manifest(jsonData: data) else { return [] }
        let signatureURL = folder.appendingPathComponent(Manifest.signatureFileName)
        let signedBy = manifest.signing?.publicKeyFingerprint
        func finding(_ message: String) -> [CheckFinding] {
            [CheckFinding(file: Manifest.signatureFileName, code: .checkSignature, message: message)]
        }
        if let trustedKey {
            do {
                try SignedDocument.verify(data, signatureFile: signatureURL, by: trustedKey, signedBy: signedBy, what: Manifest.fileName)
                return []
            } catch {
                return finding("\(error); a device trusting --public-key would refuse this bundle")
            }
        }
        guard CheckedPath.exists(signatureURL) else {
            return signedBy.map { finding("is missing, but \(Manifest.fileName) names the signing key \($0.prefix(16))…; a device would refuse this bundle") } ?? []
        }
        do {
            _ = try SignedDocument.signature(fileAt: signatureURL)
        } catch {
            return finding("\(error)")
        }
        guard signedBy != nil else {
            return finding("is there, but \(Manifest.fileName) names no signing key: the two do not belong together")
        }
        return []
    }
}
