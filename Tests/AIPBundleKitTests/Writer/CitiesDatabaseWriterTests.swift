@testable import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// `european_cities.db` written from the committed GeoNames slice, queried exactly as the app queries it
/// (`data-contract.md`, "european_cities.db"), and through the folded lookup table as the README documents.
@Suite struct CitiesDatabaseWriterTests {
    /// The app's three lookups, verbatim; `?` 1 is the bound name pattern, `?` 2 the limit.
    static let appQueries = [
        "SELECT name, latitude, longitude, country_code, population FROM cities WHERE name = ? COLLATE NOCASE ORDER BY population DESC LIMIT ?",
        "SELECT name, latitude, longitude, country_code, population FROM cities WHERE name LIKE ? COLLATE NOCASE ORDER BY population DESC LIMIT ?",
        "SELECT name, latitude, longitude, country_code, population FROM cities WHERE alternate_names LIKE ? COLLATE NOCASE ORDER BY population DESC LIMIT ?",
    ]

    /// The folded lookups documented in the README: exact, then prefix (a range on the same index).
    static let foldedExact = """
        SELECT c.name, c.latitude, c.longitude, c.country_code, c.population FROM city_names n JOIN cities c ON c.geonameid = n.geonameid
        WHERE n.name = ? ORDER BY c.population DESC LIMIT ?
        """
    static let foldedPrefix = """
        SELECT DISTINCT c.name, c.latitude, c.longitude, c.country_code, c.population FROM city_names n JOIN cities c ON c.geonameid = n.geonameid
        WHERE n.name >= ?1 AND n.name < ?1 || char(1114111) ORDER BY c.population DESC LIMIT ?2
        """

    /// The slice built by the stage with `scope`, written to a fresh file.
    static func writeFixtureDatabase(in folder: TemporaryFolder, scope: CitiesScope = CitiesScope(), name: String = "european_cities.db") async throws -> URL {
        let output = try await CitiesStage(settings: scope).run(StageContext(sources: SourceTree(root: SharedFixtures.fixtureSources), stamp: testStamp))
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try CitiesDatabaseWriter.write(output, to: url, stamp: testStamp)
        return url
    }

    /// The app's geocoder: the three lookups in order, stopping at the first that returns rows.
    static func geocode(_ query: String, in db: Database, limit: Int = 10) throws -> [(name: String, country: String, population: Int, lookup: Int)] {
        for (index, (sql, pattern)) in zip(appQueries, [query, query + "%", "%" + query + "%"]).enumerated() {
            let rows = try Row.fetchAll(db, sql: sql, arguments: [pattern, limit])
            if !rows.isEmpty {
                return rows.map { (name: $0[0], country: $0[3], population: $0[4], lookup: index + 1) }
            }
        }
        return []
    }

