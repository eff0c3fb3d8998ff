@testable import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct GeoNamesReaderTests {
    @Test func readsTheRealSliceWithEveryField() throws {
        let stream = try SourceStream(contentsOf: GeoNamesTestData.sliceFolder.appendingPathComponent("cities15000.txt"),
                                      displayName: "geonames/cities15000.txt")
        let file = try GeoNamesTestData.readAll(stream)
        #expect(file.rowCount == 320)
        #expect(file.places.count == 320)
        #expect(file.findings.isEmpty)
        #expect(file.byteCount == 119_808)
        let london = try #require(file.places.first { $0.geonameid == 2643743 })
        #expect(london.name == "London" && london.asciiName == "London")
        #expect(london.latitudeDeg == 51.50853 && london.longitudeDeg == -0.12574)
        #expect(london.featureClass == "P" && london.featureCode == "PPLC")
        #expect(london.countryCode == "GB" && london.admin1Code == "ENG" && london.population == 7_556_900)
        #expect(london.alternateNames.contains("Londres") && london.alternateNames.contains("Лондон"))
        #expect(!london.alternateNames.contains(""))
        #expect(file.firstLines[2643743] == london.line)
        let haselbachtal = try #require(file.places.first { $0.geonameid == 7302786 })
        #expect(haselbachtal.population == 0)
    }

    /// cities500 holds a Sinhala name starting with a vowel sign (`Colombo`'s `කොළඹ,ෙකාළ…`): the column is split at
    /// every comma byte, so that name stays a name of its own instead of being glued to the one before it.
    @Test func alternateNamesAreSplitAtEveryCommaEvenBeforeAMark() {
        let place = GeoNamesPlace(geonameid: 1, name: "Colombo", asciiName: "Colombo", alternateNamesColumn: "Colombo,කොළඹ,\u{0DD9}කාළ,,Kolamba",
                                  latitudeDeg: 6.9, longitudeDeg: 79.8, featureClass: "P", featureCode: "PPLC", countryCode: "LK",
                                  admin1Code: nil, population: 1, line: 1)
        #expect(place.alternateNames == ["Colombo", "කොළඹ", "\u{0DD9}කාළ", "Kolamba"])
    }

    @Test func theIncludeFilterSeesRawClassAndCountryAndOnlyKeptRowsAreDecoded() throws {
        var seen: [String] = []
        let text = [GeoNamesTestData.place(id: "1", country: "DE"), GeoNamesTestData.place(id: "2", featureClass: "A", country: "DE"),
                    GeoNamesTestData.place(id: "3", latitude: "north", country: "US")].joined(separator: "\n") + "\n"
        let file = try GeoNamesReader.readPlaces(GeoNamesTestData.stream(text)) { key in
            seen.append(key.featureClass + key.countryCode)
            return key.featureClass == "P" && key.countryCode == "DE"
        }
        #expect(seen == ["PDE", "ADE", "PUS"])
        #expect(file.places.map(\.geonameid) == [1])
        // Row 3 has a bad latitude, but it is out of scope: not decoded, no finding.
        #expect(file.findings.isEmpty)
        #expect(file.rowCount == 3)
    }

    @Test func readsCountryInfoPastItsBOMAndComments() throws {
        let stream = try SourceStream(contentsOf: GeoNamesTestData.sliceFolder.appendingPathComponent("countryInfo.txt"),
                                      displayName: "geonames/countryInfo.txt")
        let countries = try GeoNamesReader.readCountries(stream)
        #expect(countries.findings.isEmpty)
        #expect(countries.records.count == 252)
        let byCode = Dictionary(uniqueKeysWithValues: countries.records.map { ($0.isoCode, $0) })
        #expect(byCode["AD"] == GeoNamesCountry(isoCode: "AD", name: "Andorra", continent: "EU"))
        #expect(byCode["DE"]?.continent == "EU" && byCode["TR"]?.continent == "AS" && byCode["CA"]?.continent == "NA")
        #expect(countries.records.filter { $0.continent == "EU" }.count == 54)
    }

    @Test func readsAlternateNamesOfTheWantedPlacesOnly() throws {
        let stream = try SourceStream(contentsOf: GeoNamesTestData.sliceFolder.appendingPathComponent("alternateNamesV2.txt"),
                                      displayName: "geonames/alternateNamesV2.txt")
        let names = try GeoNamesReader.readAlternateNames(stream) { $0 == 2867714 }
        #expect(names.rowCount == 20)
        #expect(names.records.map(\.name) == ["München", "Munich", "Minga", "Monaco di Baviera", "Мюнхен",
                                               "https://en.wikipedia.org/wiki/Munich", "80331", "MUC", "Q1726"])
        #expect(names.records.filter(\.isName).map(\.isoLanguage) == ["de", "en", "bar", "it", "ru"])
        let london = try GeoNamesReader.readAlternateNames(stream) { $0 == 2643743 }
        #expect(london.records.filter(\.isHistoric).map(\.name) == ["Londinium"])
        #expect(london.records.first { $0.name == "City of London" }?.isName == true)
    }

    @Test(arguments: [("", true), ("de", true), ("bar", true), ("zh-CN", true), ("sr-Latn", true), ("link", false), ("post", false),
                      ("iata", false), ("icao", false), ("wkdt", false), ("fr_1793", false), ("unlc", false), ("DE", false), ("de-", false)])
    func pseudoLanguageCodesAreNotNames(code: String, isName: Bool) {
        #expect(GeoNamesAlternateName(geonameid: 1, isoLanguage: code, name: "x", isHistoric: false, line: 1).isName == isName)
    }

    @Test func badRowsAreFindingsWithFileAndLineAndTheOthersSurvive() throws {
        var lines = (1...12).map { GeoNamesTestData.place(id: String($0)) }
        lines[1] = GeoNamesTestData.place(id: "2", latitude: "48,1")
        lines[3] = GeoNamesTestData.place(id: "4", population: "many")
        lines[5] = GeoNamesTestData.place(id: "6", country: "de")
        lines[7] = "8\tshort row"
        lines[9] = GeoNamesTestData.place(id: "10", longitude: "181")
        var bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        // Line 12: an invalid UTF-8 byte in the name.
        let twelfth = bytes.indices.filter { bytes[$0] == 0x0A }[10] + 1
        bytes[twelfth + 4] = 0xC3
        bytes[twelfth + 5] = 0x28
        let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(bytes))
        #expect(file.places.map(\.geonameid) == [1, 3, 5, 7, 9, 11])
        #expect(file.findings.map(\.description) == [
            "geonames/cities500.txt:8: has 2 fields, GeoNames place dump (citiesNNN.txt / allCountries.txt) has 19 (row rejected)",
            #"geonames/cities500.txt:2: latitude: "48,1" is not a number (row rejected)"#,
            #"geonames/cities500.txt:4: population: "many" is not an integer (row rejected)"#,
            #"geonames/cities500.txt:6: country code: "de" is not an ISO 3166 alpha-2 code (two upper-case letters) (row rejected)"#,
            #"geonames/cities500.txt:10: longitude: "181" is out of range -180.0…180.0 (row rejected)"#,
            #"geonames/cities500.txt:12: name: "T\#u{FFFD}(tville" is not valid UTF-8 text (row rejected)"#,
        ])
        #expect(file.findings.map(\.code) == [.csvFieldCount, .valueNotANumber, .valueNotAnInteger,
                                              .valueNotACountryCode, .valueOutOfRange, .valueInvalidUTF8])
    }

    @Test func aPopulationBeyond32BitsIsRejected() throws {
        let text = GeoNamesTestData.place(id: "1", population: "2147483648") + "\n" + GeoNamesTestData.place(id: "2", population: "2147483647") + "\n"
        let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text))
        #expect(file.places.map(\.population) == [2_147_483_647])
        #expect(file.findings.map(\.code) == [.valueOutOfRange])
    }

    @Test func aBadOptionalFieldIsClearedOnThePlace() throws {
        var bytes = Array((GeoNamesTestData.place(id: "1", ascii: "Bad") + "\n").utf8)
        let asciiStart = bytes.firstIndex(of: 0x09)! + 1 + "Testville\t".utf8.count
        bytes[asciiStart] = 0xFF - 1  // 0xFE: never valid UTF-8
        let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(bytes))
        let place = try #require(file.places.first)
        #expect(place.asciiName == nil)
        #expect(place.findings.map(\.code) == [.valueInvalidUTF8])
    }

    @Test func mostlyBadInScopeRowsMakeABrokenFile() {
        let text = (1...12).map { GeoNamesTestData.place(id: String($0), latitude: $0 > 3 ? "x" : "1") }.joined(separator: "\n") + "\n"
        #expect { try GeoNamesTestData.readAll(GeoNamesTestData.stream(text)) } throws: { ($0 as? SourceError)?.kind == .tooManyBadRows }
    }

    @Test(arguments: [("", SourceError.Kind.empty), ("\n \n\t\n", .empty), ("<html>Too many requests</html>\n", .notCSV),
                      ("1\t2\0\t3\n", .notText)])
    func unusableFilesAreFatal(text: String, kind: SourceError.Kind) {
        #expect { try GeoNamesTestData.readAll(GeoNamesTestData.stream(text)) } throws: { ($0 as? SourceError)?.kind == kind }
    }

    @Test func aFileCutInItsLastRowIsTruncated() throws {
        let text = GeoNamesTestData.place(id: "1") + "\n" + GeoNamesTestData.place(id: "2").prefix(20)
        let error = try #require(throws: SourceError.self) { try GeoNamesTestData.readAll(GeoNamesTestData.stream(String(text))) }
        #expect(error.kind == .truncated)
        #expect(error.reason.contains("line 2"))
    }
}
