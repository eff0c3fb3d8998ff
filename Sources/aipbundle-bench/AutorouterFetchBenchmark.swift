import AIPFetch
import AIPPipeline
import Foundation
import TestSupport

/// `fetch` of the autorouter source for 1,000 aerodromes from a local stand-in of the API (document lists and
/// chapters: the real chapters of `../shared/fixtures/aip-pdf` under 1,000 made-up ICAO codes), then the repeat
/// fetch, which asks only for the document lists (every chapter's document id is cached).
enum AutorouterFetchBench {
    static let aerodromes = 1_000

    static func run(chapters folder: URL, scratch: URL) throws {
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }.sorted()
            .map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        guard !pdfs.isEmpty else {
            print("fetch-autorouter: skipped, no PDF in \(folder.path)")
            return
        }
        let server = try AutorouterServer(clientID: "bench", clientSecret: "bench-secret")
        defer { server.stop() }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var icaos: [String] = []
        for index in 0..<aerodromes {
            let icao = "E" + String(letters[index / 676 % 26]) + String(letters[index / 26 % 26]) + String(letters[index % 26])
            icaos.append(icao)
            server.set(icao, .init(chapter: ("\(100_000 + index)", pdfs[index % pdfs.count]), approaches: ["RWY 09 ILS Z", "RWY 27 RNP"],
                                   departures: ["RWY 27 ABC 1A"], arrivals: ["DEF 1B"]))
        }
        // OurAirports' airports.csv, served beside: the source the aerodromes are chosen from.
        let site = scratch.appendingPathComponent("autorouter-site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data(("\"id\",\"ident\",\"type\"\n" + icaos.enumerated().map { "\($0),\"\($1)\",\"small_airport\"\n" }.joined()).utf8)
            .write(to: site.appendingPathComponent("airports.csv"))
        let mirror = try MirrorServer(root: site)
        defer { mirror.stop() }
        var settings = FetchSettings()
        settings.politeDelayMilliseconds = 0
        settings.maxConnectionsPerHost = 8
        settings.required = ["ourairports"]
        settings.sources["ourairports"] = SourceDefinition(files: [.init(url: mirror.baseURL + "/airports.csv", path: "ourairports/airports.csv",
                                                                         check: .csv(columns: ["ident", "type"]))])
        var autorouter = AutorouterSettings()
        autorouter.api = server.baseURL + "/v1.0"
        settings.sources["autorouter"] = SourceDefinition(autorouter: autorouter)
        var options = FetchOptions(out: scratch.appendingPathComponent("autorouter-out"), cycle: AIRACCycle(effectiveDate: "2026-11-26")!,
                                   settings: settings, userAgent: "aipbundle-bench")
        options.only = ["ourairports", "autorouter"]
        options.environment = ["AUTOROUTER_CLIENT_ID": "bench", "AUTOROUTER_CLIENT_SECRET": "bench-secret"]
        let aerodromeList = icaos.map { FetchAerodrome(icao: $0, country: "XX", type: "small_airport") }
        options.aerodromes = { _ in aerodromeList }
        let fetch = options
        for label in ["fetch-autorouter, 1000 ADs", "fetch-autorouter again"] {
            let before = server.requests.count
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = try blocking { try await Fetcher.fetch(fetch) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let source = summary.sources.first { $0.id == "autorouter" }
            let transferred = source?.bytesTransferred ?? 0
            print(String(format: "%-28@ %8.2f s  %7.0f aerodromes/s  %7.1f MB/s  %d requests  (%@)  peak %.0f MB",
                         label, seconds, Double(aerodromes) / seconds, Double(transferred) / seconds / 1_000_000,
                         server.requests.count - before, source?.outcome.rawValue ?? "-", peakMemoryMB()))
            if let failed = summary.sources.first(where: { $0.outcome == .failed }) {
                throw FetchError(.network, "the autorouter fetch benchmark failed: \(failed.reason ?? failed.id)")
            }
        }
    }
}
