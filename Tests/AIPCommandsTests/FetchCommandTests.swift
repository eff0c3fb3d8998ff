import AIPBuild
import AIPJSON
import Foundation
import GRDB
import TestSupport
import Testing

/// `aipbundle fetch --mirror` against a local server laid out as the real sites (``MirrorSite``), then `build` and
/// `check` on what it fetched.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures (the real eAIP pages)"))
struct FetchCommandTests {
    @Test("fetch then build: both real pages found through the menus, check passes; a second fetch is 304s only, tree and lock unchanged")
    func fetchThenBuild() async throws {
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let work = try TemporaryFolder()
        let sources = work.url.appendingPathComponent("sources"), bundle = work.url.appendingPathComponent("bundle")
        let config = try work.write(MirrorSite.settings, to: "pipeline.json")
        let fetch = ["fetch", "--out", sources.path, "--airac", MirrorSite.airac, "--mirror", server.baseURL,
                     "--only", MirrorSite.buildable, "--config", config.path]

        let first = await aipbundle(fetch)
        #expect(first.code == 0, "\(first)")
        #expect(first.stdout == "\(sources.path): fetched for AIRAC 2612 (2026-11-26)\n")
        for id in MirrorSite.buildable.split(separator: ",") {
            #expect(first.stderr.contains("\n\(id): ok, ") || first.stderr.hasPrefix("\(id): ok, "), "\(id): \(first.stderr)")
        }
        let tree = treeSnapshot(sources)
        #expect(tree["eaip/gb/EG-AD-2.EGMC-en-GB.html"] == (try Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"))))
        #expect(tree["eaip/fr/FR-AD-2.LFAQ-fr-FR.html"] == (try Data(contentsOf: SharedFixtures.url("eaip/FR-AD-2.LFAQ-fr-FR.html"))))
        #expect(tree["geonames/cities1000.zip"] != nil && tree["firs/VATSpy.dat"] != nil && tree["ourairports/navaids.csv"] != nil)
        let lock = try #require(tree["sources.lock.json"])
        #expect(try schemaViolations(lock, schema: "sources-lock.schema.json") == [])
        #expect(!server.requests.isEmpty && server.requests.allSatisfy { $0["user-agent"] == "aipbundle/\(BundleBuilder.builderVersion)" })

        try await runCommand(["build", "--sources", sources.path, "--out", bundle.path, "--airac", MirrorSite.airac, "--only", "airports"])
        try await runCommand(["check", bundle.path])
        let manifest = try JSONValue.parse(Array(Data(contentsOf: bundle.appendingPathComponent("manifest.json"))))
        guard case .object(let top) = manifest, case .object(let build)? = top.first(where: { $0.key == "build" })?.value else {
            Issue.record("manifest.json has no build object")
            return
        }
        #expect(build.first { $0.key == "sources_lock_sha256" }?.value == .string(try sha256sum(sources.appendingPathComponent("sources.lock.json"))))
        let icaos = try await DatabaseQueue(path: bundle.appendingPathComponent("airports.db").path).read {
            Set(try String.fetchAll($0, sql: "SELECT DISTINCT airport_icao FROM aip_entries"))
        }
        #expect(icaos.contains("EGMC") && icaos.contains("LFAQ"), "\(icaos)")

        server.resetCounts()
        let second = await aipbundle(fetch + ["--json"])
        #expect(second.code == 0, "\(second)")
        #expect(try schemaViolations(Data(second.stdout.utf8), schema: "fetch.schema.json") == [])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any])
        #expect(document["ok"] as? Bool == true && document["published"] as? Bool == false)
        #expect((document["sources"] as? [[String: Any]])?.map { $0["outcome"] as? String } == Array(repeating: "unchanged", count: 5))
        #expect(server.count(status: 200) == 0)
        #expect(!server.requests.isEmpty && server.count(status: 304) == server.requests.count)
        #expect(server.requests.allSatisfy { $0["if-none-match"] != nil })
        #expect(treeSnapshot(sources) == tree)
    }

    @Test("a required source that fails: exit 1, an error line naming source and URL, the --json document lists it, the tree unchanged")
    func aRequiredSourceFails() async throws {
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let work = try TemporaryFolder()
        let sources = work.url.appendingPathComponent("sources")
        let config = try work.write(MirrorSite.settings, to: "pipeline.json")
        let fetch = ["fetch", "--out", sources.path, "--airac", "2612", "--mirror", server.baseURL,
                     "--only", MirrorSite.buildable, "--config", config.path]
        try await runCommand(fetch)
        let tree = treeSnapshot(sources)
        server.set(MirrorSite.ukPagePath, .status(404))

        let failed = await aipbundle(fetch + ["--json"])
        #expect(failed.code == 1, "\(failed)")
        #expect(try schemaViolations(Data(failed.stdout.utf8), schema: "fetch.schema.json") == [])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(failed.stdout.utf8)) as? [String: Any])
        #expect(document["ok"] as? Bool == false && document["exit_code"] as? Int == 1 && document["published"] as? Bool == false)
        let gb = (document["sources"] as? [[String: Any]])?.first { $0["id"] as? String == "eaip-gb" }
        #expect(gb?["outcome"] as? String == "failed")
        let url = "https://\(MirrorSite.ukPagePath.dropFirst())"
        #expect(failed.stderr.contains("error: eaip-gb: failed, 0 files, 0.0 MB transferred — eaip-gb: \(url): HTTP 404"), "\(failed.stderr)")
        #expect(treeSnapshot(sources) == tree)

        let plain = await aipbundle(fetch)
        #expect(plain.code == 1 && plain.stdout == "\(sources.path): unchanged, the required source eaip-gb failed\n", "\(plain)")
    }

