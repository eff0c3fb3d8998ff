import AIPBundleFolder
import AIPFetch
import Foundation
import TestSupport
import Testing

@Suite("download errors as sentences")
struct FetchErrorTextTests {
    @Test("a refused connection names the URL (no credential), the cause and what to do; no raw error type")
    func refused() async throws {
        let settings = #"{"fetch": {"timeout_seconds": 2, "retries": 0, "polite_delay_ms": 0, "required": ["secret"], "sources": {"secret": {"files": [{"url": "https://user:hunter2@data.example/export.csv?token=SECRET123&day=1", "path": "secret/export.csv", "check": "text"}]}}}}"#
        let out = try TemporaryFolder()
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        // A port nothing listens on any more; stopped after the server above is bound, which once was given the
        // port just freed and answered 404 instead of refusing.
        let gone = try MirrorServer(root: FileManager.default.temporaryDirectory)
        let port = gone.port
        gone.stop()
        var options = try fetchOptions(out.url, server: server, only: "secret", settings: settings)
        options.mirror = "http://mirroruser:mirrorpass@127.0.0.1:\(port)"
        let summary = try await Fetcher.fetch(options)
        let reason = try #require(summary.sources.first?.reason)
        #expect(reason.contains("https://data.example/export.csv"), "\(reason)")
        #expect(reason.contains("connect"), "\(reason)")
        for leak in ["hunter2", "SECRET123", "mirrorpass", "NIO", "Error(", "UserInfo", "Domain="] {
            #expect(!reason.contains(leak), "\(leak) in: \(reason)")
        }
    }

    @Test("an error of the run says its kind: a source --only does not know is the settings', a busy tree another fetch's")
    func kinds() async throws {
        let out = try TemporaryFolder()
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let options = try fetchOptions(out.url, server: server, only: "nonesuch", settings: #"{"fetch": {}}"#)
        await #expect { try await Fetcher.fetch(options) } throws: { ($0 as? FetchError)?.kind == .settings }
        let holder = try BundleFolder(root: out.url)
        await #expect { try await Fetcher.fetch(fetchOptions(out.url, server: server)) } throws: { ($0 as? FetchError)?.kind == .busy }
        withExtendedLifetime(holder) {}
    }
}
