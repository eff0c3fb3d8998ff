import AIPErrorText
import AIPManifestCore
import Crypto
import Foundation

/// The Ed25519 public key a device trusts: manifests, delta packages and channel indexes must be signed by its
/// private half (``SignedDocument`` checks them).
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
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw UpdateError(.fileSystem, "cannot read the key file \(url.path): \(ErrorText.reason(error))")
        }
        guard let key = Self(fileText: text) else {
            throw UpdateError(.unsupported, "\(url.path) is not an aipbundle public key (one line: \(Self.label) <base64>)")
        }
        self = key
    }

    /// The key in its file form (what an app may embed as a string constant); nil when `fileText` is not one.
    public init?(fileText: String) {
        // A key of the wrong length is the only failure: the text is not a key, which nil says.
        guard let raw = KeyFileLine.decode(fileText, label: Self.label),
              let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return nil }
        self.key = key
    }

    /// The file form: the label, the base64 key, a newline.
    public var fileText: String { KeyFileLine.encode(key.rawRepresentation, label: Self.label) }

    /// SHA-256 of the 32 raw key bytes, lower-case hexadecimal: what manifests, deltas and indexes name.
    public var fingerprint: String { SHA256.hash(data: key.rawRepresentation).lowercaseHex }
}

/// The one-line text form of a key file: `label base64\n`.
public enum KeyFileLine {
    public static func encode(_ bytes: Data, label: String) -> String {
        "\(label) \(bytes.base64EncodedString())\n"
    }

    /// The bytes of a key file's text; nil when it is not one line with `label`.
    public static func decode(_ text: String, label: String) -> Data? {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        guard parts.count == 2, parts[0] == label else { return nil }
        return Data(base64Encoded: String(parts[1]))
    }
}
