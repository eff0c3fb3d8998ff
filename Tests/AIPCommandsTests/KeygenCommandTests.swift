import Foundation
import TestSupport
import Testing

/// `keygen`: the private key exists only with mode 0600, whole, and never replaces or follows what is there.
@Suite struct KeygenCommandTests {
    func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func theKeyIsCreatedWithMode0600AndNothingElseIsLeftBeside() async throws {
        let folder = try TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        let run = await aipbundle(["keygen", "--out", keys.path])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(try mode(keys.appendingPathComponent("signing.key")) == 0o600)
        #expect(try mode(keys.appendingPathComponent("signing.pub")) == 0o644)
        // No temporary of the key (which would hold the key too) is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path).sorted() == ["signing.key", "signing.pub"])
    }

    @Test func anExistingKeyIsNeverOverwritten() async throws {
        let folder = try TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try await runCommand(["keygen", "--out", keys.path])
        let before = try snapshot(of: keys)
        let again = await aipbundle(["keygen", "--out", keys.path])
        #expect(again.code == 1)
        #expect(again.errorMessage == "\(keys.path)/signing.key exists; a key pair is never overwritten (move it away first)")
        #expect(try snapshot(of: keys) == before)
    }

    @Test func aLinkInTheKeysPlaceIsNotFollowed() async throws {
        let folder = try TemporaryFolder()
        let keys = folder.url.appendingPathComponent("keys")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true)
        // A dangling link where the key goes: following it would write the key wherever it points.
        let elsewhere = folder.url.appendingPathComponent("elsewhere.key")
        try FileManager.default.createSymbolicLink(atPath: keys.appendingPathComponent("signing.key").path, withDestinationPath: elsewhere.path)
        let run = await aipbundle(["keygen", "--out", keys.path])
        #expect(run.code == 1)
        #expect(run.errorMessage == "\(keys.path)/signing.key exists; a key pair is never overwritten (move it away first)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path) == ["signing.key"])
    }
}
