import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import TestSupport
import Testing

func read(airports: String, runways: String, stage: AirportsStage = AirportsStage()) throws -> AirportsStage.Output {
    let airportsFile = try OurAirportsReader.readAirports(
        SourceFile(displayName: "ourairports/airports.csv", bytes: Data(airports.utf8)), include: stage.includes)
    let runwaysFile = try OurAirportsReader.readRunways(SourceFile(displayName: "ourairports/runways.csv", bytes: Data(runways.utf8)))
    return try stage.run(airports: airportsFile, runways: runwaysFile)
}

/// A current-layout airport row with the fields the stage looks at.
func airportRow(id: Int, ident: String, type: String = "small_airport", icao: String = "", gps: String = "") -> String {
    #"\#(id),"\#(ident)","\#(type)","Field \#(id)",50.5,4.5,100,"EU","BE",,,,"\#(icao)",,"\#(gps)",,,,"#
}

@Suite struct AirportsStageTests {
    @Test func scopeKeepsEuropeanICAOCodesAndDropsHeliportsAndClosed() throws {
        let rows = [
            airportRow(id: 1, ident: "EBAW", icao: "EBAW"),
            airportRow(id: 2, ident: "LFPG", type: "large_airport", icao: "LFPG"),
            airportRow(id: 3, ident: "BIKF", icao: "BIKF"), airportRow(id: 4, ident: "GCLP", icao: "GCLP"),
            airportRow(id: 5, ident: "UKBB", icao: "UKBB"), airportRow(id: 6, ident: "BKPR", icao: "BKPR"),
            airportRow(id: 7, ident: "KJFK", icao: "KJFK"), airportRow(id: 8, ident: "BGBW", icao: "BGBW"),
            airportRow(id: 9, ident: "EBHP", type: "heliport", icao: "EBHP"),
            airportRow(id: 10, ident: "EBXX", type: "closed", icao: "EBXX"),
            airportRow(id: 11, ident: "BE-0001"),
        ]
        let output = try read(airports: SampleCSV.airports(rows), runways: SampleCSV.runways([]) + "1,1,\"EBAW\",1000,50,\"ASP\",0,0,,,,,,,,,,,,\n")
        #expect(output.airports.map(\.icaoCode) == ["BIKF", "BKPR", "EBAW", "GCLP", "LFPG", "UKBB"])
        #expect(output.airports.allSatisfy { $0.sources == ["worldairports"] })
        #expect(output.findings.isEmpty)
    }

    @Test func settingsOverrideTheScope() throws {
        let file = try SettingsFile(data: Data(#"{"airports": {"icao_prefixes": ["K"], "excluded_types": []}}"#.utf8),
                                    name: "pipeline.json", sections: ["airports"])
        let scope = try file.decode(AirportsScope.self, section: "airports")
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(), stage: AirportsStage(settings: scope))
        #expect(output.airports.map(\.icaoCode) == ["KJFK"])
        #expect(output.runways.map(\.id) == [245000])
    }

