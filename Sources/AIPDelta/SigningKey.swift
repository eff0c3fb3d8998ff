import AIPErrorText
import AIPManifest
import AIPUpdate
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private half of the Ed25519 key pair that signs manifests, deltas and channel indexes (build side only).
///
/// File form (`keygen` writes it as `signing.key`, mode 0600): one line, `aipbundle-ed25519-private <base64 of
/// the 32 raw bytes>`.
public struct SigningKey: Sendable {
    public static let label = "aipbundle-ed25519-private"
    public static let privateFileName = "signing.key"
    public static let publicFileName = "signing.pub"

    public let key: Curve25519.Signing.PrivateKey

    /// A new random key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// Reads a private key file.
    /// - Throws: `DeltaError` when it cannot be read or is not an aipbundle private key.
    public init(fileAt url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw DeltaError(.badKey, "cannot read the key file \(url.path): \(ErrorText.reason(error))")
        }
        // A key of the wrong length is the only failure: the file is not a key, which the message says.
        guard let raw = KeyFileLine.decode(text, label: Self.label),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw DeltaError(.badKey, "\(url.path) is not an aipbundle signing key (one line: \(Self.label) <base64>); make one with `aipbundle keygen`")
        }
        self.key = key
    }

    public var publicKey: SigningPublicKey { SigningPublicKey(key.publicKey) }

    /// What a signed document records about its key.
    public var signing: Manifest.Signing { Manifest.Signing(publicKeyFingerprint: publicKey.fingerprint) }

    /// `data` signed with this key: written as a signature file beside it (``SignedDocument/signatureFileData``) or
    /// as an envelope (``SignedDocument/envelopeData()``).
    public func sign(_ data: Data) throws -> SignedDocument {
        try SignedDocument(signing: data, with: key)
    }

    /// Writes `signing.key` (0600 from its creation on) and `signing.pub` (0644) into `folder`, never over existing
    /// files (nor through a link at either name).
    /// - Returns: the two files.
    public func writePair(to folder: URL) throws -> (privateKey: URL, publicKey: URL) {
        let privateURL = folder.appendingPathComponent(Self.privateFileName)
        let publicURL = folder.appendingPathComponent(Self.publicFileName)
        var status = stat()
        for url in [privateURL, publicURL] where lstat(url.path, &status) == 0 {
            throw DeltaError(.exists, "\(url.path) exists; a key pair is never overwritten (move it away first)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw DeltaError(.fileSystem, "cannot write the key pair into \(folder.path): \(ErrorText.reason(error))")
        }
        try KeyFileWriter.create(privateURL, data: Data(KeyFileLine.encode(key.rawRepresentation, label: Self.label).utf8), mode: 0o600)
        do {
            try KeyFileWriter.create(publicURL, data: Data(publicKey.fileText.utf8), mode: 0o644)
        } catch {
            // Half a pair is no pair: the private key just made goes again, so a second run can make both.
            unlink(privateURL.path)
            throw error
        }
        return (privateURL, publicURL)
    }
}
