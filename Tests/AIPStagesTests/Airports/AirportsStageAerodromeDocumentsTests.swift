import AIPReaders
@testable import AIPStages
import Foundation
import Testing

/// The merge of aerodrome documents into the airports stage's output, on documents built in memory (eAIP pages here;
/// PDF chapters in `AirportsStagePDFTests`).
@Suite struct AirportsStageAerodromeDocumentsTests {
    static func airport(_ icao: String) -> AirportRow {
        AirportRow(icaoCode: icao, name: "Field \(icao)", type: "small_airport", latitudeDeg: 51, longitudeDeg: 0, elevationFt: nil,
                   continent: nil, isoCountry: "GB", isoRegion: nil, municipality: nil, scheduledService: nil, gpsCode: nil,
                   iataCode: nil, localCode: nil, homeLink: nil, wikipediaLink: nil, keywords: nil, sources: ["worldairports"])
    }

    static func runway(_ id: Int, _ icao: String, _ le: String, _ he: String) -> RunwayRow {
        RunwayRow(id: id, airportICAO: icao, leIdent: le, heIdent: he, lengthFt: nil, widthFt: nil, surface: nil, lighted: nil,
                  closed: nil, leLatitudeDeg: nil, leLongitudeDeg: nil, leElevationFt: nil, leHeadingDegT: nil,
                  leDisplacedThresholdFt: nil, heLatitudeDeg: nil, heLongitudeDeg: nil, heElevationFt: nil, heHeadingDegT: nil,
                  heDisplacedThresholdFt: nil)
    }

    static func page(_ icao: String = "EGMC", file: String = "eaip/a.html", date: String? = "2026-01-01",
                     entries: [AerodromeEntry] = [], charts: [String] = [], arp: String? = nil) -> AerodromeDocument {
        AerodromeDocument(file: file, family: .makeAIP, icao: icao, effectiveDate: date, name: "SOUTHEND", arpText: arp, entries: entries,
                          charts: charts.enumerated().map { AerodromeChart(title: $1, location: "AD 2.24 row \($0 + 1)") })
    }

    static func baseOutput() -> AirportsStage.Output {
        AirportsStage.Output(airports: [airport("EGMC")], runways: [runway(1, "EGMC", "05", "23")], findings: [])
    }