    @Test func aRepeatedRunwayIDKeepsTheFirstRowAndNamesIt() throws {
        // Runway 233628 appears twice: the second (line 5) must not replace the first or break the primary key.
        let repeated = SampleCSV.runwayRows[0].replacingOccurrences(of: "10499", with: "1")
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(SampleCSV.runwayRows + [repeated]))
        #expect(output.runways.map(\.id) == [233628, 233629, 234529])
        #expect(output.runways.first { $0.id == 233628 }?.lengthFt == 10499)
        let finding = try #require(output.findings.first { $0.file == "ourairports/runways.csv" })
        #expect(finding.line == 6 && finding.action == .rowRejected && finding.column == "id")
        #expect(finding.reason == "has the same id as the row at line 2; only the first row with a given id is used")
    }

    @Test func anAirportRepeatingTheIDOfAnEarlierOutOfScopeRowIsRejected() throws {
        // The heliport (out of scope) owns id 2163 first: EBOS, later in the file with the same id, cannot be told
        // apart from it by its runways, so it is reported rather than given the heliport's runways.
        let heliport = airportRow(id: 2163, ident: "EBHX", type: "heliport", icao: "EBHX")
        let output = try read(airports: SampleCSV.airports([heliport] + SampleCSV.airportRows), runways: SampleCSV.runways())
        #expect(output.airports.map(\.icaoCode) == ["EHRD"])
        let finding = try #require(output.findings.first { $0.file == "ourairports/airports.csv" })
        #expect(finding.line == 3 && finding.code == .rowDuplicateKey
                && finding.reason == "has the same id as the row at line 2; only the first row with a given id is used")
    }

    @Test func mostRunwaysPointingAtNoAirportIsABrokenFile() throws {
        // Ten runways, all with an airport_ref no airport has: publishing 0 runways would hide a broken file.
        let orphans = (0..<10).map { #"\#(500 + $0),999\#($0),"EBZZ",1000,50,"ASP",0,0,"01",,,,,,"19",,,,,"# }
        #expect(throws: SourceError.self) {
            try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(Array(SampleCSV.runwayRows.prefix(3)) + orphans))
        }
        // Three good runways and three orphans: bad rows, not a bad file.
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(Array(SampleCSV.runwayRows.prefix(3)) + Array(orphans.prefix(3))))
        #expect(output.runways.count == 3 && output.findings.count == 3)
    }

    @Test func aRepeatedAirportIDNeverAttachesRunwaysToTheWrongAirport() throws {
        // A second row with EBOS's id 2163 but another ICAO code: without the check, EBOS's runways could land on it.
        let impostor = airportRow(id: 2163, ident: "EBZZ", icao: "EBZZ")
        let output = try read(airports: SampleCSV.airports(SampleCSV.airportRows + [impostor]), runways: SampleCSV.runways())
        #expect(output.airports.map(\.icaoCode) == ["EBOS", "EHRD"])
        #expect(output.runways.filter { $0.airportICAO == "EBOS" }.count == 2)
        let finding = try #require(output.findings.first)
        #expect(finding.line == 5 && finding.action == .rowRejected && finding.reason == "has the same id as the row at line 2; only the first row with a given id is used")
    }

    @Test func runwaysJoinByAirportRefAndKeepOurAirportsIDs() throws {
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        #expect(output.runways.map(\.id) == [233628, 233629, 234529])
        #expect(output.runways.map(\.airportICAO) == ["EBOS", "EBOS", "EHRD"])
        let closed = try #require(output.runways.first { $0.id == 233629 })
        #expect(closed.closed == true && closed.lighted == false && closed.surface == "Grass" && closed.lengthFt == 2057)
    }

    @Test func runwayPointingAtNoAirportIsReported() throws {
        let orphan = #"999,777,"EBZZ",1000,50,"ASP",0,0,"01",,,,,,"19",,,,,"#
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(SampleCSV.runwayRows + [orphan]))
        #expect(output.runways.count == 3)
        #expect(output.findings.map(\.description) == [
            #"ourairports/runways.csv:6: airport_ref: "777" matches no airport id in ourairports/airports.csv (row rejected)"#,
        ])
    }

    @Test func fieldFindingsAreReportedOnlyForRunwaysInScope() throws {
        var rows = SampleCSV.runwayRows
        rows[3] = rows[3].replacingOccurrences(of: ",31,", with: ",north,")   // KJFK, out of scope
        rows[2] = rows[2].replacingOccurrences(of: ",62,", with: ",east,")    // EHRD, in scope
        let output = try read(airports: SampleCSV.airports(), runways: SampleCSV.runways(rows))
        #expect(output.findings.map(\.line) == [4])
        #expect(output.findings.first?.column == "le_heading_degT")
    }

    /// Ident owner first, then busier type, then lower id: whatever the file order.
    @Test func duplicateICAOCodesKeepOneRowByTheDocumentedRule() throws {
        let rows = [
            airportRow(id: 30, ident: "BE-0030", type: "large_airport", gps: "EBDU"),
            airportRow(id: 20, ident: "EBDU", type: "small_airport", icao: "EBDU"),
            airportRow(id: 40, ident: "BE-0040", type: "medium_airport", gps: "EBTY"),
            airportRow(id: 10, ident: "BE-0010", type: "medium_airport", gps: "EBTY"),
            airportRow(id: 50, ident: "BE-0050", type: "seaplane_base", gps: "EBTZ"),
            airportRow(id: 60, ident: "BE-0060", type: "large_airport", gps: "EBTZ"),
        ]
        for order in [rows, rows.reversed()] {
            let output = try read(airports: SampleCSV.airports(order), runways: SampleCSV.runways([]) + "1,10,\"X\",1,1,,0,0,,,,,,,,,,,,\n2,40,\"X\",1,1,,0,0,,,,,,,,,,,,\n")
            #expect(output.airports.map(\.icaoCode) == ["EBDU", "EBTY", "EBTZ"])
            #expect(output.airports.map(\.name) == ["Field 20", "Field 10", "Field 60"])
            #expect(output.findings.count == 3)
            #expect(output.findings.allSatisfy { $0.action == .rowRejected && $0.reason.contains("claims ICAO code") })
        }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/ourairports"))
    func sharedSampleGivesTheHandCheckedRunways() throws {
        let output = try read(
            airports: String(contentsOf: SharedFixtures.url("ourairports/airports_test.csv"), encoding: .utf8),
            runways: String(contentsOf: SharedFixtures.url("ourairports/runways_test.csv"), encoding: .utf8))
        #expect(output.airports.count == 14)
        #expect(output.runways.count == 22)
        let ebos = output.runways.filter { $0.airportICAO == "EBOS" }
        #expect(ebos.compactMap(\.lengthFt).max() == 10_499)
        #expect(output.airports.first { $0.icaoCode == "EHRD" }?.elevationFt == -15)
    }
}
