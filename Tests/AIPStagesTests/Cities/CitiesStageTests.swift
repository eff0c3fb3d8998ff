import AIPPipeline
import AIPReaders
@testable import AIPStages
import Foundation
import TestSupport
import Testing

@Suite struct CitiesStageTests {
    func place(_ id: Int, _ name: String, ascii: String? = nil, alternates: [String] = [], country: String = "DE",
               population: Int = 5_000, line: Int? = nil) -> GeoNamesPlace {
        GeoNamesPlace(geonameid: id, name: name, asciiName: ascii, alternateNamesColumn: alternates.joined(separator: ","), latitudeDeg: 50, longitudeDeg: 8,
                      featureClass: "P", featureCode: "PPL", countryCode: country, admin1Code: "02", population: population,
                      line: line ?? id)
    }

    func file(_ places: [GeoNamesPlace]) -> GeoNamesPlacesFile {
        var firstLines: [Int: Int] = [:]
        for place in places where firstLines[place.geonameid] == nil { firstLines[place.geonameid] = place.line }
        return GeoNamesPlacesFile(fileName: "geonames/cities500.txt", storedPath: "geonames/cities500.txt", places: places,
                                  firstLines: firstLines, findings: [], rowCount: places.count, byteCount: 0)
    }

    @Test func scopeIsEuropeanCountriesPlusExtraOnes() {
        let countries = [GeoNamesCountry(isoCode: "DE", name: "Germany", continent: "EU"),
                         GeoNamesCountry(isoCode: "TR", name: "Turkey", continent: "AS"),
                         GeoNamesCountry(isoCode: "CY", name: "Cyprus", continent: "AS"),
                         GeoNamesCountry(isoCode: "US", name: "United States", continent: "NA")]
        #expect(CitiesScope().countries(from: countries) == ["DE"])
        #expect(CitiesScope(extraCountries: ["CY"]).countries(from: countries) == ["DE", "CY"])
        let include = CitiesStage.includes(["DE"], minPopulation: 1_000)
        #expect(include(GeoNamesPlaceKey(featureClass: "P", countryCode: "DE", population: 1_000)))
        #expect(!include(GeoNamesPlaceKey(featureClass: "P", countryCode: "DE", population: 999)))
        // Not a number: kept, so that the reader reports it.
        #expect(include(GeoNamesPlaceKey(featureClass: "P", countryCode: "DE", population: nil)))
        #expect(!include(GeoNamesPlaceKey(featureClass: "A", countryCode: "DE", population: 5_000)))
        #expect(!include(GeoNamesPlaceKey(featureClass: "P", countryCode: "US", population: 5_000)))
    }

