import AIPCommands
import AIPFetch
import AIPJSON
import AIPStages
import ArgumentParser
import Foundation
import GRDB
import TestSupport
import Testing

/// Runs `aipbundle ARGS` in-process; the exit code it would end with.
func runAIPBundle(_ arguments: [String]) async -> Int32 {
    do {
        var command = try AIPBundleCommand.parseAsRoot(arguments)
        if var command = command as? any AsyncParsableCommand { try await command.run() } else { try command.run() }
        return 0
    } catch {
        return AIPBundleCommand.exitCode(for: error).rawValue
    }
}

/// Fast limits so misbehaviours end in seconds.
let testSettings = #"{"fetch": {"timeout_seconds": 1, "retries": 2, "retry_base_ms": 10, "polite_delay_ms": 0, "required": ["ourairports", "geonames", "firs", "eaip-gb", "eaip-fr"]}}"#

func fetchOptions(_ out: URL, server: MirrorServer, only: String = MirrorSite.buildable) throws -> FetchOptions {
    let settings = try SettingsFile(data: Data(testSettings.utf8), name: "test", sections: ["fetch"])
        .decode(FetchSettings.self, section: "fetch")
    var options = FetchOptions(out: out, cycle: AIRACCycle(effectiveDate: MirrorSite.airac)!, settings: settings, userAgent: "aipbundle/test")
    options.mirror = server.baseURL
    options.only = only.split(separator: ",").map(String.init)
    return options
}

@Suite("fetch against a local mirror", .enabled(if: SharedFixtures.available, "needs ../shared/fixtures (the real eAIP pages)"))
struct FetchTests {
    @Test("fetch then build: both real pages found through the menus, check passes; a second fetch is 304s only, tree and lock unchanged")
    func fetchThenBuild() async throws {
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let work = try TemporaryFolder()
        let sources = work.url.appendingPathComponent("sources"), bundle = work.url.appendingPathComponent("bundle")
        let config = try work.write(testSettings, to: "pipeline.json")

        let first = await runAIPBundle(["fetch", "--out", sources.path, "--airac", MirrorSite.airac, "--mirror", server.baseURL,
                                        "--only", MirrorSite.buildable, "--config", config.path])
        #expect(first == 0)
        let tree = treeSnapshot(sources)
        #expect(tree["eaip/gb/EG-AD-2.EGMC-en-GB.html"] == (try Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"))))
        #expect(tree["eaip/fr/FR-AD-2.LFAQ-fr-FR.html"] == (try Data(contentsOf: SharedFixtures.url("eaip/FR-AD-2.LFAQ-fr-FR.html"))))
        #expect(tree["geonames/cities1000.zip"] != nil && tree["firs/VATSpy.dat"] != nil && tree["ourairports/navaids.csv"] != nil)
        let lock = try #require(tree["sources.lock.json"])
        #expect(try schemaViolations(lock, schema: "sources-lock.schema.json") == [])
        #expect(server.requests.allSatisfy { $0["user-agent"] == "aipbundle/\(AIPBundleCommand.configuration.version)" })

        #expect(await runAIPBundle(["build", "--sources", sources.path, "--out", bundle.path, "--airac", MirrorSite.airac, "--only", "airports"]) == 0)
        #expect(await runAIPBundle(["check", bundle.path]) == 0)
        let manifest = try JSONValue.parse(Array(Data(contentsOf: bundle.appendingPathComponent("manifest.json"))))
        guard case .object(let top) = manifest, case .object(let build)? = top.first(where: { $0.key == "build" })?.value else {
            Issue.record("manifest.json has no build object")
            return
        }
        #expect(build.first { $0.key == "sources_lock_sha256" }?.value == .string(try sha256sum(sources.appendingPathComponent("sources.lock.json"))))
        let icaos = try aipEntryICAOs(bundle.appendingPathComponent("airports.db"))
        #expect(icaos.contains("EGMC") && icaos.contains("LFAQ"))

        server.resetCounts()
        let second = await runAIPBundle(["fetch", "--out", sources.path, "--airac", MirrorSite.airac, "--mirror", server.baseURL,
                                         "--only", MirrorSite.buildable, "--config", config.path])
        #expect(second == 0)
        #expect(server.count(status: 200) == 0)
        #expect(server.count(status: 304) == server.requests.count)
        #expect(server.requests.allSatisfy { $0["if-none-match"] != nil })
        #expect(treeSnapshot(sources) == tree)
    }

