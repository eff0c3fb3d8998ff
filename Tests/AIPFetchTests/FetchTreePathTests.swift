import AIPFetch
import Foundation
import TestSupport
import Testing

/// A name from a menu link or from settings becomes a tree path only if it passes the tree-path rule; one that does
/// not fails its own source, never the run.
@Suite("fetch checks every tree path per source")
struct FetchTreePathTests {
    @Test("a menu link whose name decodes to ../escape/… fails its optional source; the required ones are published")
    func encodedParent() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        try site.write(#"<html><body><a href="..%2Fescape%2FEG-AD-2.EGXX-en-GB.html">EGXX</a></body></html>"#, at: PagesSite.ukMenuPath)
        try site.write(#"<html><body><div id="EGXX-AD-2.1">EGXX</div></body></html>"#, at: PagesSite.ukBase + "/escape/EG-AD-2.EGXX-en-GB.html")
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, settings: PagesSite.settingsWithOptionalEAIP))
        let failed = try #require(summary.sources.first { $0.id == "eaip-gb" })
        #expect(failed.outcome == .failed)
        #expect(failed.reason?.contains("../escape/EG-AD-2.EGXX-en-GB.html") == true, "\(failed.reason ?? "")")
        #expect(summary.ok && summary.published, "\(summary.lines)")
        #expect(treeSnapshot(out.url)["ourairports/airports.csv"] != nil)
        #expect(!FileManager.default.fileExists(atPath: out.url.appendingPathComponent("eaip/escape").path))
    }

    @Test("a path from settings outside the tree, hidden, or the lock's own name fails that source only",
          arguments: ["../odd.txt", "odd/../../odd.txt", "/tmp/odd.txt", ".aipfetch-cache/odd.txt", "sources.lock.json", "odd//odd.txt"])
    func settingsPath(_ path: String) async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        try site.write("odd\n", at: "/odd.example/odd.txt")
        let settings = #"{"fetch": {"retries": 0, "polite_delay_ms": 0, "required": ["ourairports"], "sources": {"odd": {"files": [{"url": "https://odd.example/odd.txt", "path": "\#(path)", "check": "text"}]}}}}"#
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports,odd", settings: settings))
        let failed = try #require(summary.sources.first { $0.id == "odd" })
        #expect(failed.outcome == .failed)
        #expect(failed.reason?.contains("tree path") == true, "\(failed.reason ?? "")")
        #expect(summary.ok && summary.published, "\(summary.lines)")
        #expect(!server.paths.contains("/odd.example/odd.txt"))
    }
}