    @Test func londonIsFoundInGreatBritainByTheFirstLookup() async throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path)
        try await queue.read { db in
            let london = try Self.geocode("london", in: db)
            #expect(london.map(\.country) == ["GB"])
            #expect(london.first?.lookup == 1 && london.first?.population == 7_556_900)
            let row = try #require(try Row.fetchOne(db, sql: Self.appQueries[0], arguments: ["LONDON", 1]))
            #expect(row[1] as Double == 51.50853 && row[2] as Double == -0.12574)
        }
    }

    @Test func withCanadaInScopeLondonComesLargestFirst() async throws {
        let folder = try TemporaryFolder()
        let url = try await Self.writeFixtureDatabase(in: folder, scope: CitiesScope(extraCountries: ["CA", "US"]))
        try await DatabaseQueue(path: url.path).read { db in
            let london = try Self.geocode("London", in: db)
            #expect(london.map(\.country) == ["GB", "CA"])
            #expect(london.map(\.population) == [7_556_900, 346_765])
            #expect(try Self.geocode("Paris", in: db).map(\.country) == ["FR", "US"])
        }
    }

    @Test func aPrefixFindsLondonByTheSecondLookup() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path).read { db in
            let found = try Self.geocode("Lond", in: db)
            #expect(found.map(\.name) == ["London", "Londonderry County Borough"])
            #expect(found.first?.lookup == 2)
        }
    }

    @Test func munichMunchenAndMuenchenLeadToTheSameCity() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path).read { db in
            // The app's own lookups: "Munich" by name, "München" and "munchen" through alternate_names.
            for (query, lookup) in [("Munich", 1), ("München", 3), ("munchen", 3), ("MUNCHEN", 3), ("Minga", 3)] {
                let found = try Self.geocode(query, in: db)
                #expect(found.first?.name == "Munich" && found.first?.lookup == lookup, "\(query)")
            }
            // The folded lookup table: one indexed lookup whatever the spelling, once the app folds its input.
            for query in ["Munich", "München", "munchen", "MÜNCHEN", "Мюнхен"] {
                let rows = try Row.fetchAll(db, sql: Self.foldedExact, arguments: [NameFolding.folded(query), 5])
                #expect(rows.map { $0[0] as String } == ["Munich"], "\(query)")
            }
            let prefix = try Row.fetchAll(db, sql: Self.foldedPrefix, arguments: [NameFolding.folded("Münch"), 5])
            #expect(prefix.map { $0[0] as String } == ["Munich"])
            #expect(try Row.fetchAll(db, sql: Self.foldedExact, arguments: ["zurich", 5]).map { $0[3] as String } == ["CH"])
        }
    }

    @Test func smallAndNonEuropeanPlacesAreAbsent() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path).read { (db: Database) throws in
            // Vatican City (829 inhabitants) and Haselbachtal (0) are below 1,000; London CA and Paris US are not in Europe.
            #expect(try Self.geocode("Vatican City", in: db).isEmpty)
            #expect(try Self.geocode("Haselbachtal", in: db).isEmpty)
            #expect(try Self.geocode("London", in: db).map(\.country) == ["GB"])
            #expect(try Self.geocode("Paris", in: db).map(\.country) == ["FR"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM cities WHERE country_code IN ('CA', 'US', 'VA') OR population < 1000") == 0)
        }
    }

    @Test func lookupsOneAndTwoAndTheFoldedLookupsUseAnIndex() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path).read { (db: Database) throws in
            func plan(_ sql: String, _ arguments: StatementArguments) throws -> String {
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }.joined(separator: "; ")
            }
            #expect(try plan(Self.appQueries[0], ["London", 10]).contains("USING INDEX idx_cities_name_nocase (name=?)"))
            #expect(try plan(Self.appQueries[1], ["Lond%", 10]).contains("USING INDEX idx_cities_name_nocase (name>? AND name<?)"))
            // Lookup 3 cannot use an index (a leading %): the reason city_names exists.
            #expect(try plan(Self.appQueries[2], ["%Lond%", 10]).hasPrefix("SCAN cities"))
            #expect(try plan(Self.foldedExact, ["munchen", 10]).contains("USING COVERING INDEX sqlite_autoindex_city_names_1 (name=?)"))
            #expect(try plan(Self.foldedPrefix, ["munch", 10]).contains("USING COVERING INDEX sqlite_autoindex_city_names_1 (name>? AND name<?)"))
        }
    }

    @Test func valuesFollowTheContract() async throws {
        let folder = try TemporaryFolder()
        try await DatabaseQueue(path: try await Self.writeFixtureDatabase(in: folder).path).read { db in
            let types = try Row.fetchOne(db, sql: """
                SELECT typeof(geonameid), typeof(latitude), typeof(longitude), typeof(population), typeof(country_code)
                FROM cities WHERE geonameid = 2643743
                """)
            #expect(types.map { row in (0..<5).map { row[$0] as String } } == ["integer", "real", "real", "integer", "text"])
            let metadata = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM model_metadata").map { ($0[0] as String, $0[1] as String) })
            #expect(metadata["schema_version"] == "1" && metadata["airac_cycle"] == "2612" && metadata["bundle_version"] == "test")
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "delete")
        }
    }

    @Test func sameInputsGiveByteIdenticalFilesThatPassCheck() async throws {
        let folder = try TemporaryFolder()
        let first = try await Self.writeFixtureDatabase(in: folder, name: "a/european_cities.db")
        let second = try await Self.writeFixtureDatabase(in: folder, name: "b/european_cities.db")
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        #expect(try BundleChecker.check(first).isEmpty)
    }

    @Test func checkFindsBrokenValues() async throws {
        let folder = try TemporaryFolder()
        let url = try await Self.writeFixtureDatabase(in: folder)
        try await DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: """
                UPDATE cities SET latitude = 91 WHERE geonameid = 2643743;
                UPDATE cities SET country_code = 'gb' WHERE geonameid = 2643734;
                UPDATE cities SET population = -1 WHERE geonameid = 2867714;
                UPDATE cities SET population = 3000000000 WHERE geonameid = 2950159;
                INSERT INTO city_names (name, geonameid) VALUES ('London', 2643743);
                """)
        }
        #expect(try BundleChecker.check(url).map(\.description) == [
            "european_cities.db: cities.latitude: 1 value is outside -90…90 (91)",
            "european_cities.db: cities.population: 2 values are outside 0…100000000 (from -1 to 3000000000)",
            "european_cities.db: cities.country_code: is not an ISO 3166 alpha-2 code (two upper-case letters) (1 row, e.g. 2643734)",
            "european_cities.db: city_names.name: is not lower-case (the app looks names up folded) (1 row, e.g. London)",
        ])
    }

    @Test func checkFindsANameIndexThatIgnoresNOCASE() async throws {
        let folder = try TemporaryFolder()
        let url = try await Self.writeFixtureDatabase(in: folder)
        // Same column, binary collation: lookups 1 and 2 would scan the whole table again.
        try await DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "DROP INDEX idx_cities_name_nocase; CREATE INDEX idx_cities_name ON cities (name)")
        }
        #expect(try BundleChecker.check(url).map(\.description) == ["european_cities.db: cities: index on (name COLLATE NOCASE) is missing"])
    }
}
