import AIPErrorText
import AIPManifest
import Crypto
import Foundation

/// The Ed25519 public key a device trusts: manifests, delta packages and channel indexes must be signed by its
/// private half.
///
/// File form (`keygen` writes it as `signing.pub`): one line, `aipbundle-ed25519-public <base64 of the 32 raw
/// bytes>`. The label keeps a private key file from being taken for a public one, and the other way round.
/// On iOS/macOS, CryptoKit's `Curve25519.Signing.PublicKey` is the same type under the same name: replacing
/// `import Crypto` by `import CryptoKit` is the whole port.
public struct SigningPublicKey: Sendable {
    public static let label = "aipbundle-ed25519-public"
    public let key: Curve25519.Signing.PublicKey

    public init(_ key: Curve25519.Signing.PublicKey) { self.key = key }

    /// Reads a public key file.
    /// - Throws: `UpdateError` when the file cannot be read or is not an aipbundle public key.
    public init(fileAt url: URL) throws {
        guard let raw = try KeyFileLine.read(url, label: Self.label),
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
            throw UpdateError("\(url.path) is not an aipbundle public key (one line: \(Self.label) <base64>)")
        }
        self.key = key
    }

    /// The file form: the label, the base64 key, a newline.
    public var fileText: String { KeyFileLine.encode(key.rawRepresentation, label: Self.label) }

    /// SHA-256 of the 32 raw key bytes, lower-case hexadecimal: what manifests, deltas and indexes name.
    public var fingerprint: String { SHA256.hash(data: key.rawRepresentation).lowercaseHex }

    /// Checks that `signatureFile` holds this key's signature of `data`.
    /// - Parameters:
    ///   - signedBy: the fingerprint the signed document says it is signed by (nil when it names none).
    ///   - what: the signed file's name, for messages (`manifest.json`).
    /// - Throws: `UpdateError` when the signature is missing, malformed, made by another key, or does not match.
    public func verify(_ data: Data, signatureFile: URL, signedBy: String?, what: String) throws {
        guard let signedBy else { throw UpdateError("\(what) is not signed (it names no signing key)") }
        guard signedBy == fingerprint else {
            throw UpdateError("\(what) is signed by key \(signedBy.prefix(16))…, not by the trusted key \(fingerprint.prefix(16))…")
        }
        guard FileManager.default.fileExists(atPath: signatureFile.path) else {
            throw UpdateError("\(what) has no signature (\(signatureFile.lastPathComponent) is missing)")
        }
        guard let text = try? String(contentsOf: signatureFile, encoding: .utf8),
              let signature = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
              signature.count == 64 else {
            throw UpdateError("\(signatureFile.lastPathComponent) is not an Ed25519 signature (base64 of 64 bytes)")
        }
        guard key.isValidSignature(signature, for: data) else {
            throw UpdateError("the signature of \(what) does not match its content: it was altered or signed by another key")
        }
    }
}

/// The one-line text form of a key file: `label base64\n`.
package enum KeyFileLine {
    package static func encode(_ bytes: Data, label: String) -> String {
        "\(label) \(bytes.base64EncodedString())\n"
    }

    /// The bytes of the key file at `url`; nil when it is not a line with `label`.
    /// - Throws: `UpdateError` when the file cannot be read.
    package static func read(_ url: URL, label: String) throws -> Data? {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw UpdateError("cannot read the key file \(url.path): \(ErrorText.reason(error))")
        }
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard parts.count == 2, parts[0] == label else { return nil }
        return Data(base64Encoded: String(parts[1]))
    }
}
