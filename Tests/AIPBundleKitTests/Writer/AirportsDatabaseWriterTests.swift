import AIPBundleKit
import AIPContract
@testable import AIPStages
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
        #expect(tables == AirportsContract.schema.tables.map(\.name))
        let indexes = try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") }
        #expect(Set(indexes) == Set(AirportsContract.schema.tables.flatMap { $0.indexes.map(\.name) }))
        #expect(indexes.count == 19)
    }
}

/// The real writer, every column: each field of the stage's rows carries a value no other field has, and each
/// column is read back by name. Swapping two `row.set` names in `AirportsDatabaseWriter` (`le_latitude_deg`
/// and `le_longitude_deg`, `municipality` and `scheduled_service`) fails here, whatever their types.
@Suite struct AirportsDatabaseWriterColumnTests {
    static let airport = AirportRow(
        icaoCode: "EXMP", name: "name", type: "type", latitudeDeg: 51.25, longitudeDeg: 4.5, elevationFt: 13.75,
        continent: "continent", isoCountry: "iso_country", isoRegion: "iso_region", municipality: "municipality",
        scheduledService: "scheduled_service", gpsCode: "gps_code", iataCode: "iata_code", localCode: "local_code",
        homeLink: "home_link", wikipediaLink: "wikipedia_link", keywords: "keywords", sources: ["zeta", "alpha"])
    static let runway = RunwayRow(
        id: 4242, airportICAO: "EXMP", leIdent: "le_ident", heIdent: "he_ident", lengthFt: 1001.5, widthFt: 45.5,
        surface: "surface", lighted: true, closed: false, leLatitudeDeg: 51.5, leLongitudeDeg: 4.25, leElevationFt: 11.5,
        leHeadingDegT: 75.5, leDisplacedThresholdFt: 100.5, heLatitudeDeg: 51.75, heLongitudeDeg: 4.75, heElevationFt: 12.5,
        heHeadingDegT: 255.5, heDisplacedThresholdFt: 200.5)

    func write(_ folder: TemporaryFolder, idHighWaterMarks: [String: Int] = [:]) throws -> DatabaseQueue {
        let url = folder.url.appendingPathComponent("airports.db")
        let output = AirportsStage.Output(airports: [Self.airport], runways: [Self.runway], findings: [])
        try AirportsDatabaseWriter.write(output, to: url, stamp: testStamp, idHighWaterMarks: idHighWaterMarks)
        return try DatabaseQueue(path: url.path)
    }

    @Test func everyAirportColumnHoldsItsOwnField() throws {
        let row = try #require(try write(TemporaryFolder()).read { try Row.fetchOne($0, sql: "SELECT * FROM airports") })
        let expected: [String: DatabaseValue] = [
            "icao_code": "EXMP".databaseValue, "latitude_deg": 51.25.databaseValue, "longitude_deg": 4.5.databaseValue,
            "elevation_ft": 13.75.databaseValue, "sources": "alpha,zeta".databaseValue,
            "created_at": testStamp.timestamp.databaseValue, "updated_at": testStamp.timestamp.databaseValue,
        ]
        for column in AirportsContract.schema.table("airports")!.columns.map(\.name) {
            // Text fields hold their own column name.
            #expect(row[column] as DatabaseValue == expected[column] ?? column.databaseValue, "airports.\(column)")
        }
    }

    @Test func everyRunwayColumnHoldsItsOwnField() throws {
        let row = try #require(try write(TemporaryFolder()).read { try Row.fetchOne($0, sql: "SELECT * FROM runways") })
        let expected: [String: DatabaseValue] = [
            "id": 4242.databaseValue, "airport_icao": "EXMP".databaseValue, "le_ident": "le_ident".databaseValue,
            "he_ident": "he_ident".databaseValue, "length_ft": 1001.5.databaseValue, "width_ft": 45.5.databaseValue,
            "surface": "surface".databaseValue, "lighted": 1.databaseValue, "closed": 0.databaseValue,
            "le_latitude_deg": 51.5.databaseValue, "le_longitude_deg": 4.25.databaseValue, "le_elevation_ft": 11.5.databaseValue,
            "le_heading_degT": 75.5.databaseValue, "le_displaced_threshold_ft": 100.5.databaseValue,
            "he_latitude_deg": 51.75.databaseValue, "he_longitude_deg": 4.75.databaseValue, "he_elevation_ft": 12.5.databaseValue,
            "he_heading_degT": 255.5.databaseValue, "he_displaced_threshold_ft": 200.5.databaseValue,
            "created_at": testStamp.timestamp.databaseValue, "updated_at": testStamp.timestamp.databaseValue,
        ]
        let columns = AirportsContract.schema.table("runways")!.columns.map(\.name)
        #expect(Set(expected.keys) == Set(columns))
        for column in columns {
            #expect(row[column] as DatabaseValue == expected[column], "runways.\(column)")
        }
    }

    @Test func explicitIdsAndHighWaterMarksReachSQLiteSequence() throws {
        let queue = try write(TemporaryFolder(), idHighWaterMarks: ["runways": 9000, "procedures": 77])
        let sequence = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT name, seq FROM sqlite_sequence ORDER BY name").map { "\($0["name"] as String)=\($0["seq"] as Int)" }
        }
        // airac_updates=1: every build records its cycle there (the change log).
        #expect(sequence == ["airac_updates=1", "procedures=77", "runways=9000"])
        // Without a mark, the explicit id is the high-water mark: SQLite will never hand out 4242 or below.
        let plain = try write(TemporaryFolder())
        #expect(try plain.read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'runways'") } == 4242)
    }

    @Test func aMarkBelowANewIdKeepsTheIdAndOtherMarksAreRefused() throws {
        // The previous bundle's mark (4000) is below a runway added since (4242): the new id is the mark.
        let raised = try write(TemporaryFolder(), idHighWaterMarks: ["runways": 4000])
        #expect(try raised.read { try Int.fetchOne($0, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'runways'") } == 4242)
        #expect { try write(TemporaryFolder(), idHighWaterMarks: ["airports": 10]) } throws: { error in
            "\(error)" == "airports: has no AUTOINCREMENT column, so no sqlite_sequence high-water mark"
        }
        #expect { try write(TemporaryFolder(), idHighWaterMarks: ["runway": 10]) } throws: { error in
            "\(error)" == "runway: no such table in airports.db for an id high-water mark"
        }
    }
}
