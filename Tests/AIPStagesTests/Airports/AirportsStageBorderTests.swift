import AIPReaders
@testable import AIPStages
import Foundation
import Testing

/// Border crossing lists merged into the airports stage's output.
@Suite struct AirportsStageBorderTests {
    static func airport(_ icao: String, _ name: String, _ country: String) -> AirportRow {
        var row = AirportsStageAerodromeDocumentsTests.airport(icao)
        row.name = name
        row.isoCountry = country
        return row
    }

    static func file(_ text: String) throws -> BorderCrossingFile {
        try BorderCrossingReader.read(SourceFile(displayName: "border/list.csv", bytes: Data(("Country,Name,Type,Comment,ICAO,Airfield Name\n" + text).utf8)))
    }

    static func merge(_ text: String, airports: [AirportRow], ids: AirportsRowIds = AirportsRowIds()) throws -> AirportsStage.Output {
        var output = AirportsStage.Output(airports: airports, runways: [], findings: [])
        var ids = ids
        try AirportsStage().merge(borderCrossings: [try file(text)], into: &output, ids: &ids)
        return output
    }

    static let airports = [
        airport("LFAQ", "Albert Bray airport", "FR"), airport("LMML", "Malta International Airport", "MT"),
        airport("EKST", "Stauning Airport", "DK"), airport("EKSD", "Spjald Airfield", "DK"), airport("EKSP", "Skrydstrup Air Base", "DK"),
    ]

    @Test func rowsWithAnICAOCodeNameTheirAirport() throws {
        let output = try Self.merge("France,Albert-Bray,Airport,,lfaq,Albert Bray\n", airports: Self.airports)
        let point = try #require(output.borderCrossingPoints.first)
        #expect(point.icaoCode == "LFAQ" && point.matchedAirportICAO == "LFAQ" && point.matchScore == 1.0)
        #expect(point.countryISO == "FR" && point.airportName == "Albert-Bray" && point.isAirport == true && point.id == 1)
        #expect(point.source == "border_crossing_csv" && point.extractionMethod == "csv_parsing")
        #expect(point.metadataJSON == #"{"Country": "France", "Name": "Albert-Bray", "Type": "Airport", "Comment": "", "ICAO": "lfaq", "Airfield Name": "Albert Bray"}"#)
        #expect(output.airports.first { $0.icaoCode == "LFAQ" }?.sources == ["border_crossing", "worldairports"])
        #expect(output.counts["border_crossing_points_by_country"] == ["FR": 1])
    }

    @Test func rowsWithoutICAOAreMatchedByNameOnlyWhenUnambiguous() throws {
        let output = try Self.merge("""
            Malta,Luqa,Airport,,,Malta International Airport
            Denmark,Stauning,Airport,,,Stauning
            Denmark,Sp,Airfield,,,Nowhere Field
            """ + "\n", airports: Self.airports)
        #expect(output.borderCrossingPoints.map(\.icaoCode) == ["EKST", "LMML"])
        #expect(output.borderCrossingPoints.map(\.matchScore) == [0.8, 1.0], "Stauning matches 'Stauning Airport' once 'airport' is dropped")
        #expect(output.findings.map(\.code) == [.borderNoMatch])
        #expect(output.findings.first?.line == 4)
    }

    @Test func anAmbiguousNameIsReportedNotGuessed() throws {
        let airports = Self.airports + [Self.airport("EKSX", "Stauning", "DK")]
        let output = try Self.merge("Denmark,Stauning,Airport,,,\n", airports: airports)
        #expect(output.borderCrossingPoints.map(\.icaoCode) == ["EKSX"], "the exact name beats the looser match")
        let twins = Self.airports + [Self.airport("EKSY", "Stauning Airport", "DK")]
        let ambiguous = try Self.merge("Denmark,Stauning,Airport,,,\n", airports: twins)
        #expect(ambiguous.borderCrossingPoints.isEmpty)
        #expect(ambiguous.findings.map(\.code) == [.borderAmbiguousMatch])
    }

    @Test func unknownCountriesAirportsAndRepeatsAreReported() throws {
        let output = try Self.merge("""
            Atlantis,Poseidon,Airport,,LFAQ,Poseidon
            Germany,Berlin Tegel,Airport,,EDDT,Tegel
            Denmark,Stauning,Airport,,EKST,Stauning
            Denmark,Sydfyn,Airfield,,EKST,Sydfyn
            Norway,Stjordal,Airport,,ENSTJ,Stjordal
            """ + "\n", airports: Self.airports)
        #expect(output.borderCrossingPoints.map(\.icaoCode) == ["EKST"])
        #expect(output.findings.map(\.code) == [.borderUnknownCountry, .borderUnknownAirport, .rowDuplicateKey, .borderInvalidICAO, .borderNoMatch])
        #expect(output.counts["border_rows"] == ["read": 5, "written": 1, "not_used": 4])
    }

    /// The real list still names Logroño LELO; OurAirports (and the AIP) call it LERJ since the code changed.
    @Test func aCodeTheBundleLacksIsReplacedOnlyByTheSingleAirportWithTheRowsName() throws {
        let airports = Self.airports + [Self.airport("LERJ", "Logroño-Agoncillo Airport", "ES")]
        let output = try Self.merge("Spain,Logroño-Agoncillo,Airport,,LELO,[H] Logrono\nDenmark,Skrydstrup,Airport,,EKXX,Sydfyn\n",
                                    airports: airports)
        let point = try #require(output.borderCrossingPoints.first)
        #expect(output.borderCrossingPoints.count == 1)
        #expect(point.icaoCode == "LERJ" && point.matchedAirportICAO == "LERJ" && point.countryISO == "ES" && point.matchScore == 0.8)
        #expect(point.metadataJSON.contains(#""ICAO": "LELO""#), "the original row keeps the code as written")
        #expect(output.findings.map(\.code) == [.borderICAOReplaced, .borderUnknownAirport])
        #expect(output.findings.map(\.value) == ["LELO", "EKXX"])
        #expect(output.findings.map(\.action) == [.fieldCleared, .rowRejected])
    }

    @Test func idsAreCarriedByICAOAndCountry() throws {
        let previous = IdAllocator(previous: [RowKey("LMML", "MT"): 30], previousHighWater: 40)
        let output = try Self.merge("France,Albert-Bray,Airport,,LFAQ,\nMalta,Luqa,Airport,,LMML,\n", airports: Self.airports,
                                    ids: AirportsRowIds(borderCrossingPoints: previous))
        #expect(output.borderCrossingPoints.map(\.id) == [30, 41])
        #expect(output.borderCrossingPoints.map(\.icaoCode) == ["LMML", "LFAQ"])
    }
}