    @Test("the --json summary follows fetch.schema.json and says ok, then unchanged")
    func summary() async throws {
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        let first = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        #expect(first.sources.map(\.outcome) == Array(repeating: .ok, count: 5))
        let second = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        #expect(second.sources.map(\.outcome) == Array(repeating: .unchanged, count: 5))
        #expect(second.published == false && second.ok)
        #expect(try schemaViolations(Data(second.json().utf8), schema: "fetch.schema.json") == [])
    }

    static let misbehaviours: [(String, String, MirrorServer.Misbehaviour, String?)] = [
        ("404 for one aerodrome", MirrorSite.ukPagePath, .status(404), "HTTP 404"),
        ("500 then 200", MirrorSite.airportsPath, .failFirst(times: 1, status: 500), nil),
        ("429 then 200", MirrorSite.airportsPath, .failFirst(times: 2, status: 429), nil),
        ("always 503", MirrorSite.airportsPath, .status(503), "HTTP 503 (after 3 attempts)"),
        ("a stall past the timeout", MirrorSite.airportsPath, .stall, "timeout"),
        ("a body cut short", MirrorSite.airportsPath, .cutShort, "airports.csv"),
        ("a redirect loop", MirrorSite.airportsPath, .redirect("/ourairports-data/airports.csv"), "redirects"),
        ("HTML with 200 where a CSV belongs", MirrorSite.airportsPath, .htmlInstead, "an HTML page where a CSV file belongs"),
        ("a Content-Length of 5 GB", MirrorSite.airportsPath, .hugeLength, "max_bytes"),
    ]

    @Test("each misbehaviour ends in a retry that succeeds or a failure naming source and URL; the previous tree stays byte-identical",
          arguments: 0..<misbehaviours.count)
    func misbehaviour(_ index: Int) async throws {
        let (_, path, misbehaviour, expected) = Self.misbehaviours[index]
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        _ = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        let before = treeSnapshot(out.url)
        // A new upstream version, so a successful retry must change the tree.
        try site.folder.write(String(decoding: try Data(contentsOf: site.root.appendingPathComponent(String(MirrorSite.airportsPath.dropFirst()))), as: UTF8.self)
                              + "999999,ZZZZ,small_airport,New,0,0,0,EU,FR,FR-X,x,no,ZZZZ,,ZZZZ,,,\n",
                              to: String(MirrorSite.airportsPath.dropFirst()))
        server.set(path, misbehaviour)
        let summary = try await Fetcher.fetch(fetchOptions(out.url, server: server))
        if let expected {
            let failed = try #require(summary.sources.first { $0.outcome == .failed })
            #expect(failed.reason?.contains(expected) == true, "\(failed.reason ?? "")")
            #expect(failed.reason?.contains(failed.id + ": http://") == true || failed.reason?.contains(failed.id + ": https://") == true)
            #expect(!summary.ok && !summary.published)
            #expect(treeSnapshot(out.url) == before)
        } else {
            #expect(summary.ok && summary.published)
            #expect(summary.sources.first { $0.id == "ourairports" }?.outcome == .ok)
            #expect(treeSnapshot(out.url) != before)
        }
    }

    @Test("Norway's publication is found through the entry page's redirect; Austria's PDFs through ad_2.htm")
    func redirectAndAustria() async throws {
        let site = try MirrorSite()
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
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let out = try TemporaryFolder()
        var options = try fetchOptions(out.url, server: server)
        options.settings.required = ["ourairports"]
        _ = try await Fetcher.fetch(options)
        server.set(MirrorSite.ukPagePath, .status(404))
        options.keepStale = true
        let stale = try await Fetcher.fetch(options)
        #expect(stale.ok && stale.sources.first { $0.id == "eaip-gb" }?.staleFrom == MirrorSite.airac)
        let lock = try #require(SourcesLock.read(from: out.url))
        #expect(lock.sources.first { $0.id == "eaip-gb" }?.staleFrom == MirrorSite.airac)
        #expect(treeSnapshot(out.url)["eaip/gb/EG-AD-2.EGMC-en-GB.html"] != nil)
        options.keepStale = false
        let dropped = try await Fetcher.fetch(options)
        #expect(dropped.ok && dropped.published)
        #expect(treeSnapshot(out.url)["eaip/gb/EG-AD-2.EGMC-en-GB.html"] == nil)
        #expect(treeSnapshot(out.url)["eaip/fr/FR-AD-2.LFAQ-fr-FR.html"] != nil)
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

/// The aerodromes that have AIP entries in a bundle's airports.db.
func aipEntryICAOs(_ database: URL) throws -> Set<String> {
    Set(try DatabaseQueue(path: database.path).read { try String.fetchAll($0, sql: "SELECT DISTINCT airport_icao FROM aip_entries") })
}
