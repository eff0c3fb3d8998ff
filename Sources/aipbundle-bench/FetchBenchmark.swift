import AIPFetch
import AIPPipeline
import Foundation
import TestSupport

/// `fetch` of a 1,000-page eAIP mirror from a local server (pages/s, MB/s, peak memory), then the repeat fetch with
/// everything unchanged (conditional requests only). The pages are the real EGMC page under 1,000 made-up ICAO codes.
enum FetchBench {
    static let pages = 1_000

    static func run(page: URL, scratch: URL) throws {
        let site = scratch.appendingPathComponent("fetch-site")
        let base = "www.aurora.nats.co.uk/htmlAIP/Publications/2026-11-26-AIRAC/html/eAIP"
        let folder = site.appendingPathComponent(base)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try String(contentsOf: page, encoding: .utf8)
        var links = ""
        for index in 0..<pages {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            let icao = "E" + String(letters[index / 676 % 26]) + String(letters[index / 26 % 26]) + String(letters[index % 26])
            let body = Data(text.replacingOccurrences(of: "EGMC", with: icao).utf8)
            try body.write(to: folder.appendingPathComponent("EG-AD-2.\(icao)-en-GB.html"))
            // The menu is html/index-en-GB.html itself (no frames); the pages are in html/eAIP/, as on the real site.
            links += "<a href=\"eAIP/EG-AD-2.\(icao)-en-GB.html#AD-2.\(icao)\">\(icao)</a>\n"
        }
        try Data("<html><body>\(links)</body></html>".utf8).write(to: folder.deletingLastPathComponent().appendingPathComponent("index-en-GB.html"))
        let server = try MirrorServer(root: site)
        defer { server.stop() }
        var settings = FetchSettings()
        settings.politeDelayMilliseconds = 0
        settings.maxConnectionsPerHost = 8
        settings.required = ["eaip-gb"]
        // 1,000 made-up aerodromes need more names than the 676 EGxx the UK's link pattern allows.
        settings.sources["eaip-gb"]?.links = [#"EG-AD-2\.([A-Z]{4})-en-GB\.html$"#]
        var options = FetchOptions(out: scratch.appendingPathComponent("fetch-out"), cycle: AIRACCycle(effectiveDate: "2026-11-26")!,
                                   settings: settings, userAgent: "aipbundle-bench")
        options.mirror = server.baseURL
        options.only = ["eaip-gb"]
        let fetch = options
        for label in ["fetch, 1000 pages", "fetch again, unchanged"] {
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = try blocking { try await Fetcher.fetch(fetch) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let transferred = summary.sources.reduce(0) { $0 + $1.bytesTransferred }
            print(String(format: "%-28@ %8.2f s  %7.0f pages/s  %7.1f MB/s  %d bytes transferred  (%@)  peak %.0f MB",
                         label, seconds, Double(pages) / seconds, Double(transferred) / seconds / 1_000_000, transferred,
                         summary.sources.map(\.outcome.rawValue).joined(separator: ","), peakMemoryMB()))
            // A benchmark of a failed fetch measures nothing: say why, and stop.
            if let failed = summary.sources.first(where: { $0.outcome == .failed }) {
                throw FetchError(.network, "the fetch benchmark failed: \(failed.reason ?? failed.id)")
            }
        }
    }
}
