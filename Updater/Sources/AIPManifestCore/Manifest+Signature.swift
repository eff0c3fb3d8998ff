extension Manifest {
    /// `manifest.sig`, beside manifest.json: the base64 Ed25519 signature of its exact bytes, by the key whose
    /// fingerprint is `signing.public_key_fingerprint`.
    public static let signatureFileName = "manifest.sig"
}
