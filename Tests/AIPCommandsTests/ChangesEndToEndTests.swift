import AIPBuild
import Foundation
import GRDB
import TestSupport
import Testing

/// Four years of real OurAirports changes: the 2022 snapshot's bundle as `--previous` of the 2026 snapshot's. The
/// page and the summary stay small, and say how many rows each leaves out.
@Suite(.enabled(if: SharedFixtures.snapshot2022Available && SharedFixtures.snapshot2026Available,
                "needs data/ourairports-2022 and data/ourairports-2026 (scripts/fetch-data.sh)"))
struct ChangesEndToEndTests {
    @Test func theSnapshots2022And2026GiveAPageUnder5MBAndASummaryUnder1MiB() async throws {
        let first = try TemporaryFolder(), second = try TemporaryFolder()
        let old = first.url.appendingPathComponent("out"), new = second.url.appendingPathComponent("out")
        try await runCommand(["build", "--only", "airports", "--sources", first.sourceTree(linking: SharedFixtures.snapshot2022).path,
                              "--out", old.path, "--airac", "2022-10-06"])
        try await runCommand(["build", "--only", "airports", "--sources", second.sourceTree(linking: SharedFixtures.snapshot2026).path,
                              "--out", new.path, "--previous", old.path, "--airac", "2026-11-26", "--allow-shrink"])
        let page = try Data(contentsOf: new.appendingPathComponent(BundleBuilder.changesPageName))
        let summary = try Data(contentsOf: new.appendingPathComponent(BundleBuilder.changesSummaryName))
        #expect(page.count < 5_000_000, "\(page.count) bytes")
        #expect(summary.count < 1_048_576, "\(summary.count) bytes")

        let run = try await runCommand(["changes", "--from", old.path, "--to", new.path, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let changes = try #require(document["changes"] as? [String: Any])
        func total(_ section: String) -> Int { (((changes[section] as? [String: Any])?["total"]) as? NSNumber)?.intValue ?? -1 }

        // The aerodromes added, counted independently of the comparison.
        let added = try await DatabaseQueue(path: new.appendingPathComponent("airports.db").path).read { db in
            try db.execute(sql: "ATTACH DATABASE ? AS old", arguments: [old.appendingPathComponent("airports.db").path])
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM airports WHERE icao_code NOT IN (SELECT icao_code FROM old.airports)")!
        }
        let aerodromes = try #require(changes["aerodromes"] as? [String: Any])
        let items = try #require(aerodromes["items"] as? [[String: Any]])
        #expect(added > 100 && total("aerodromes") > added)
        #expect(items.count == min(total("aerodromes"), 1_000))

        // Each section longer than a page's or a summary's share says how many rows it leaves out.
        let pageText = String(decoding: page, as: UTF8.self), summaryText = String(decoding: summary, as: UTF8.self)
        let long = ["aerodromes", "runways"].filter { total($0) > 300 }
        #expect(!long.isEmpty)
        for section in long {
            #expect(pageText.contains("\(total(section) - 300) more not shown"), "\(section)")
            #expect(summaryText.contains("- … and \(total(section) - 25) more"), "\(section)")
        }
        #expect(ChangesCommandTests.externalReferences(pageText) == [])
    }
}
