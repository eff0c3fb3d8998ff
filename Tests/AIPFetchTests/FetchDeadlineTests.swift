import AIPFetch
import Foundation
import TestSupport
import Testing

/// `timeout_seconds` bounds silence; a server that never falls silent is bounded by the file's deadline.
@Suite("fetch gives each file a deadline")
struct FetchDeadlineTests {
    @Test("a file trickling in byte by byte fails at timeout_seconds × 10, however many retries are left")
    func trickle() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        // 2,000 bytes at one per 250 ms: 500 s, each byte well within the 1 s idle timeout. So long that a run of the
        // whole test suite starving this one for minutes still tells a deadline (10 s) from none.
        try site.write(#""ident","type","name""# + "\n" + String(repeating: "x", count: 1_978) + "\n", at: PagesSite.airportsPath)
        server.set(PagesSite.airportsPath, .trickle(milliseconds: 250))
        let out = try TemporaryFolder()
        let settings = #"{"fetch": {"timeout_seconds": 1, "retries": 50, "retry_base_ms": 10, "polite_delay_ms": 0, "required": ["ourairports"]}}"#
        let started = ContinuousClock.now
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "ourairports", settings: settings))
        let elapsed = ContinuousClock.now - started
        let failed = try #require(summary.sources.first { $0.outcome == .failed }, "\(summary.lines)")
        #expect(failed.reason?.contains("https://davidmegginson.github.io/ourairports-data/airports.csv: not complete within 10 s") == true,
                "\(failed.reason ?? "")")
        #expect(elapsed < .seconds(250), "\(elapsed)")
        #expect(!summary.published)
    }
}