    @Test func thresholdRepeatedIdsAndOrder() async {
        let output = await CitiesStage().run(places: file([
            place(30, "Big"), place(10, "Small", population: 999), place(20, "Edge", population: 1_000),
            place(30, "Big again", line: 40),
        ]))
        #expect(output.cities.map(\.geonameid) == [20, 30])
        #expect(output.cities.map(\.name) == ["Edge", "Big"])
        #expect(output.findings.map(\.description) == [
            #"geonames/cities500.txt:40: geonameid: "30" has the same geonameid as the row at line 30; only the first row with a given geonameid is used (row rejected)"#,
        ])
        #expect(output.findings.map(\.code) == [.rowDuplicateKey])
        #expect(output.counts == ["cities_by_country": ["DE": 2]])
        #expect(await CitiesStage(settings: CitiesScope(extraCountries: [], minPopulation: 0)).run(places: file([place(10, "Small", population: 0)])).cities.count == 1)
    }

    @Test func asciiSpellingsAreAddedToAlternateNames() {
        let munich = CitiesStage.row(for: place(1, "Munich", ascii: "Munich", alternates: ["München", "Minga", "München", "Мюнхен"]),
                                     alternateNames: ["München", "Minga", "München", "Мюнхен"])
        #expect(munich.alternateNames == "München,Minga,Мюнхен,Munchen")
        #expect(munich.lookupNames == ["minga", "munchen", "munich", "мюнхен"])
        let malmo = CitiesStage.row(for: place(2, "Malmö", ascii: "Malmo"), alternateNames: [])
        #expect(malmo.alternateNames == "Malmo")
        #expect(malmo.lookupNames == ["malmo"])
        let lodz = CitiesStage.row(for: place(3, "Łódź", ascii: "Lodz", country: "PL"), alternateNames: ["Lodsch"])
        #expect(lodz.alternateNames == "Lodsch,Lodz")
        #expect(lodz.lookupNames == ["lodsch", "lodz", "łodz"])
        let plain = CitiesStage.row(for: place(4, "Bonn", ascii: "Bonn"), alternateNames: [])
        #expect(plain.alternateNames == nil && plain.lookupNames == ["bonn"])
    }

    @Test func alternateNamesV2ReplaceTheColumnForThePlacesItCovers() async {
        let names = [
            GeoNamesAlternateName(geonameid: 1, isoLanguage: "de", name: "Köln", isHistoric: false, line: 1),
            GeoNamesAlternateName(geonameid: 1, isoLanguage: "link", name: "https://de.wikipedia.org/wiki/Köln", isHistoric: false, line: 2),
            GeoNamesAlternateName(geonameid: 1, isoLanguage: "la", name: "Colonia Agrippina", isHistoric: true, line: 3),
            GeoNamesAlternateName(geonameid: 1, isoLanguage: "post", name: "50667", isHistoric: false, line: 4),
        ]
        let places = file([place(1, "Cologne", ascii: "Cologne", alternates: ["Koeln", "Colonia"]), place(2, "Bonn", alternates: ["Bonna"])])
        let output = await CitiesStage().run(places: places, alternateNames: names)
        #expect(output.cities.map(\.alternateNames) == ["Köln,Koln", "Bonna"])
        let historic = await CitiesStage(settings: CitiesScope(extraCountries: [], includeHistoricNames: true)).run(places: places, alternateNames: names)
        #expect(historic.cities.first?.alternateNames == "Köln,Colonia Agrippina,Koln")
    }

    @Test(arguments: [("München", "munchen"), ("ZÜRICH", "zurich"), ("Ålesund", "alesund"), ("Москва", "москва"),
                      ("Straße", "straße"), ("Øslo", "øslo"), ("Saint-Étienne", "saint-etienne"), ("İstanbul", "istanbul")])
    func foldingLowerCasesAndDropsAccents(name: String, folded: String) {
        #expect(NameFolding.folded(name) == folded)
    }

    @Test func theAppsSwiftFoldingAgreesOnLatinAndCyrillicNames() {
        for name in ["München", "ZÜRICH", "Ålesund", "Москва", "Saint-Étienne", "Kraków", "Ελλάδα"] {
            #expect(NameFolding.folded(name) == name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil), "\(name)")
        }
    }

    @Test func settingsRejectABadCountryCodeAndANegativeThreshold() throws {
        let bad = try SettingsFile(data: Data(#"{"cities": {"extra_countries": ["cy"]}}"#.utf8), name: "pipeline.json", sections: ["cities"])
        #expect { try bad.decode(CitiesScope.self, section: "cities") } throws: { "\($0)".contains("\"cy\" is not an ISO 3166 alpha-2 code") }
        let negative = try SettingsFile(data: Data(#"{"cities": {"min_population": -1}}"#.utf8), name: "pipeline.json", sections: ["cities"])
        #expect(throws: SettingsError.self) { try negative.decode(CitiesScope.self, section: "cities") }
        let good = try SettingsFile(data: Data(#"{"cities": {"extra_countries": ["CY", "TR"], "min_population": 5000}}"#.utf8),
                                    name: "pipeline.json", sections: ["cities"])
        #expect(try good.decode(CitiesScope.self, section: "cities") == CitiesScope(extraCountries: ["CY", "TR"], minPopulation: 5_000))
    }

    @Test func runsOnTheFixtureTree() async throws {
        let stamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
        let output = try await CitiesStage().run(StageContext(sources: SourceTree(root: SharedFixtures.fixtureSources), stamp: stamp))
        #expect(output.cities.count == 315)
        #expect(output.cities.map(\.geonameid) == output.cities.map(\.geonameid).sorted())
        // Out of Europe (London CA, Paris US), and below 1,000 (Vatican City 829, Haselbachtal 0): absent.
        let ids = Set(output.cities.map(\.geonameid))
        #expect(!ids.contains(6058560) && !ids.contains(4717560) && !ids.contains(6691831) && !ids.contains(7302786))
        #expect(output.counts["cities_by_country"]?["GB"] == 79)
        #expect(output.inputs.map(\.file) == ["geonames/countryInfo.txt", "geonames/cities15000.txt", "geonames/alternateNamesV2.txt"])
        #expect(output.inputs.map(\.rows) == [252, 320, 20])
        let london = try #require(output.cities.first { $0.geonameid == 2643743 })
        #expect(london.alternateNames == "London,Londres,Llundain,City of London")
        let zurich = try #require(output.cities.first { $0.geonameid == 2657896 })
        #expect(zurich.alternateNames == "Zürich,Zurich,Zurigo,Turitg")
        #expect(output.findings.isEmpty)
    }
}
