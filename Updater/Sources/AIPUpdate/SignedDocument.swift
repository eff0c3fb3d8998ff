import AIPErrorText
import AIPJSON
import Crypto
import Foundation

/// A document signed with the publisher's Ed25519 key: its exact bytes and the 64-byte signature of them. Every
/// signed file of aipbundle is signed and verified through this one type, so each gets the same checks:
///
/// | document | form |
/// |---|---|
/// | a bundle's `manifest.json` | detached: `manifest.sig` beside it (``signatureFileData``) |
/// | a package's `delta.json` | detached: `delta.sig` beside it |
/// | a channel's `index.json` | an envelope holding both, base64 (``envelopeData()``): the one file that changes carries its signature |
///
/// A signature covers the document's exact bytes, never a re-serialisation. A document names its key's fingerprint
/// (`signing.public_key_fingerprint`), so the name is signed too, and it is checked before the signature; `delta.json`
/// names none, and is checked against the trusted key's own fingerprint.
public struct SignedDocument: Sendable, Equatable {
    /// The document's exact bytes.
    public let bytes: Data
    /// The Ed25519 signature of ``bytes``: 64 bytes in a document that verifies.
    public let signature: Data

    public init(bytes: Data, signature: Data) {
        self.bytes = bytes
        self.signature = signature
    }

    /// Signs `bytes` with the private key (Ed25519 signatures are deterministic: the same bytes, the same signature).
    public init(signing bytes: Data, with key: Curve25519.Signing.PrivateKey) throws {
        self.init(bytes: bytes, signature: try key.signature(for: bytes))
    }

    /// Checks that the document names `key` (`signedBy`, its fingerprint) and that ``signature`` is `key`'s of ``bytes``.
    /// - Parameter what: the signed file's name, for messages (`manifest.json`).
    /// - Throws: `UpdateError.badSignature` when the document names no key or another one, or the signature is
    ///   malformed or does not match.
    public func verify(by key: SigningPublicKey, signedBy: String?, what: String) throws {
        try Self.checkSigner(signedBy, key: key, what: what)
        guard signature.count == 64 else {
            throw UpdateError(.badSignature, "the signature of \(what) is not an Ed25519 signature (64 bytes)")
        }
        guard key.key.isValidSignature(signature, for: bytes) else {
            throw UpdateError(.badSignature, "the signature of \(what) does not match its content: it was altered or signed by another key")
        }
    }

    /// Checks the document against whichever of `keys` it names (`signedBy`), or, with `namesNoKey` (`delta.json`),
    /// against any of them: several trusted keys let a publisher rotate its key without stranding devices that have
    /// the new key beside the old one.
    /// - Throws: `UpdateError.badSignature` when it names no key (unless `namesNoKey`) or none of them, or no trusted
    ///   key's signature matches.
    public func verify(byAnyOf keys: [SigningPublicKey], signedBy: String?, namesNoKey: Bool = false, what: String) throws {
        if signedBy == nil, !namesNoKey { throw UpdateError(.badSignature, "\(what) is not signed (it names no signing key)") }
        let candidates = signedBy.map { name in keys.filter { $0.fingerprint == name } } ?? keys
        guard let last = candidates.last else {
            throw UpdateError(.badSignature, "\(what) is signed by key \(signedBy?.prefix(16) ?? "")…, which is none of the \(keys.count) trusted keys")
        }
        // Any candidate whose signature matches will do; the last one's error says why none did.
        for key in candidates.dropLast() where (try? verify(by: key, signedBy: key.fingerprint, what: what)) != nil { return }
        try verify(by: last, signedBy: last.fingerprint, what: what)
    }

    // The detached form: a signature file beside the document.

    /// The signature file's bytes (`manifest.sig`, `delta.sig`): the base64 of the signature and a newline.
    public var signatureFileData: Data { Data((signature.base64EncodedString() + "\n").utf8) }

    /// Checks that `signatureFile` holds `key`'s signature of `bytes`, which name `signedBy` as their key.
    /// - Throws: `UpdateError.badSignature` when the document names no key or another one, or the signature file is
    ///   missing, malformed, or does not match; `.fileSystem` when it cannot be read.
    public static func verify(_ bytes: Data, signatureFile: URL, by key: SigningPublicKey, signedBy: String?, what: String) throws {
        guard FileManager.default.fileExists(atPath: signatureFile.path) else {
            try checkSigner(signedBy, key: key, what: what)
            throw UpdateError(.badSignature, "\(what) has no signature (\(signatureFile.lastPathComponent) is missing)")
        }
        try SignedDocument(bytes: bytes, signature: signature(fileAt: signatureFile)).verify(by: key, signedBy: signedBy, what: what)
    }

    /// ``verify(_:signatureFile:by:signedBy:what:)`` against whichever of `keys` the document names (any of them
    /// when it names none: `delta.json`).
    public static func verify(_ bytes: Data, signatureFile: URL, byAnyOf keys: [SigningPublicKey], signedBy: String?,
                              namesNoKey: Bool = false, what: String) throws {
        guard FileManager.default.fileExists(atPath: signatureFile.path) else {
            throw UpdateError(.badSignature, "\(what) has no signature (\(signatureFile.lastPathComponent) is missing)")
        }
        try SignedDocument(bytes: bytes, signature: signature(fileAt: signatureFile))
            .verify(byAnyOf: keys, signedBy: signedBy, namesNoKey: namesNoKey, what: what)
    }

    /// The 64 bytes of the signature file at `url`: base64, surrounding whitespace ignored.
    /// - Throws: `UpdateError.badSignature` when it is not the base64 of 64 bytes; `.fileSystem` when it cannot be read.
    public static func signature(fileAt url: URL) throws -> Data {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw UpdateError(.fileSystem, "cannot read \(url.lastPathComponent): \(ErrorText.reason(error))")
        }
        guard let text = String(data: data, encoding: .utf8),
              let signature = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)), signature.count == 64 else {
            throw UpdateError(.badSignature, "\(url.lastPathComponent) is not an Ed25519 signature (base64 of 64 bytes)")
        }
        return signature
    }

    // The envelope form: `{"signature": base64, "signed": base64}`.

    /// The published bytes of an enveloped document (`index.json`).
    public func envelopeData() throws -> Data {
        try JSONWriter.encode(Envelope(signed: bytes.base64EncodedString(), signature: signature.base64EncodedString()))
    }

    /// Reads an enveloped document (its signature not checked yet: ``verify(by:signedBy:what:)``); nil when `data`
    /// is not an object with `signed` and `signature`, both base64.
    public init?(envelope data: Data) {
        // Whichever way it fails to decode, it is not an envelope: the caller says what the file should have been.
        guard let envelope = try? JSONDecoder().decode(Envelope.self, from: data),
              let bytes = Data(base64Encoded: envelope.signed), let signature = Data(base64Encoded: envelope.signature) else { return nil }
        self.init(bytes: bytes, signature: signature)
    }

    private struct Envelope: Codable {
        var signed: String
        var signature: String
    }

    private static func checkSigner(_ signedBy: String?, key: SigningPublicKey, what: String) throws {
        guard let signedBy else { throw UpdateError(.badSignature, "\(what) is not signed (it names no signing key)") }
        guard signedBy == key.fingerprint else {
            throw UpdateError(.badSignature, "\(what) is signed by key \(signedBy.prefix(16))…, not by the trusted key \(key.fingerprint.prefix(16))…")
        }
    }
}
