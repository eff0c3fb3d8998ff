import AIPFetch
import AIPPipeline
import Foundation
import TestSupport
import Testing

@Suite("fetch against a local mirror")
struct FetchTests {
    @Test("every source ok, then unchanged on a second fetch, which leaves the tree alone")
    func summary() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        let first = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        #expect(first.sources.map(\.outcome) == Array(repeating: .ok, count: 4))
        #expect(first.published && first.ok)
        let tree = treeSnapshot(out.url)
        let second = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        #expect(second.sources.map(\.outcome) == Array(repeating: .unchanged, count: 4))
        #expect(second.published == false && second.ok)
        #expect(second.sources.allSatisfy { $0.bytesTransferred == 0 })
        #expect(treeSnapshot(out.url) == tree)
    }

    static let misbehaviours: [(String, String, MirrorServer.Misbehaviour, String?)] = [
        ("404 for one aerodrome", PagesSite.ukPagePath, .status(404), "HTTP 404"),
        ("500 then 200", PagesSite.airportsPath, .failFirst(times: 1, status: 500), nil),
        ("429 then 200", PagesSite.airportsPath, .failFirst(times: 2, status: 429), nil),
        ("always 503", PagesSite.airportsPath, .status(503), "HTTP 503 (after 3 attempts)"),
        ("a stall past the timeout", PagesSite.airportsPath, .stall, "no answer within the timeout (after 3 attempts)"),
        ("a body cut short", PagesSite.airportsPath, .cutShort, "before the whole body arrived (after 3 attempts): a transfer cut short"),
        ("a redirect loop", PagesSite.airportsPath, .redirect("/ourairports-data/airports.csv"), "more than 5 redirects"),
        ("HTML with 200 where a CSV belongs", PagesSite.airportsPath, .htmlInstead, "an HTML page where a CSV file belongs"),
        ("a Content-Length of 5 GB", PagesSite.airportsPath, .hugeLength, "announces 5000000000 bytes, more than max_bytes"),
    ]

    @Test("each misbehaviour ends in a retry that succeeds or a failure naming source and URL; the previous tree stays byte-identical",
          arguments: 0..<misbehaviours.count)
    func misbehaviour(_ index: Int) async throws {
        let (_, path, misbehaviour, expected) = Self.misbehaviours[index]
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        _ = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        let before = treeSnapshot(out.url)
        // A new upstream version, so a successful retry must change the tree.
        try site.write(String(decoding: try site.bytes(at: PagesSite.airportsPath), as: UTF8.self) + "999999,\"ZZZZ\",\"small_airport\",\"New\",0,0,\"FR\"\n",
                       at: PagesSite.airportsPath)
        server.set(path, misbehaviour)
        // Only the source of the misbehaving path: another one slow on a loaded machine cannot blur the outcome.
        var options = try fetchOptions(out.url, server: server, only: path == PagesSite.ukPagePath ? "eaip-gb" : "ourairports")
        // A stall is waited out for the timeout, three times: short here, yet far enough from the file's deadline
        // (10 × the timeout) that a test run starving the machine for half a minute still ends in the timeouts.
        if case .stall = misbehaviour { options.settings.timeoutSeconds = 4 }
        let summary = try await Fetcher.fetch(options)
        if let expected {
            let failed = try #require(summary.sources.first { $0.outcome == .failed })
            #expect(failed.reason?.contains(expected) == true, "\(failed.reason ?? "")")
            #expect(failed.reason?.contains(failed.id + ": http://") == true || failed.reason?.contains(failed.id + ": https://") == true)
            #expect(!summary.ok && !summary.published)
            #expect(treeSnapshot(out.url) == before)
        } else {
            if case .failFirst(let times, let status) = misbehaviour { #expect(server.count(status: status) == times) }
            #expect(summary.ok && summary.published)
            #expect(summary.sources.first { $0.id == "ourairports" }?.outcome == .ok)
            #expect(treeSnapshot(out.url) != before)
        }
    }

    @Test("Norway's publication is found through the entry page's redirect; Austria's PDFs through ad_2.htm")
    func redirectAndAustria() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        server.set("/aim-prod.avinor.no/no/AIP/", .redirect("/no/AIP/View/Index/152"))
        let out = try TemporaryFolder()
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server, only: "eaip-no,aip-pdf-at"))
        #expect(summary.sources.map(\.outcome) == [.ok, .ok], "\(summary.lines)")
        let tree = treeSnapshot(out.url)
        #expect(tree["eaip/no/EN-AD-2.ENGM-en-GB.html"] != nil)
        #expect(tree["aip-pdf/at/LO_AD_2_LOWW_en.pdf"] != nil)
    }

    @Test("an optional source that fails is left out, or with --keep-stale keeps its pages and the lock says so")
    func keepStale() async throws {
        let site = try PagesSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        var options = try fetchOptions(out.url, server: server)
        options.settings.required = ["ourairports"]
        _ = try await Fetcher.fetch(options)
        server.set(PagesSite.ukPagePath, .status(404))
        options.keepStale = true
        let stale = try await Fetcher.fetch(options)
        #expect(stale.ok && stale.sources.first { $0.id == "eaip-gb" }?.staleFrom == PagesSite.airac)
        let lock = try #require(try SourcesLock.read(from: out.url))
        #expect(lock.sources.first { $0.id == "eaip-gb" }?.staleFrom == PagesSite.airac)
        #expect(treeSnapshot(out.url)["eaip/gb/EG-AD-2.EGMC-en-GB.html"] != nil)
        options.keepStale = false
        let dropped = try await Fetcher.fetch(options)
        #expect(dropped.ok && dropped.published)
        #expect(treeSnapshot(out.url)["eaip/gb/EG-AD-2.EGMC-en-GB.html"] == nil)
        #expect(treeSnapshot(out.url)["ourairports/airports.csv"] != nil)
    }

    @Test("--mirror maps https://host/path?query to BASE/host/path?query")
    func mirrorMapping() throws {
        let mapping = MirrorMapping(base: "http://127.0.0.1:8080/m/")
        #expect(mapping.requestURL(for: URL(string: "https://eur-lex.europa.eu/legal-content/EN/TXT/HTML/?uri=OJ:C_202406003")!)
                == "http://127.0.0.1:8080/m/eur-lex.europa.eu/legal-content/EN/TXT/HTML/?uri=OJ:C_202406003")
        #expect(MirrorMapping.resolve("/no/AIP/View/Index/152", against: URL(string: "https://aim-prod.avinor.no/no/AIP/")!)?.absoluteString
                == "https://aim-prod.avinor.no/no/AIP/View/Index/152")
    }

    @Test("URL templates expand the cycle's variables (the worked example 2026-11-26)")
    func templates() throws {
        let variables = CycleVariables(AIRACCycle(effectiveDate: "2026-11-26")!)
        #expect(try variables.expand("eAIP_{dd}_{MON}_{yyyy}/FRANCE/AIRAC-{airac}/ lo/{yymmdd} v{cycle}")
                == "eAIP_26_NOV_2026/FRANCE/AIRAC-2026-11-26/ lo/261126 v2612")
        #expect(throws: FetchError.self) { try variables.expand("{airak}") }
    }
}
