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
        let signature = try folder.write(read.signatureText(for: data), to: "x.sig")
        try trusted.verify(data, signatureFile: signature, signedBy: trusted.fingerprint, what: "x")
        #expect(throws: UpdateError.self) { try trusted.verify(Data("other bytes".utf8), signatureFile: signature, signedBy: trusted.fingerprint, what: "x") }
        #expect(throws: UpdateError.self) { try trusted.verify(data, signatureFile: signature, signedBy: nil, what: "x") }
    }

    @Test func keysAreNeverOverwrittenNorMistakenForEachOther() throws {
        let folder = try TemporaryFolder()
        let files = try SigningKey().writePair(to: folder.url)
        let before = try Data(contentsOf: files.privateKey)
        #expect(throws: DeltaError.self) { try SigningKey().writePair(to: folder.url) }
        #expect(try Data(contentsOf: files.privateKey) == before)
        #expect(throws: UpdateError.self) { try SigningPublicKey(fileAt: files.privateKey) }
        #expect(throws: DeltaError.self) { try SigningKey(fileAt: files.publicKey) }
    }
}

@Suite struct XZTests {
    let text = Data(String(repeating: "LFAT runway 13/31 asphalt. ", count: 2_000).utf8)

    @Test func roundTripsAndCompresses() throws {
        let compressed = try XZ.compress(text)
        #expect(compressed.count < text.count / 20)
        #expect(try XZ.compress(text) == compressed)
        #expect(try XZ.decompress(compressed, limit: text.count, name: "t") == text)
        #expect(try XZ.decompress(XZ.compress(Data()), limit: 0, name: "t") == Data())
    }

    @Test func refusesTruncatedCorruptOversizedAndTrailingInput() throws {
        let compressed = try XZ.compress(text)
        let truncated = #expect(throws: UpdateError.self) { try XZ.decompress(compressed.dropLast(10), limit: text.count, name: "t") }
        #expect(truncated?.description == "t: the xz stream is truncated")
        #expect(throws: UpdateError.self) { try XZ.decompress(Data("not xz at all".utf8), limit: 100, name: "t") }
        let oversized = #expect(throws: UpdateError.self) { try XZ.decompress(compressed, limit: text.count - 1, name: "t") }
        #expect(oversized?.description.contains("more than") == true)
        #expect(throws: UpdateError.self) { try XZ.decompress(compressed + Data([0x41]), limit: text.count, name: "t") }
        var corrupt = compressed
        corrupt[corrupt.count / 2] ^= 0xFF
        #expect(throws: UpdateError.self) { try XZ.decompress(corrupt, limit: text.count, name: "t") }
    }
}
