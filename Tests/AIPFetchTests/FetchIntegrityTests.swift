import AIPFetch
import Foundation
import TestSupport
import Testing

/// Every run checks the bytes it keeps (cache objects, the previous tree) against the lock's SHA-256.
@Suite("fetch verifies what it keeps against the lock")
struct FetchIntegrityTests {
    /// Writes into the file in place, as an editor saving over it would: through the hard link, so the cache object
    /// changes with it.
    private func editInPlace(_ file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data("EDITED".utf8))
        try handle.close()
    }

    /// An edit in place changes the cache object too (a hard link); with the cache deleted (the documented recovery)
    /// only the tree holds the edit. Either way the next fetch puts the published bytes back.
    @Test("a tree file edited in place is repaired by the next fetch, with its cache object or with the cache deleted",
          arguments: [false, true])
    func editedInPlace(cacheDeleted: Bool) async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        _ = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        if cacheDeleted { try FileManager.default.removeItem(at: out.url.appendingPathComponent(Fetcher.cacheFolderName)) }
        let airports = out.url.appendingPathComponent("ourairports/airports.csv")
        try editInPlace(airports)
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        #expect(summary.ok, "\(summary.lines)")
        #expect(try Data(contentsOf: airports) == site.bytes(at: PagesSite.airportsPath))
    }

    @Test("a kept source (not in --only) whose file was edited and has no cache object fails the run, naming the file")
    func editedKeptFile() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        _ = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        try FileManager.default.removeItem(at: out.url.appendingPathComponent(Fetcher.cacheFolderName))
        try editInPlace(out.url.appendingPathComponent("eaip/gb/EG-AD-2.EGMC-en-GB.html"))
        // ourairports changes upstream, so the tree must be assembled anew, with eaip-gb kept.
        try site.write(String(decoding: try site.bytes(at: PagesSite.airportsPath), as: UTF8.self) + "1,\"ZZZZ\",\"heliport\",\"New\",0,0,\"FR\"\n",
                       at: PagesSite.airportsPath)
        await #expect { try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports")) } throws: { error in
            "\(error)".contains("eaip/gb/EG-AD-2.EGMC-en-GB.html") && "\(error)".contains("SHA-256")
        }
    }
}
