import AIPBundleKit
import AIPManifest
import Foundation
import TestSupport
import Testing

@Suite struct FileDigestTests {
    @Test func abcHashesToTheFIPSVector() throws {
        let folder = try TemporaryFolder()
        let digest = try FileDigest(fileAt: folder.write("abc", to: "abc.txt"))
        #expect(digest.bytes == 3)
        #expect(digest.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func anEmptyFileHashesToTheEmptyVector() throws {
        let folder = try TemporaryFolder()
        let digest = try FileDigest(fileAt: folder.write("", to: "empty"))
        #expect(digest.bytes == 0)
        #expect(digest.sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// 2.5 MiB crosses the 1 MiB read chunks, twice and a half: the streamed hash must equal the one-piece hash.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "needs /usr/bin/sha256sum"))
    func aFileLargerThanOneChunkMatchesSha256sum() throws {
        let folder = try TemporaryFolder()
        let bytes = Data((0..<(5 << 19)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })
        let url = try folder.write(bytes, to: "large.bin")
        let digest = try FileDigest(fileAt: url)
        #expect(digest.bytes == bytes.count)
        #expect(digest.sha256 == (try sha256sum(url)))
    }

    @Test func aMissingFileThrowsNamingIt() throws {
        let folder = try TemporaryFolder()
        #expect { try FileDigest(fileAt: folder.url.appendingPathComponent("nowhere.db")) } throws: {
            "\($0)".contains("nowhere.db")
        }
    }
}