    @Test("usage errors: an --airac that is no cycle, a --mirror that is no URL")
    func usage() async {
        #expect(await exitCode(["fetch", "--out", "x", "--airac", "2026-11-23"]) == 64)
        #expect(await exitCode(["fetch", "--out", "x", "--mirror", "not a url"]) == 64)
    }
}

/// The built executable killed with SIGKILL at random moments of fetches that would each change the tree: each time
/// the tree is byte for byte the previous one (or, killed after the swap, the complete new one), and the next fetch
/// still runs through (the lock died with the process; half-written downloads and staging folders are swept).
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures (the real eAIP pages)"))
struct FetchKillTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ExecutableTests.executable.path), "the aipbundle executable is not built beside the tests"))
    func aKilledFetchLeavesThePreviousTree() throws {
        let site = try MirrorSite()
        let server = try MirrorServer(root: site.root)
        defer { server.stop() }
        let work = try TemporaryFolder()
        let sources = work.url.appendingPathComponent("sources")
        // One connection per host and a pause between requests: a fetch long enough to be killed in its middle.
        let config = try work.write(#"{"fetch": {"polite_delay_ms": 100, "max_connections_per_host": 1, "timeout_seconds": 30}}"#, to: "pipeline.json")
        let arguments = ["fetch", "--out", sources.path, "--airac", MirrorSite.airac, "--mirror", server.baseURL,
                         "--only", MirrorSite.buildable, "--config", config.path, "--quiet"]
        let airports = String(MirrorSite.airportsPath.dropFirst())
        let original = try Data(contentsOf: site.root.appendingPathComponent(airports))
        /// New upstream bytes for round `round`: every fetch would change the tree.
        func upstream(_ round: Int) -> Data {
            original + Data("99999\(round),ZZZ\(round),small_airport,New,0,0,0,EU,FR,FR-X,x,no,,,,,,\n".utf8)
        }
        #expect(try spawn(arguments).waitForExit() == 0)
        // How long a fetch that changes one file takes here and now: the kills are spread over that.
        try site.folder.write(upstream(-1), to: airports)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(try spawn(arguments).waitForExit() == 0)
        let fullRun = clock.now - start

        var keptPrevious = 0
        for round in 0..<10 {
            let previous = treeSnapshot(sources)
            let upstream = upstream(round)
            try site.folder.write(upstream, to: airports)
            let delay = fullRun * Double.random(in: 0.05...1.0)
            let process = try spawn(arguments)
            // Blocking this thread, not `Task.sleep`: on a loaded machine a task's wake-up may come long after the
            // fetch has ended, and every kill would land after it.
            Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let tree = treeSnapshot(sources)
            if tree == previous {
                keptPrevious += 1
                continue
            }
            // Killed after the swap: the whole new tree, the new file and a lock naming it, nothing else changed.
            #expect(tree["ourairports/airports.csv"] == upstream, "round \(round), killed after \(delay): neither the previous tree nor the new one")
            #expect(tree.filter { !["ourairports/airports.csv", "sources.lock.json"].contains($0.key) } ==
                    previous.filter { !["ourairports/airports.csv", "sources.lock.json"].contains($0.key) }, "round \(round)")
            let lock = try #require(tree["sources.lock.json"])
            let upstreamSHA256 = try sha256sum(site.root.appendingPathComponent(airports))
            #expect(String(decoding: lock, as: UTF8.self).contains(upstreamSHA256), "round \(round)")
        }
        // At least one kill landed before the swap, or the test proved nothing about the previous tree.
        #expect(keptPrevious > 0, "every kill came after the swap")
        #expect(try spawn(arguments).waitForExit() == 0)
        let latest = try Data(contentsOf: site.root.appendingPathComponent(airports))
        #expect(treeSnapshot(sources)["ourairports/airports.csv"] == latest)
        let stateFolder = sources.appendingPathComponent(".aipbundle")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFolder.path).filter { $0.hasPrefix("b-") }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(".aipfetch-cache/tmp").path) == [])
    }

    private func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = ExecutableTests.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

private extension Process {
    func waitForExit() -> Int32 {
        waitUntilExit()
        return terminationStatus
    }
}
