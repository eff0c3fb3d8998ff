import AIPBundleKit
import AIPContract
@testable import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// `aip_entries`, `procedures` and `border_crossing_points` as the writer stores them: every column holds its own
/// field (a swapped `row.set` name fails), ids are the stage's, and `check` accepts the result.
@Suite struct AirportsDatabaseWriterAIPTests {
    static let entry = AIPEntryRow(
        id: 41, airportICAO: "EXMP", section: "operational", field: "field", value: "value", stdField: "Customs and immigration",
        stdFieldID: 302, mappingScore: 1.0, altField: "alt_field", altValue: "alt_value", source: "uk_eaip_html", sourcePriority: 3)
    static let procedure = ProcedureRow(
        id: 7, airportICAO: "EXMP", name: "name", procedureType: "approach", approachType: "ILS", runwayIdent: "09L",
        runwayLetter: "L", runwayNumber: "09", source: "uk_eaip_html", authority: "EXC", rawName: "raw_name")
    static let border = BorderCrossingPointRow(
        id: 12, icaoCode: "EXMP", countryISO: "GB", airportName: "airport_name", isAirport: true, source: "border_crossing_csv",
        extractionMethod: "extraction_method", metadataJSON: #"{"Country": "United Kingdom"}"#, matchedAirportICAO: "EXMP", matchScore: 0.8)

    func write(_ folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("airports.db")
        var airport = AirportsDatabaseWriterColumnTests.airport
        airport.sources = ["border_crossing", "uk_eaip_html", "worldairports"]
        var runway = AirportsDatabaseWriterColumnTests.runway
        (runway.leIdent, runway.heIdent) = ("09L", "27R")
        var output = AirportsStage.Output(airports: [airport], runways: [runway], findings: [])
        output.aipEntries = [Self.entry]
        output.procedures = [Self.procedure]
        output.borderCrossingPoints = [Self.border]
        try AirportsDatabaseWriter.write(output, to: url, stamp: testStamp)
        return url
    }

    @Test func everyColumnHoldsItsOwnField() throws {
        let folder = try TemporaryFolder()
        let url = try write(folder)
        let queue = try DatabaseQueue(path: url.path)
        let stamp = testStamp.timestamp.databaseValue
        let expected: [String: [String: DatabaseValue]] = [
            "aip_entries": [
                "id": 41.databaseValue, "airport_icao": "EXMP".databaseValue, "section": "operational".databaseValue,
                "field": "field".databaseValue, "value": "value".databaseValue, "std_field": "Customs and immigration".databaseValue,
                "std_field_id": 302.databaseValue, "mapping_score": 1.0.databaseValue, "alt_field": "alt_field".databaseValue,
                "alt_value": "alt_value".databaseValue, "source": "uk_eaip_html".databaseValue, "source_priority": 3.databaseValue,
                "created_at": stamp, "updated_at": stamp,
            ],
            "procedures": [
                "id": 7.databaseValue, "airport_icao": "EXMP".databaseValue, "name": "name".databaseValue,
                "procedure_type": "approach".databaseValue, "approach_type": "ILS".databaseValue, "runway_ident": "09L".databaseValue,
                "runway_letter": "L".databaseValue, "runway_number": "09".databaseValue, "source": "uk_eaip_html".databaseValue,
                "authority": "EXC".databaseValue, "raw_name": "raw_name".databaseValue, "created_at": stamp, "updated_at": stamp,
            ],
            "border_crossing_points": [
                "id": 12.databaseValue, "icao_code": "EXMP".databaseValue, "country_iso": "GB".databaseValue,
                "airport_name": "airport_name".databaseValue, "is_airport": 1.databaseValue, "source": "border_crossing_csv".databaseValue,
                "extraction_method": "extraction_method".databaseValue, "metadata_json": #"{"Country": "United Kingdom"}"#.databaseValue,
                "matched_airport_icao": "EXMP".databaseValue, "match_score": 0.8.databaseValue, "created_at": stamp, "updated_at": stamp,
            ],
        ]
        try queue.read { db in
            for (table, values) in expected {
                let columns = AirportsContract.schema.table(table)!.columns.map(\.name)
                #expect(Set(values.keys) == Set(columns), "\(table)")
                let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM \(table)"))
                for column in columns { #expect(row[column] as DatabaseValue == values[column], "\(table).\(column)") }
            }
            let statistics = try #require(try String.fetchOne(db, sql: "SELECT value FROM model_metadata WHERE key = 'statistics'"))
            let counts = try JSONSerialization.jsonObject(with: Data(statistics.utf8)) as? [String: Any]
            #expect(counts?["total_procedures"] as? Int == 1 && counts?["total_aip_entries"] as? Int == 1)
            #expect(counts?["total_border_crossing_points"] as? Int == 1)
        }
        #expect(try BundleChecker.check(url).isEmpty)
    }

    @Test func brokenAIPInvariantsAreFound() throws {
        let folder = try TemporaryFolder()
        let url = try write(folder)
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: """
                INSERT INTO aip_entries (airport_icao, section, field, value, std_field, std_field_id, source)
                VALUES ('EXMP', 'Operational', 'a', 'v', NULL, NULL, 'x'), ('EXMP', 'admin', 'b', 'v', 'ARP', 201, 'x'),
                       ('EXMP', 'admin', 'c', 'v', 'Customs and immigration', 302, 'x'), ('EXMP', 'admin', 'd', 'v', NULL, 299, NULL)
                """)
            try db.execute(sql: """
                INSERT INTO procedures (id, airport_icao, name, procedure_type, approach_type, runway_ident, runway_letter, runway_number)
                VALUES (100, 'EXMP', 'p1', 'Approach', NULL, NULL, NULL, NULL), (101, 'EXMP', 'p2', 'approach', 'ILS', '09LL', 'L', '09L'),
                       (102, 'EXMP', 'p3', 'approach', 'ils', '18', NULL, '18'), (103, 'EXMP', 'p4', 'departure', 'ILS', NULL, NULL, NULL)
                """)
            try db.execute(sql: "UPDATE procedures SET approach_type = 'SRA' WHERE id = 7")
            try db.execute(sql: "INSERT INTO procedures (id, airport_icao, name, procedure_type, approach_type, runway_ident, runway_number, runway_letter) VALUES (104, 'EXMP', 'p5', 'approach', 'ILS', '09L', '09', 'L')")
            try db.execute(sql: """
                INSERT INTO border_crossing_points (icao_code, country_iso, airport_name, source, matched_airport_icao, metadata_json)
                VALUES ('EZZZ', 'gb', 'x', 's', 'EXMP', '[1]')
                """)
        }
        let messages = Set(try BundleChecker.check(url).map(\.description))
        for expected in [
            "airports.db: aip_entries.section: is not admin, operational, handling or passenger (1 row, e.g. 42)",
            "airports.db: aip_entries.std_field_id: is not an id of the standard field catalogue, or std_field is not its name (2 rows, e.g. 43, 45)",
            "airports.db: aip_entries.std_field_id: belongs to another section than the row's (1 row, e.g. 44)",
            "airports.db: aip_entries.source: is NULL or empty (the UNIQUE key needs it) (1 row, e.g. 45)",
            "airports.db: procedures.procedure_type: is not approach, departure or arrival (RZFlight reads anything else as approach) (1 row, e.g. 100)",
            "airports.db: procedures.approach_type: is set on a departure or arrival, or is not upper-case letters (2 rows, e.g. 102, 103)",
            "airports.db: procedures.runway_ident: runway_number is not two digits 01–36, runway_letter not L/R/C, or runway_ident is not their concatenation (1 row, e.g. 101)",
            "airports.db: procedures.runway_ident: names no runway end of an airport that has runways (2 rows, e.g. 101, 102)",
            "airports.db: procedures.approach_type: is an untyped approach stored before a typed approach of the same runway (1 row, e.g. 7)",
            "airports.db: border_crossing_points.icao_code: is not four upper-case letters naming an airport of the bundle (1 row, e.g. 13)",
            "airports.db: border_crossing_points.country_iso: is not two upper-case letters (1 row, e.g. 13)",
            "airports.db: border_crossing_points.matched_airport_icao: differs from icao_code (1 row, e.g. 13)",
            "airports.db: border_crossing_points.metadata_json: is not a JSON object (1 row, e.g. 13)",
        ] {
            #expect(messages.contains(expected), "\(expected)\n\(messages.sorted().joined(separator: "\n"))")
        }
    }
}
