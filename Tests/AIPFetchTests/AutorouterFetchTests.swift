import AIPFetch
import AIPPipeline
import Foundation
import TestSupport
import Testing

/// The autorouter source against a local stand-in of the API (``AutorouterServer``), with OurAirports from the
/// committed mirror: chapters, chart headings, the cache across runs, token renewal, credentials, and secrets kept
/// out of everything fetch writes or says.
@Suite("the autorouter source")
struct AutorouterFetchTests {
    static let id = "client-\(UUID().uuidString.prefix(8))"
    static let secret = "secret-\(UUID().uuidString)"
    static let credentials = ["AUTOROUTER_CLIENT_ID": id, "AUTOROUTER_CLIENT_SECRET": secret]

    /// The aerodromes the command would give from `airports.csv`; one of a type not asked for by default.
    static let aerodromes = [
        FetchAerodrome(icao: "EBAW", country: "BE", type: "medium_airport"),
        FetchAerodrome(icao: "EBBR", country: "BE", type: "large_airport"),
        FetchAerodrome(icao: "EBOS", country: "BE", type: "medium_airport"),
        FetchAerodrome(icao: "EBZH", country: "BE", type: "heliport"),
        FetchAerodrome(icao: "ELLX", country: "LU", type: "large_airport"),
    ]

    static func pdf(_ icao: String) -> Data { Data("%PDF-1.4\n% chapter of \(icao)\n%%EOF\n".utf8) }

    /// Two chapters (EBBR with charts), EBAW with charts but no chapter, ELLX unknown to the API.
    static func server() throws -> AutorouterServer {
        let server = try AutorouterServer(clientID: id, clientSecret: secret)
        server.set("EBBR", .init(chapter: ("4711", pdf("EBBR")), approaches: ["RWY 25L ILS Z", "RWY 07R RNP"], departures: ["RWY 25R CIV 2C"]))
        server.set("EBOS", .init(chapter: ("4712", pdf("EBOS"))))
        server.set("EBAW", .init(chapter: nil, approaches: ["RWY 29 RNP"]))
        return server
    }

    /// The committed mirror (OurAirports), the API's stand-in and an empty tree, stopped when the test ends.
    final class Setup {
        let site: PagesSite
        let mirror: MirrorServer
        let server: AutorouterServer
        let out: TemporaryFolder

        init() throws {
            site = try PagesSite()
            mirror = try MirrorServer(root: site.root)
            server = try AutorouterFetchTests.server()
            out = try TemporaryFolder()
        }

        deinit {
            mirror.stop()
            server.stop()
        }

        /// OurAirports from the mirror, the API from the server; nothing else.
        func options(environment: [String: String] = credentials, autorouter: String = "") throws -> (FetchOptions, Box) {
            let airports = mirror.baseURL + PagesSite.airportsPath
            let json = #"{"fetch": {"timeout_seconds": 20, "retries": 1, "retry_base_ms": 10, "polite_delay_ms": 0, "sources": {"#
                + #""ourairports": {"files": [{"url": "\#(airports)", "path": "ourairports/airports.csv", "check": "csv:ident,type"}]},"#
                + #""autorouter": {"api": "\#(server.baseURL)/v1.0"\#(autorouter)}}}}"#
            let settings = try SettingsFile(data: Data(json.utf8), name: "test", sections: ["fetch"]).decode(FetchSettings.self, section: "fetch")
            var options = FetchOptions(out: out.url, cycle: AIRACCycle(effectiveDate: PagesSite.airac)!, settings: settings, userAgent: "aipbundle/test")
            options.only = ["ourairports", "autorouter"]
            options.environment = environment
            let seen = Box()
            options.aerodromes = { data in
                seen.set(data)
                return aerodromes
            }
            return (options, seen)
        }
    }

