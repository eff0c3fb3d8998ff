@testable import AIPFetch
import Foundation
import TestSupport
import Testing

@Suite("two fetches sharing a cache")
struct FetchSharedCacheTests {
    @Test("a fetch starting while another downloads into the same --cache leaves its downloads alone; both publish")
    func twoAtOnce() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        // A slow file keeps the first fetch's download in the cache's temporary folder while the second starts.
        server.set(PagesSite.airportsPath, .trickle(milliseconds: 20))
        let cache = try TemporaryFolder()
        let (first, second) = (try TemporaryFolder(), try TemporaryFolder())
        func options(_ out: URL) throws -> FetchOptions {
            var options = try fetchOptions(out, server: server, only: "ourairports")
            options.cache = cache.url
            return options
        }
        let firstOptions = try options(first.url)
        let firstRun = Task { try await Fetcher.fetch(firstOptions) }
        while !server.paths.contains(PagesSite.airportsPath) { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(200))
        let secondSummary = try await Fetcher.fetch(options(second.url))
        let firstSummary = try await firstRun.value
        for summary in [firstSummary, secondSummary] {
            #expect(summary.ok && summary.published, "\(summary.lines)")
        }
        let expected = try site.bytes(at: PagesSite.airportsPath)
        #expect(treeSnapshot(first.url)["ourairports/airports.csv"] == expected)
        #expect(treeSnapshot(second.url)["ourairports/airports.csv"] == expected)
    }

    @Test("a fetch alone on the cache sweeps the downloads a killed fetch left; one that is not sweeps nothing")
    func sweep() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let cache = try TemporaryFolder()
        let left = cache.url.appendingPathComponent("tmp/left-by-a-killed-fetch")
        var options = try fetchOptions(try TemporaryFolder().url, server: server, only: "ourairports")
        options.cache = cache.url
        do {
            // Another fetch holding the cache: the file may be its download.
            let holder = try ObjectStore(root: cache.url).lease()
            try cache.write("half a download", to: "tmp/left-by-a-killed-fetch")
            _ = try await Fetcher.fetch(options)
            #expect(FileManager.default.fileExists(atPath: left.path))
            withExtendedLifetime(holder) {}
        }
        // Alone now, but a process another test spawns in this test run holds a copy of every open descriptor (the
        // lock's among them) from its fork until its exec: on a loaded machine the cache can still look held for a
        // moment. A fetch that finds itself alone sweeps; a few fetches in a row find that moment gone.
        for _ in 0..<5 where FileManager.default.fileExists(atPath: left.path) {
            _ = try await Fetcher.fetch(options)
        }
        #expect(!FileManager.default.fileExists(atPath: left.path))
    }
}
