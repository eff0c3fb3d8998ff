import AIPReaders
import Foundation
import Testing

/// A GeoNames field longer than the dump's format allows (`readme.txt`: name `varchar(200)`, alternatenames
/// `varchar(10000)`, alternate name `varchar(400)`, isolanguage `varchar(7)`) is a finding, never published whole
/// nor cut short: a required one rejects the row, an optional one is cleared.
@Suite struct GeoNamesFieldLengthTests {
    @Test func aNameAtTheLimitIsKeptAndOnePastItRejectsTheRow() throws {
        let atLimit = String(repeating: "ö", count: 200), past = String(repeating: "ö", count: 201)
        let text = [GeoNamesTestData.place(id: "1", name: atLimit), GeoNamesTestData.place(id: "2", name: past),
                    GeoNamesTestData.place(id: "3")].joined(separator: "\n") + "\n"
        let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text))
        #expect(file.places.map(\.geonameid) == [1, 3])
        #expect(file.places.first?.name == atLimit)
        let finding = try #require(file.findings.first)
        #expect(file.findings.count == 1)
        #expect(finding.code == .valueTooLong && finding.action == .rowRejected && finding.line == 2 && finding.column == "name")
        #expect(finding.reason == "has 201 characters, more than the 200 its format allows")
        // The report shows the value's start, not the whole of it.
        #expect(finding.value == String(repeating: "ö", count: 40) + "…")
    }

    @Test func anOverLongAlternateNamesFieldIsClearedOnThePlace() throws {
        let huge = (0..<100_000).map { "Name\($0)" }.joined(separator: ",")
        let fits = (0..<900).map { "Nm\($0)" }.joined(separator: ",")
        let text = GeoNamesTestData.place(id: "1", alternates: huge) + "\n" + GeoNamesTestData.place(id: "2", alternates: fits) + "\n"
        let file = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text))
        #expect(file.places.map(\.geonameid) == [1, 2])
        #expect(file.places[0].alternateNames.isEmpty)
        #expect(file.places[0].findings.map(\.code) == [.valueTooLong])
        #expect(file.places[0].findings.first?.action == .fieldCleared)
        #expect(file.places[1].alternateNames.count == 900 && file.places[1].findings.isEmpty)
    }

    @Test func overLongCodesAreClearedOnThePlace() throws {
        let text = GeoNamesTestData.place(id: "1", featureCode: String(repeating: "P", count: 11), admin1: String(repeating: "0", count: 21)) + "\n"
        let place = try #require(try GeoNamesTestData.readAll(GeoNamesTestData.stream(text)).places.first)
        #expect(place.featureCode == nil && place.admin1Code == nil)
        #expect(place.findings.map(\.column) == ["feature code", "admin1 code"])
        #expect(place.findings.allSatisfy { $0.code == .valueTooLong })
    }

    static func alternateNames(_ rows: [(language: String, name: String)]) throws -> GeoNamesRecords<GeoNamesAlternateName> {
        let text = rows.enumerated().map { index, row in
            ["\(index + 1)", "7", row.language, row.name, "", "", "", "", "", ""].joined(separator: "\t")
        }.joined(separator: "\n") + "\n"
        return try GeoNamesReader.readAlternateNames(GeoNamesTestData.stream(text, name: "geonames/alternateNamesV2.txt")) { _ in true }
    }

    @Test func anOverLongAlternateNameOrLanguageCodeRejectsTheRow() throws {
        let names = try Self.alternateNames([("de", String(repeating: "x", count: 400)), ("de", String(repeating: "x", count: 401)),
                                             ("toolong", "Seven"), ("tooolong", "Eight"), ("en", "Munich"), ("it", "Monaco")])
        #expect(names.records.map(\.line) == [1, 3, 5, 6])
        #expect(names.findings.map(\.code) == [.valueTooLong, .valueTooLong])
        #expect(names.findings.map(\.column) == ["alternate name", "isolanguage"])
        // A language code that cannot be read is not "no language": the row goes rather than becoming a name.
        #expect(!names.records.contains { $0.name == "Eight" })
    }
}

/// Many alternate-name rows of one place cannot grow its field without limit either.
@Suite struct GeoNamesNamesPerPlaceTests {
    @Test func namesPastThePlacesLimitAreRejectedAndOtherPlacesKeepTheirs() throws {
        // 200 names of 300 characters for place 7 (60,200 with their commas), then one for place 8.
        let long = String(repeating: "n", count: 300)
        var lines = (1...200).map { ["\($0)", "7", "de", long, "", "", "", "", "", ""].joined(separator: "\t") }
        lines.append(["201", "8", "de", long, "", "", "", "", "", ""].joined(separator: "\t"))
        lines.append(["202", "7", "link", "https://example.org/" + long, "", "", "", "", "", ""].joined(separator: "\t"))
        let stream = GeoNamesTestData.stream(lines.joined(separator: "\n") + "\n", name: "geonames/alternateNamesV2.txt")
        let names = try GeoNamesReader.readAlternateNames(stream) { _ in true }
        let kept = names.records.filter { $0.geonameid == 7 && $0.isName }
        // 166 names of 301 characters fit in 50,000; the 167th would not.
        #expect(kept.count == 166)
        #expect(names.findings.count == 200 - 166)
        #expect(names.findings.allSatisfy { $0.code == .valueTooLong && $0.action == .rowRejected })
        #expect(names.findings.first?.line == 167)
        #expect(names.records.contains { $0.geonameid == 8 })
        // Rows that are no names (a link) do not count and are not cut.
        #expect(names.records.contains { $0.line == 202 })
    }
}