    /// What the aerodrome list was read from.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var data: Data?
        func set(_ value: Data) { lock.withLock { data = value } }
        var value: Data? { lock.withLock { data } }
    }

    /// Every file under `root`, hidden ones (the cache) included.
    static func everyFile(_ root: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        return (enumerator?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    @Test("every chapter the API lists, the chart headings, notes for aerodromes without one; a second fetch downloads no chapter")
    func chaptersAndCache() async throws {
        let setup = try Setup()
        let (server, out) = (setup.server, setup.out)
        let (options, seen) = try setup.options()
        let first = try await Fetcher.fetch(options)
        let source = try #require(first.sources.first { $0.id == "autorouter" })
        #expect(source.outcome == .ok, "\(first.lines)")
        #expect(String(decoding: seen.value ?? Data(), as: UTF8.self).hasPrefix(#""id","ident","type""#))
        #expect(source.withoutChapter == ["EBAW", "ELLX"])
        #expect(source.states.map(\.state) == ["BE", "LU"])
        #expect(source.states.first?.files == 2 && source.states.first?.aerodromes == 3 && source.states.first?.downloaded == 2)
        let tree = treeSnapshot(out.url)
        #expect(tree["aip-pdf/autorouter/EBBR.pdf"] == Self.pdf("EBBR"))
        #expect(tree["aip-pdf/autorouter/EBOS.pdf"] == Self.pdf("EBOS"))
        #expect(!server.requests.contains { $0.contains("EBZH") }, "a heliport is not asked about by default")
        let charts = try JSONDecoder().decode(ChartHeadings.self, from: try #require(tree["aip-pdf/autorouter/charts.json"]))
        #expect(charts.aerodromes["EBBR"] == [.init(kind: .approach, heading: "RWY 25L ILS Z"), .init(kind: .approach, heading: "RWY 07R RNP"),
                                             .init(kind: .departure, heading: "RWY 25R CIV 2C")])
        #expect(charts.aerodromes["EBAW"] == [.init(kind: .approach, heading: "RWY 29 RNP")])

        let before = server.requests.count
        let second = try await Fetcher.fetch(options)
        let again = server.requests.dropFirst(before)
        #expect(second.sources.first { $0.id == "autorouter" }?.outcome == .unchanged)
        #expect(!again.contains { $0.contains("/pams/id/") }, "\(again)")
        #expect(again.filter { $0.contains("/pams/airport/") }.count == 4)
        #expect(treeSnapshot(out.url) == tree)
    }

    @Test("the client secret and every token stay out of the tree, the cache, the lock, the summary and its lines")
    func secretsStayOut() async throws {
        let setup = try Setup()
        let (server, out) = (setup.server, setup.out)
        server.expireTokens(after: 3)
        let summary = try await Fetcher.fetch(try setup.options().0)
        let secrets = [Self.secret] + server.tokensIssued
        #expect(server.tokensIssued.count >= 2)
        let said = try String(decoding: JSONEncoder().encode(summary), as: UTF8.self) + summary.lines.joined() + summary.stateLines.joined()
        for secret in secrets {
            #expect(!said.contains(secret))
            for file in Self.everyFile(out.url) {
                let bytes = try Data(contentsOf: file)
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.path) holds a secret")
            }
        }
    }

    @Test("a token that expires mid-run is renewed, once per expiry, and the run completes")
    func expiringToken() async throws {
        let setup = try Setup()
        let (server, out) = (setup.server, setup.out)
        // A token outlives the requests in flight (two per host), as an hour-long one does: each 401 is an expiry.
        server.expireTokens(after: 4)
        let summary = try await Fetcher.fetch(try setup.options().0)
        #expect(summary.sources.first { $0.id == "autorouter" }?.outcome == .ok, "\(summary.lines)")
        #expect(treeSnapshot(out.url)["aip-pdf/autorouter/EBOS.pdf"] == Self.pdf("EBOS"))
        // Six authorized requests, four per token: a second token, and one per expiry, not one per 401 answered.
        let unauthorized = server.requests.filter { $0.hasSuffix(" 401") }.count
        #expect(server.tokensIssued.count == 2 && unauthorized >= 1, "\(server.requests)")
    }

    @Test("without credentials the source is skipped with one line saying how to give them, and the run stays ok")
    func noCredentials() async throws {
        let setup = try Setup()
        let server = setup.server
        let summary = try await Fetcher.fetch(try setup.options(environment: [:]).0)
        let source = try #require(summary.sources.first { $0.id == "autorouter" })
        #expect(source.outcome == .skipped && summary.ok && summary.published)
        #expect(source.reason?.contains("AUTOROUTER_CLIENT_ID") == true)
        #expect(server.requests.isEmpty)
    }

    @Test("wrong credentials fail the source with a message naming the credentials, not the secret")
    func wrongCredentials() async throws {
        let setup = try Setup()
        let wrong = ["AUTOROUTER_CLIENT_ID": Self.id, "AUTOROUTER_CLIENT_SECRET": "not-\(Self.secret)"]
        let summary = try await Fetcher.fetch(try setup.options(environment: wrong).0)
        let source = try #require(summary.sources.first { $0.id == "autorouter" })
        #expect(source.outcome == .failed && summary.ok, "optional: the run goes on")
        #expect(source.reason?.contains("AUTOROUTER_CLIENT_SECRET") == true, "\(source.reason ?? "")")
        #expect(source.reason?.contains(Self.secret) == false)
    }

    @Test("a credentials file is used only when no one else may read it")
    func credentialsFile() async throws {
        let setup = try Setup()
        let keys = try TemporaryFolder()
        let file = try keys.write(#"{"client_id": "\#(Self.id)", "client_secret": "\#(Self.secret)"}"#, to: "autorouter.json")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let settings = #", "credentials": "\#(file.path)""#
        let open = try await Fetcher.fetch(try setup.options(environment: [:], autorouter: settings).0)
        let refused = try #require(open.sources.first { $0.id == "autorouter" })
        #expect(refused.outcome == .failed && refused.reason?.contains("chmod 600") == true, "\(refused.reason ?? "")")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let closed = try await Fetcher.fetch(try setup.options(environment: [:], autorouter: settings).0)
        #expect(closed.sources.first { $0.id == "autorouter" }?.outcome == .ok)
    }

    @Test("a chapter answered with JSON or HTML, or a document list that is no list, fails the source; the tree keeps its files")
    func errorPagesWith200() async throws {
        let setup = try Setup()
        let (server, out) = (setup.server, setup.out)
        let (options, _) = try setup.options()
        _ = try await Fetcher.fetch(options)
        let tree = treeSnapshot(out.url)
        server.set("EBOS", .init(chapter: ("4799", Data(#"{"error": "document withdrawn"}"#.utf8))))
        let summary = try await Fetcher.fetch(options)
        let source = try #require(summary.sources.first { $0.id == "autorouter" })
        #expect(source.outcome == .failed && source.reason?.contains("/pams/id/4799") == true, "\(source.reason ?? "")")
        #expect(treeSnapshot(out.url)["aip-pdf/autorouter/EBOS.pdf"] == nil, "an optional source that failed is left out, as any other")
        #expect(tree["aip-pdf/autorouter/EBOS.pdf"] == Self.pdf("EBOS"))
    }

    @Test("through --mirror: the built-in API URL and OurAirports' own, token request included, all from one mirror")
    func throughTheMirror() async throws {
        let site = try PagesSite()
        let server = try AutorouterServer(clientID: Self.id, clientSecret: Self.secret, files: site.root)
        defer { server.stop() }
        server.set("EBOS", .init(chapter: ("4712", Self.pdf("EBOS"))))
        let out = try TemporaryFolder()
        var options = FetchOptions(out: out.url, cycle: AIRACCycle(effectiveDate: PagesSite.airac)!, settings: FetchSettings(), userAgent: "aipbundle/test")
        options.settings.politeDelayMilliseconds = 0
        options.mirror = server.baseURL
        options.only = ["ourairports", "autorouter"]
        options.environment = Self.credentials
        options.aerodromes = { _ in [FetchAerodrome(icao: "EBOS", country: "BE", type: "medium_airport")] }
        let summary = try await Fetcher.fetch(options)
        #expect(summary.sources.map(\.outcome) == [.ok, .ok], "\(summary.lines)")
        #expect(server.requests.contains("POST /api.autorouter.aero/v1.0/oauth2/token 200"))
        #expect(treeSnapshot(out.url)["aip-pdf/autorouter/EBOS.pdf"] == Self.pdf("EBOS"))
        let lock = String(decoding: try #require(treeSnapshot(out.url)["sources.lock.json"]), as: UTF8.self)
        #expect(lock.contains("https://api.autorouter.aero/v1.0/pams/id/4712") && !lock.contains(server.baseURL), "the lock records the site's URLs")
    }
}
