import AIPFetch
import AIPPipeline
import Foundation
import TestSupport

/// The committed tiny mirror (`Pages/`, see its README) copied into a temporary folder a test may change, so the
/// fetch tests run in a clean clone without `../shared`.
struct PagesSite {
    static let airac = "2026-11-26"
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Pages")
    static let airportsPath = "/davidmegginson.github.io/ourairports-data/airports.csv"
    static let ukBase = "/www.aurora.nats.co.uk/htmlAIP/Publications/2026-11-26-AIRAC/html"
    static let ukMenuPath = ukBase + "/eAIP/EG-menu-en-GB.html"
    static let ukPagePath = ukBase + "/eAIP/EG-AD-2.EGMC-en-GB.html"
    /// The sources fetched unless a test says otherwise: the three a build needs and one eAIP.
    static let sources = "ourairports,geonames,firs,eaip-gb"

    /// `pipeline.json` for this mirror: retries and backoff so short that a misbehaviour ends in seconds, a timeout
    /// a loaded test machine still meets, and every source of ``sources`` required.
    static let settings = requiring(["ourairports", "geonames", "firs", "eaip-gb"])
    /// The same with the eAIP optional, as by default: its failure leaves the run ok.
    static let settingsWithOptionalEAIP = requiring(["ourairports", "geonames", "firs"])

    private static func requiring(_ required: [String]) -> String {
        #"{"fetch": {"timeout_seconds": 20, "retries": 2, "retry_base_ms": 10, "polite_delay_ms": 0, "required": [\#(required.map { "\"\($0)\"" }.joined(separator: ", "))]}}"#
    }

    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.copyItem(at: Self.committed, to: site)
    }

    var root: URL { folder.url.appendingPathComponent("site") }

    /// Replaces the file served at `path` (`/host/path`).
    func write(_ text: String, at path: String) throws {
        try folder.write(text, to: "site" + path)
    }

    func bytes(at path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(String(path.dropFirst())))
    }
}

/// What `fetch --mirror` is asked for in these tests.
func fetchOptions(_ out: URL, server: MirrorServer, only: String = PagesSite.sources, settings json: String = PagesSite.settings) throws -> FetchOptions {
    let settings = try SettingsFile(data: Data(json.utf8), name: "test", sections: ["fetch"]).decode(FetchSettings.self, section: "fetch")
    var options = FetchOptions(out: out, cycle: AIRACCycle(effectiveDate: PagesSite.airac)!, settings: settings, userAgent: "aipbundle/test")
    options.mirror = server.baseURL
    options.only = only.split(separator: ",").map(String.init)
    return options
}
