import AIPDelta
import AIPUpdate
import Foundation
import TestSupport
import Testing

@Suite struct SigningKeyTests {
    @Test func aKeyPairRoundTripsThroughItsFilesAndSignaturesVerify() throws {
        let folder = try TemporaryFolder()
        let key = SigningKey()
        let files = try key.writePair(to: folder.url)
        let attributes = try FileManager.default.attributesOfItem(atPath: files.privateKey.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let read = try SigningKey(fileAt: files.privateKey)
        let trusted = try SigningPublicKey(fileAt: files.publicKey)
        #expect(read.key.rawRepresentation == key.key.rawRepresentation)
        #expect(trusted.fingerprint == key.publicKey.fingerprint && trusted.fingerprint.count == 64)

        let data = Data("signed bytes".utf8)
        let signature = try folder.write(read.sign(data).signatureFileData, to: "x.sig")
        try SignedDocument.verify(data, signatureFile: signature, by: trusted, signedBy: trusted.fingerprint, what: "x")
        #expect(throws: UpdateError.self) {
            try SignedDocument.verify(Data("other bytes".utf8), signatureFile: signature, by: trusted, signedBy: trusted.fingerprint, what: "x")
        }
        #expect(throws: UpdateError.self) { try SignedDocument.verify(data, signatureFile: signature, by: trusted, signedBy: nil, what: "x") }
    }

    @Test func keysAreNeverOverwrittenNorMistakenForEachOther() throws {
        let folder = try TemporaryFolder()
        let files = try SigningKey().writePair(to: folder.url)
        let before = try Data(contentsOf: files.privateKey)
        let overwrite = #expect(throws: DeltaError.self) { try SigningKey().writePair(to: folder.url) }
        #expect(overwrite?.kind == .exists)
        #expect(try Data(contentsOf: files.privateKey) == before)
        #expect(throws: UpdateError.self) { try SigningPublicKey(fileAt: files.privateKey) }
        let notPrivate = #expect(throws: DeltaError.self) { try SigningKey(fileAt: files.publicKey) }
        #expect(notPrivate?.kind == .badKey)
    }
}
