import AIPDelta
import AIPUpdate
import Foundation
import Testing

/// The one signed-document type: the bytes it writes, and what it refuses.
@Suite struct SignedDocumentTests {
    /// The two published forms, byte for byte as docs/delta-format.md gives them (and as aipbundle always wrote them).
    @Test func theSignatureFileAndTheEnvelopeHaveTheirDocumentedBytes() throws {
        let key = SigningKey()
        let bytes = Data("{\"format\": 2}\n".utf8)
        let document = try key.sign(bytes)
        #expect(document.signature.count == 64 && key.publicKey.key.isValidSignature(document.signature, for: bytes))
        let signature = document.signature.base64EncodedString()
        #expect(document.signatureFileData == Data("\(signature)\n".utf8))
        #expect(try document.envelopeData() == Data("{\n  \"signature\": \"\(signature)\",\n  \"signed\": \"\(bytes.base64EncodedString())\"\n}\n".utf8))
        #expect(SignedDocument(envelope: try document.envelopeData()) == document)
        #expect(SignedDocument(envelope: Data(#"{"signed": "not base64!", "signature": ""}"#.utf8)) == nil)
        #expect(SignedDocument(envelope: Data("[]".utf8)) == nil)
    }

    @Test func aDocumentVerifiesOnlyWithTheKeyItNamesAndItsExactBytes() throws {
        let key = SigningKey(), other = SigningKey()
        let bytes = Data("signed bytes".utf8)
        let document = try key.sign(bytes)
        try document.verify(by: key.publicKey, signedBy: key.publicKey.fingerprint, what: "x.json")
        let refused: [(SignedDocument, SigningPublicKey, String?, String)] = [
            (document, key.publicKey, nil, "x.json is not signed (it names no signing key)"),
            (document, other.publicKey, key.publicKey.fingerprint, "x.json is signed by key \(key.publicKey.fingerprint.prefix(16))…"),
            (SignedDocument(bytes: bytes + Data([0x0A]), signature: document.signature), key.publicKey, key.publicKey.fingerprint,
             "the signature of x.json does not match its content"),
            (SignedDocument(bytes: bytes, signature: document.signature.prefix(63)), key.publicKey, key.publicKey.fingerprint,
             "the signature of x.json is not an Ed25519 signature (64 bytes)"),
        ]
        for (candidate, trusted, signedBy, message) in refused {
            let error = #expect(throws: UpdateError.self) { try candidate.verify(by: trusted, signedBy: signedBy, what: "x.json") }
            #expect(error?.kind == .badSignature && error?.description.contains(message) == true, "\(error?.description ?? "")")
        }
    }
}
