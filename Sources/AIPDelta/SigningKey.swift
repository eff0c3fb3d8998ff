import AIPErrorText
import AIPManifest
import AIPUpdate
import Crypto
import Foundation

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
        let raw: Data?
        do {
            raw = try KeyFileLine.read(url, label: Self.label)
        } catch {
            throw DeltaError("\(error)")
        }
        guard let raw,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw DeltaError("\(url.path) is not an aipbundle signing key (one line: \(Self.label) <base64>); make one with `aipbundle keygen`")
        }
        self.key = key
    }

    public var publicKey: SigningPublicKey { SigningPublicKey(key.publicKey) }

    /// What a signed document records about its key.
    public var signing: Manifest.Signing { Manifest.Signing(publicKeyFingerprint: publicKey.fingerprint) }

    /// The signature file's text for `data`: base64 of the 64-byte Ed25519 signature and a newline.
    public func signatureText(for data: Data) throws -> Data {
        Data((try key.signature(for: data).base64EncodedString() + "\n").utf8)
    }

    /// Writes `signing.key` (0600) and `signing.pub` into `folder`, never over existing files.
    /// - Returns: the two files.
    public func writePair(to folder: URL) throws -> (privateKey: URL, publicKey: URL) {
        let privateURL = folder.appendingPathComponent(Self.privateFileName)
        let publicURL = folder.appendingPathComponent(Self.publicFileName)
        for url in [privateURL, publicURL] where FileManager.default.fileExists(atPath: url.path) {
            throw DeltaError("\(url.path) exists; a key pair is never overwritten (move it away first)")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let privateText = Data(KeyFileLine.encode(key.rawRepresentation, label: Self.label).utf8)
            guard FileManager.default.createFile(atPath: privateURL.path, contents: privateText, attributes: [.posixPermissions: 0o600]) else {
                throw DeltaError("cannot create \(privateURL.path)")
            }
            try Data(publicKey.fileText.utf8).write(to: publicURL, options: .withoutOverwriting)
        } catch let error as DeltaError {
            throw error
        } catch {
            throw DeltaError("cannot write the key pair into \(folder.path): \(ErrorText.reason(error))")
        }
        return (privateURL, publicURL)
    }
}

/// A delta, a signature or a channel could not be made; the message says why.
public struct DeltaError: Error, Sendable, CustomStringConvertible, LocalizedError {
    public var description: String
    public init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
