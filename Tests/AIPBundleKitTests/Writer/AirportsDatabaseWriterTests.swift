import AIPBundleKit
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct AirportsDatabaseWriterTests {
    @Test func writesRowsWithContractValueConventions() throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: writeSampleDatabase(in: folder).path)
        try queue.read { db in
            let ehrd = try #require(try Row.fetchOne(db, sql: "SELECT *, typeof(elevation_ft) AS t FROM airports WHERE icao_code = 'EHRD'"))
            #expect(ehrd["elevation_ft"] == -15.0)
            #expect(ehrd["t"] == "real")
            #expect(ehrd["sources"] == "worldairports")
            #expect(ehrd["created_at"] == "2026-11-26T00:00:00")
            #expect(try String.fetchAll(db, sql: "SELECT icao_code FROM airports") == ["EBOS", "EHRD"])
            let grass = try #require(try Row.fetchOne(db, sql: "SELECT lighted, closed, typeof(closed) AS t, length_ft, typeof(length_ft) AS lt FROM runways WHERE id = 233629"))
            #expect(grass["lighted"] == 0 && grass["closed"] == 1)
            #expect(grass["t"] == "integer" && grass["lt"] == "real")
            #expect(try Int.fetchAll(db, sql: "SELECT id FROM runways ORDER BY id") == [233628, 233629, 234529])
        }
    }

    @Test func recordsMetadataAndSources() throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: writeSampleDatabase(in: folder).path)
        try queue.read { db in
            let metadata = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM model_metadata").map {
                ($0["key"] as String, $0["value"] as String)
            })
            #expect(metadata["schema_version"] == "1")
            #expect(metadata["airac_date"] == "2026-11-26" && metadata["airac_cycle"] == "2612" && metadata["bundle_version"] == "test")
            let statistics = try JSONSerialization.jsonObject(with: Data(try #require(metadata["statistics"]).utf8)) as? [String: Any]
            #expect(statistics?["total_airports"] as? Int == 2)
            #expect(statistics?["total_runways"] as? Int == 3)
            #expect(statistics?["airports_with_runways"] as? Int == 2)
            #expect(try Row.fetchAll(db, sql: "SELECT name, record_count FROM sources").map { [$0[0] as String, String($0[1] as Int)] }
                    == [["worldairports", "2"]])
        }
    }

    @Test func sameInputsGiveByteIdenticalFiles() throws {
        let folder = try TemporaryFolder()
        let first = try Data(contentsOf: writeSampleDatabase(in: folder, name: "a/airports.db"))
        let second = try Data(contentsOf: writeSampleDatabase(in: folder, name: "b/airports.db"))
        #expect(first == second)
        #expect(first.count > 100_000)
    }

    @Test func everyContractTableAndIndexIsCreated() throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: writeSampleDatabase(in: folder).path)
        let tables = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY rowid") }
        #expect(tables == AirportsSchema.schema.tables.map(\.name))
        let indexes = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") }
        #expect(Set(indexes) == Set(AirportsSchema.schema.tables.flatMap { $0.indexes.map(\.name) }))
        #expect(indexes.count == 19)
    }
}
