import AIPFetch
import Crypto
import Foundation
import TestSupport
import Testing

@Suite("fetch does not trust a 304 that names other bytes")
struct FetchNotModifiedTests {
    @Test("a 304 with a new ETag leads to an unconditional download, and the lock records the bytes it brings")
    func newETag() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        _ = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports"))
        let changed = String(decoding: try site.bytes(at: PagesSite.airportsPath), as: UTF8.self) + "1,\"ZZZZ\",\"heliport\",\"New\",0,0,\"FR\"\n"
        try site.write(changed, at: PagesSite.airportsPath)
        server.set(PagesSite.airportsPath, .notModifiedWithETag("\"proxy-says-new\""))
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports"))
        #expect(summary.ok && summary.published, "\(summary.lines)")
        let lock = try #require(try SourcesLock.read(from: out.url))
        let entry = try #require(lock.sources.first { $0.id == "ourairports" }?.files.first { $0.path == "ourairports/airports.csv" })
        #expect(entry.sha256 == SHA256.hash(data: Data(changed.utf8)).map { String(format: "%02x", $0) }.joined())
        #expect(entry.etag != "\"proxy-says-new\"")
        #expect(try Data(contentsOf: out.url.appendingPathComponent("ourairports/airports.csv")) == Data(changed.utf8))
    }
}
