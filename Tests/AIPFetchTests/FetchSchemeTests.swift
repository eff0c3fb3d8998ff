import AIPFetch
import Foundation
import TestSupport
import Testing

/// Only `https` is requested, or `http` where the source's own URL is `http` (the mirror's scheme is its own):
/// a redirect or a menu link elsewhere (`http+unix://` reaches a local socket, `http://` downgrades) is refused.
@Suite("fetch requests only https")
struct FetchSchemeTests {
    static let redirects = [
        "http+unix://evil.example/ourairports-data/airports.csv",
        "http://davidmegginson.github.io/copy/airports.csv",
        "ftp://evil.example/ourairports-data/airports.csv",
    ]

    @Test("a redirect to another scheme, or from https to http, is refused and never requested", arguments: redirects)
    func redirect(_ location: String) async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        // The target exists in the mirror, so following the redirect would succeed.
        let target = try #require(URL(string: location))
        try site.write(String(decoding: try site.bytes(at: PagesSite.airportsPath), as: UTF8.self), at: "/\(target.host!)\(target.path)")
        server.set(PagesSite.airportsPath, .redirect(location))
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports"))
        let failed = try #require(summary.sources.first { $0.outcome == .failed }, "\(summary.lines)")
        #expect(failed.reason?.contains("refused") == true && failed.reason?.contains("\(target.scheme!)://") == true, "\(failed.reason ?? "")")
        #expect(!server.paths.contains("/\(target.host!)\(target.path)"))
        #expect(!summary.published)
    }

    @Test("a menu link to http+unix:// fails its source, named in the reason; the required sources are published")
    func menuLink() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        try site.write(#"<html><body><a href="http+unix://evil.example/eAIP/EG-AD-2.EGKK-en-GB.html">EGKK</a></body></html>"#,
                       at: PagesSite.ukMenuPath)
        try site.write(#"<html><body><div id="EGKK-AD-2.1">EGKK</div></body></html>"#, at: "/evil.example/eAIP/EG-AD-2.EGKK-en-GB.html")
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, settings: PagesSite.settingsWithOptionalEAIP))
        let failed = try #require(summary.sources.first { $0.id == "eaip-gb" })
        #expect(failed.outcome == .failed)
        #expect(failed.reason?.contains("http+unix://evil.example/eAIP/EG-AD-2.EGKK-en-GB.html") == true, "\(failed.reason ?? "")")
        #expect(!server.paths.contains("/evil.example/eAIP/EG-AD-2.EGKK-en-GB.html"))
        #expect(summary.ok && summary.published)
        #expect(treeSnapshot(out.url)["eaip/gb/EG-AD-2.EGKK-en-GB.html"] == nil)
    }

    @Test("a source whose own URL is http is fetched over http")
    func plainHTTPSource() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        try site.write("plain text\n", at: "/plain.example/data.txt")
        let settings = #"{"fetch": {"retries": 0, "polite_delay_ms": 0, "required": ["plain"], "sources": {"plain": {"files": [{"url": "http://plain.example/data.txt", "path": "plain/data.txt", "check": "text"}]}}}}"#
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "plain", settings: settings))
        #expect(summary.ok && summary.published, "\(summary.lines)")
        #expect(treeSnapshot(out.url)["plain/data.txt"] == Data("plain text\n".utf8))
    }
}
