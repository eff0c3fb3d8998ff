import Foundation
import GRDB
import TestSupport
import Testing

/// `aipbundle fetch` with the autorouter source, as CI runs it (credentials in the environment), against a local
/// stand-in of the API serving the twelve real chapters, then `build`: every chapter fetched, AIP entries and
/// procedures for those aerodromes, a second fetch downloading no chapter, and no secret anywhere.
@Suite(.enabled(if: SharedFixtures.available && FileManager.default.isExecutableFile(atPath: ExecutableTests.executable.path),
                "needs ../shared/fixtures (the real chapters) and the aipbundle executable built beside the tests"))
struct AutorouterCommandTests {
    static let secret = "s3cret-\(UUID().uuidString)"

    @Test func fetchEveryChapterThenBuildTheirEntriesAndProcedures() async throws {
        let chapters = try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.url("aip-pdf").path)
            .filter { $0.hasSuffix(".pdf") }.map { String($0.dropLast(4)) }.sorted()
        let site = try TemporaryFolder()
        try site.write(try Data(contentsOf: SharedFixtures.url("ourairports/airports_test.csv")), to: "oa/airports.csv")
        try site.write(try Data(contentsOf: SharedFixtures.url("ourairports/runways_test.csv")), to: "oa/runways.csv")
        let mirror = try MirrorServer(root: site.url)
        defer { mirror.stop() }
        let api = try AutorouterServer(clientID: "aipbundle-ci", clientSecret: Self.secret)
        defer { api.stop() }
        for icao in chapters {
            let pdf = try Data(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"))
            api.set(icao, .init(chapter: ("d\(icao)", pdf), approaches: icao == "EDSB" ? ["RWY 21 ILS Z", "RWY 03 RNP"] : []))
        }
        let work = try TemporaryFolder()
        let sources = work.url.appendingPathComponent("sources"), bundle = work.url.appendingPathComponent("bundle")
        let config = try work.write(#"""
            {"fetch": {"timeout_seconds": 20, "retries": 1, "retry_base_ms": 10, "polite_delay_ms": 0, "required": ["ourairports"], "sources": {
              "ourairports": {"files": [{"url": "\#(mirror.baseURL)/oa/airports.csv", "path": "ourairports/airports.csv", "check": "csv:ident,type"},
                                        {"url": "\#(mirror.baseURL)/oa/runways.csv", "path": "ourairports/runways.csv", "check": "csv:airport_ident"}]},
              "autorouter": {"api": "\#(api.baseURL)/v1.0"}}}}
            """#, to: "pipeline.json")
        let fetch = ["fetch", "--out", sources.path, "--airac", "2026-11-26", "--only", "ourairports,autorouter", "--config", config.path, "--json"]
        var environment = ProcessInfo.processInfo.environment
        environment["AUTOROUTER_CLIENT_ID"] = "aipbundle-ci"
        environment["AUTOROUTER_CLIENT_SECRET"] = Self.secret

        let first = try runProcess(ExecutableTests.executable, fetch, environment: environment)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(try schemaViolations(Data(first.stdout.utf8), schema: "fetch.schema.json") == [])
        let tree = treeSnapshot(sources)
        for icao in chapters { #expect(tree["aip-pdf/autorouter/\(icao).pdf"] == (try Data(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf")))) }
        #expect(first.stderr.contains("AIP documents per state:"), "\(first.stderr)")

        try await runCommand(["build", "--sources", sources.path, "--out", bundle.path, "--airac", "2026-11-26", "--only", "airports"])
        let (read, approaches) = try await DatabaseQueue(path: bundle.appendingPathComponent("airports.db").path).read { db in
            (Set(try String.fetchAll(db, sql: "SELECT DISTINCT airport_icao FROM aip_entries WHERE source = 'aip_pdf'")),
             try String.fetchAll(db, sql: "SELECT name FROM procedures WHERE airport_icao = 'EDSB' AND procedure_type = 'approach' ORDER BY name"))
        }
        #expect(read == Set(chapters), "chapters read: \(read.sorted())")
        #expect(approaches == ["RWY 03 RNP", "RWY 21 ILS Z"])

        let before = api.requests.count
        let second = try runProcess(ExecutableTests.executable, fetch, environment: environment)
        #expect(second.code == 0, "\(second.stderr)")
        #expect(!api.requests.dropFirst(before).contains { $0.contains("/pams/id/") })

        let withoutCredentials = try runProcess(ExecutableTests.executable, fetch,
                                                environment: environment.filter { !$0.key.hasPrefix("AUTOROUTER_") })
        #expect(withoutCredentials.code == 0 && withoutCredentials.stderr.contains("autorouter: skipped"), "\(withoutCredentials.stderr)")

        let said = [first, second, withoutCredentials].map { $0.stdout + $0.stderr }.joined()
        for secret in [Self.secret] + api.tokensIssued {
            #expect(!said.contains(secret))
            for root in [sources, bundle] {
                let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
                for file in files {
                    guard let bytes = FileManager.default.contents(atPath: file.path) else { continue }
                    #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file.path) holds a secret")
                }
            }
        }
    }
}