    @Test func entriesGetTheirStandardFieldSectionAndSource() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        let entries = [
            AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "AD 2.3 row 2"),
            AerodromeEntry(section: 2, itemNumber: 1, field: "ARP coordinates and site at AD", value: "Lat: 513413N", location: "AD 2.2 row 1"),
            AerodromeEntry(section: 4, itemNumber: 42, field: "Odd item", value: "x", location: "AD 2.4 row 9"),
        ]
        try await AirportsStage().merge(pages: [Self.page(entries: entries)], into: &output, ids: &ids)
        let rows = output.aipEntries
        #expect(rows.map(\.stdFieldID) == [201, 302, nil], "admin, operational, handling order; ids 1, 2, 3")
        #expect(rows.map(\.id) == [1, 2, 3])
        #expect(rows.map(\.section) == ["admin", "operational", "handling"])
        #expect(rows[1].stdField == "Customs and immigration")
        #expect(rows[1].mappingScore == 1.0)
        #expect(rows[2].stdField == nil && rows[2].mappingScore == nil)
        #expect(rows.allSatisfy { $0.source == "uk_eaip_html" && $0.airportICAO == "EGMC" })
        #expect(output.findings.map(\.code) == [.aipItemNotInCatalogue])
        #expect(output.airports[0].sources == ["uk_eaip_html", "worldairports"])
    }

    @Test func approachesAreTypedFirstPerRunwayAndDuplicatesCollapse() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        let charts = [
            "INSTRUMENT APPROACH CHART SRA RTR 2NM RWY 05 (ACFT CAT A,B,C) - ICAO",
            "RNAV5 (DME/DME or GNSS) STANDARD ARRIVAL CHART - INSTRUMENT (STAR) RWY 05/23 FINMA 1S - ICAO",
            "INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO",
            "INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO",
            "INSTRUMENT APPROACH CHART LOC/DME/NDB(L) RWY 23 - ICAO",
            "AERODROME CHART - ICAO",
        ]
        try await AirportsStage().merge(pages: [Self.page(charts: charts)], into: &output, ids: &ids)
        let procedures = output.procedures
        #expect(procedures.map(\.approachType) == ["ILS", "LOC", "SRA", nil])
        #expect(procedures.map(\.procedureType) == ["approach", "approach", "approach", "arrival"])
        #expect(procedures.map(\.runwayIdent) == ["05", "23", "05", nil])
        #expect(procedures.map(\.id) == [1, 2, 3, 4])
        #expect(procedures.allSatisfy { $0.authority == "EGC" && $0.source == "uk_eaip_html" })
        #expect(procedures[0].rawName == charts[2])
        #expect(output.counts["procedures_by_type"] == ["approach": 3, "arrival": 1])
    }

    @Test func aCarriedUntypedApproachBelowATypedOneMovesAfterIt() async throws {
        // Last cycle EGMC had only its SRA approach to 05 (id 7); this cycle an ILS to 05 appears (new id 8).
        var previous = IdAllocator(previous: [RowKey("EGMC", "SRA RTR 2NM RWY 05", "approach"): 7], previousHighWater: 7)
        var output = Self.baseOutput()
        var ids = AirportsRowIds(procedures: previous)
        try await AirportsStage().merge(pages: [Self.page(charts: [
            "INSTRUMENT APPROACH CHART SRA RTR 2NM RWY 05 - ICAO", "INSTRUMENT APPROACH CHART ILS RWY 05 - ICAO",
        ])], into: &output, ids: &ids)
        #expect(output.procedures.map(\.approachType) == ["ILS", "SRA"])
        #expect(output.procedures.map(\.id) == [8, 9])
        previous = ids.procedures
        #expect(previous.highWater == 9)
    }

    @Test func aRunwayTheAirportLacksIsClearedAndReported() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        try await AirportsStage().merge(pages: [Self.page(charts: ["INSTRUMENT APPROACH CHART ILS RWY 06 - ICAO"])], into: &output, ids: &ids)
        #expect(output.procedures.count == 1)
        #expect(output.procedures[0].runwayIdent == nil && output.procedures[0].runwayNumber == nil)
        #expect(output.findings.map(\.code) == [.procedureUnknownRunway])
    }

    @Test func unrecognizedChartsAreReportedNotGuessed() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        try await AirportsStage().merge(pages: [Self.page(charts: ["SOMETHING ELSE ENTIRELY"])], into: &output, ids: &ids)
        #expect(output.procedures.isEmpty)
        #expect(output.findings.map(\.code) == [.procedureUnrecognizedChart])
        #expect(output.findings.first?.value == "SOMETHING ELSE ENTIRELY")
    }

    @Test func theLatestEditionOfOneSourceWinsAndTheOtherIsReported() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        let old = Self.page(file: "eaip/b-old.html", date: "2025-01-01",
                            entries: [AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "O/R", location: "r")])
        let new = Self.page(file: "eaip/c-new.html", date: "2026-01-01",
                            entries: [AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "r")])
        try await AirportsStage().merge(pages: [old, new], into: &output, ids: &ids)
        #expect(output.aipEntries.map(\.value) == ["H24"])
        #expect(output.findings.map(\.code) == [.aipDocumentSuperseded])
        #expect(output.findings.first?.file == "eaip/b-old.html")
    }

    @Test func samePrecedenceWhateverTheOrderPagesArriveIn() async throws {
        let a = Self.page(file: "eaip/a.html", date: "2026-01-01", entries: [AerodromeEntry(section: 2, itemNumber: 2, field: "Direction and distance from city", value: "A", location: "r")])
        let b = Self.page(file: "eaip/b.html", date: "2026-01-01", entries: [AerodromeEntry(section: 2, itemNumber: 2, field: "Direction and distance from city", value: "B", location: "r")])
        var first = Self.baseOutput(), second = Self.baseOutput()
        var ids1 = AirportsRowIds(), ids2 = AirportsRowIds()
        try await AirportsStage().merge(pages: [a, b], into: &first, ids: &ids1)
        try await AirportsStage().merge(pages: [b, a], into: &second, ids: &ids2)
        #expect(first.aipEntries == second.aipEntries)
        #expect(first.aipEntries.map(\.value) == ["A"], "same date: the first path wins")
    }

    @Test func anAerodromeOutsideOurAirportsGetsARowFromItsPage() async throws {
        var output = Self.baseOutput()
        var ids = AirportsRowIds()
        let page = Self.page("EGTF", entries: [AerodromeEntry(section: 2, itemNumber: 3, field: "Elevation / Reference temperature",
                                                              value: "80 FT / 22.1 °C", location: "r")], arp: "Lat: 512053N Long: 0003331W")
        let unplaceable = Self.page("EGXX", file: "eaip/x.html", arp: "somewhere")
        try await AirportsStage().merge(pages: [page, unplaceable], into: &output, ids: &ids)
        #expect(output.airports.map(\.icaoCode) == ["EGMC", "EGTF"])
        let egtf = output.airports[1]
        #expect(egtf.name == "SOUTHEND")
        #expect(egtf.elevationFt == 80, "RZFlight would show a NULL elevation as 0 ft")
        #expect(output.airports.count == 2)
        #expect(abs(egtf.latitudeDeg - (51 + 20 / 60.0 + 53 / 3600.0)) < 1e-6)
        #expect(abs(egtf.longitudeDeg + (33 / 60.0 + 31 / 3600.0)) < 1e-6)
        #expect(egtf.sources == ["uk_eaip_html"])
        #expect(output.findings.map(\.code) == [.aipNoPosition])
    }

    @Test func carriedIdsAreKeptByNaturalKey() async throws {
        let entry = AerodromeEntry(section: 3, itemNumber: 2, field: "Customs and immigration", value: "H24", location: "r")
        var ids = AirportsRowIds(aipEntries: IdAllocator(previous: [RowKey("EGMC", "operational", "Customs and immigration", "uk_eaip_html"): 41],
                                                          previousHighWater: 50))
        var output = Self.baseOutput()
        try await AirportsStage().merge(pages: [Self.page(entries: [
            AerodromeEntry(section: 2, itemNumber: 2, field: "Direction and distance from city", value: "1 NM", location: "r"), entry,
        ])], into: &output, ids: &ids)
        #expect(output.aipEntries.map(\.id) == [41, 51])
        #expect(output.aipEntries.map(\.stdFieldID) == [302, 202])
    }
}
