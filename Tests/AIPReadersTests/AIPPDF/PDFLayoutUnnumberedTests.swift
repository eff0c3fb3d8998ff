@testable import AIPReaders
import Foundation
import Testing

/// Layouts the eight real chapters do not show, on word boxes: headings known by their title, tables without item
/// numbers placed by their labels' words, Spanish and English side by side.
@Suite struct PDFLayoutUnnumberedTests {
    typealias Text = SyntheticChapter.Text

    static func heading(_ text: String) -> Int? {
        PDFLayout.headingNumber(PDFLine(page: 1, words: SyntheticChapter.words([Text(50, 50, text)])))
    }

    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? { PDFLayoutTests.entry(page, section, item) }

    @Test func headingsWithoutCodeOrADAreKnownByTheirTitle() {
        #expect(Self.heading("2.3 OPERATIONAL HOURS") == 3)
        #expect(Self.heading("3. Operational Hours") == 3)
        #expect(Self.heading("3 OPERATIONAL HOURS") == 3)
        #expect(Self.heading("OPERATIONAL HOURS") == 3)
        #expect(Self.heading("HORAS DE FUNCIONAMIENTO / OPERATIONAL HOURS") == 3)
        #expect(Self.heading("Heures de fonctionnement") == 3)
        #expect(Self.heading("PROVOZNÍ DOBA") == 3)
        #expect(Self.heading("6. Rescue and fire fighting services") == 6)
        #expect(Self.heading("Datos geográficos y de administración del aeródromo") == 2)
        #expect(Self.heading("5 Fluggasteinrichtungen") == 5)
        #expect(Self.heading("DATI GEOGRAFICI E AMMINISTRATIVI DELL'AEROPORTO") == 2)
        // An item number or a value before words that are no section's title is no heading.
        #expect(Self.heading("3 Customs and immigration") == nil)
        #expect(Self.heading("2.5 NM from the city") == nil)
        #expect(Self.heading("Operational hours of the tower") == nil)
        // The number must be the titled section's; halves naming two sections name none.
        #expect(Self.heading("4. Operational Hours") == nil)
        #expect(Self.heading("OPERATIONAL HOURS / PASSENGER FACILITIES") == nil)
        // The coded forms are unchanged.
        #expect(Self.heading("ESMS 2.4 HANDLING SERVICES") == 4)
    }

    @Test func asciiTitleWordsAreFoundationsFoldedWords() {
        // Every ASCII character between letters and digits: the byte path must fold and split as Foundation does.
        let text = (0..<128).map { "Ab\(String(UnicodeScalar(UInt8($0))))9z" }.joined()
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).split { !$0.isLetter && !$0.isNumber }.map(String.init)
        #expect(AIPTitleWords.words(text) == folded)
        #expect(AIPTitleWords.words("Aéroport DE-ICING") == ["aeroport", "de", "icing"])
    }

    @Test func labelWordsNameOneItemOfTheSection() {
        #expect(AIPTitleWords.item(section: 3, label: "ATS") == 7)
        #expect(AIPTitleWords.item(section: 3, label: "ATS Reporting Office (ARO)") == 5)
        #expect(AIPTitleWords.item(section: 3, label: "Aduanas e inmigración") == 2)
        #expect(AIPTitleWords.item(section: 4, label: "Fuelling facilities/capacity") == 3)
        #expect(AIPTitleWords.item(section: 4, label: "Fuel and oil types") == 2)
        #expect(AIPTitleWords.item(section: 4, label: "De-icing facilities") == 4)
        #expect(AIPTitleWords.item(section: 3, label: "De-icing") == 11)
        #expect(AIPTitleWords.item(section: 5, label: "Parking") == nil)
        #expect(AIPTitleWords.item(section: 2, label: "Direction and distance of ARP from (city)") == nil)
    }

    @Test func spanishAndEnglishSideBySideWithoutNumbersArePlacedByLabel() throws {
        let result = AIPPDFReader.read(SyntheticChapter.layer(SyntheticChapter.spanish), file: "aip-pdf/es.pdf")
        let page = try #require(result.page)
        #expect(page.icao == "ZZZZ" && page.name == "PRUEBAS" && page.effectiveDate == "2026-01-05")
        // No geoid or magnetic variation row: the administration is still 206; AD 2.6's rows stay out of AD 2.5.
        #expect(page.entries.map { $0.section * 100 + ($0.itemNumber ?? 0) }
            == [201, 202, 203, 206, 207, 208, 302, 305, 307, 312, 401, 402, 405, 406, 501, 506])
        #expect(result.itemsPlacedByLabel == 16)
        #expect(page.arpText == "402820N 0033339W")
        let elevation = try #require(Self.entry(page, 2, 3))
        #expect(elevation.field == "Elevation / Reference temperature" && elevation.altField == "Elevacion / Temperatura de referencia")
        #expect(Self.entry(page, 2, 2)?.value == "12 KM NE of the city" && Self.entry(page, 2, 2)?.altValue == "12 KM NE de la ciudad")
        #expect(Self.entry(page, 2, 6)?.value == "AENA\nTel: 913 211 000" && Self.entry(page, 2, 6)?.altValue == "AENA\nTel: 913 211 000")
        #expect(Self.entry(page, 2, 8)?.value == "NIL" && Self.entry(page, 2, 8)?.altValue == "Ninguna")
        #expect(Self.entry(page, 3, 2)?.value == "Monday to Friday\n0800-1500" && Self.entry(page, 3, 2)?.altValue == "Lunes a viernes\n0800-1500")
        #expect(Self.entry(page, 3, 5)?.field == "ATS Reporting Office" && Self.entry(page, 3, 5)?.altField == "Oficina ARO")
        // A Spanish value without an English one serves both; a label printed alike in both is one field.
        let ats = try #require(Self.entry(page, 3, 7))
        #expect(ats.value == "H24" && ats.altValue == nil && ats.field == "ATS" && ats.altField == nil)
        #expect(Self.entry(page, 4, 2)?.altField == "Tipos de combustible y lubricantes")
        #expect(Self.entry(page, 4, 2)?.location == "page 1 AD 2.4 label of item 2")
        // Two rows naming hotels are the parts of one item, joined in print order; one naming nothing is a finding
        // with its text, not guessed into an item.
        let hotels = try #require(Self.entry(page, 5, 1))
        #expect(hotels.field == "Hotels / Hotels nearby" && hotels.altField == "Hoteles / Hoteles cercanos")
        #expect(hotels.value == "In the city\nHotel AD" && hotels.altValue == "En la ciudad\nHotel AD")
        #expect(result.findings.map(\.code) == [.pdfUnplacedText])
        #expect(result.findings.map(\.value) == ["Parking: Yes"])
        #expect(result.findings.allSatisfy { $0.location == .page(1, section: "AD 2.5") && $0.file == "aip-pdf/es.pdf" })
    }

    @Test func labelThenNationalThenEnglishValueColumns() throws {
        var texts = [Text(470, 20, "AD 2 ZZZZ 1-1"), Text(60, 62, "2.3 OPERATIONAL HOURS")]
        texts += SyntheticChapter.unnumberedRows(80, columns: [60, 170, 380], [
            [["Douanes / Customs"], ["Sur demande"], ["On request"]],
            [["Health"], ["Voir GEN 3.1 pour les details complets du service sanitaire"], []],
            [["Fuelling"], ["0700-1900"], ["0700-1900 daily"]],
            [["AIS"], ["H24"], ["H24"]],
        ]).texts
        let result = AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf")
        let page = try #require(result.page)
        #expect(page.entries.map(\.itemNumber) == [2, 3, 4, 8])
        #expect(Self.entry(page, 3, 2)?.value == "On request" && Self.entry(page, 3, 2)?.altValue == "Sur demande")
        #expect(Self.entry(page, 3, 2)?.field == "Customs" && Self.entry(page, 3, 2)?.altField == "Douanes")
        #expect(Self.entry(page, 3, 3)?.field == "Health" && Self.entry(page, 3, 3)?.altField == nil)
        // One text running across the English column's start is shared by both languages.
        #expect(Self.entry(page, 3, 3)?.value == "Voir GEN 3.1 pour les details complets du service sanitaire")
        #expect(Self.entry(page, 3, 3)?.altValue == nil)
        #expect(Self.entry(page, 3, 8)?.value == "0700-1900 daily" && Self.entry(page, 3, 8)?.altValue == "0700-1900")
        #expect(result.findings.map(\.code) == [.pdfSectionMissing, .pdfSectionMissing, .pdfSectionMissing])
    }

    @Test func englishRowsWithoutNumbersTakeTheItemTheirLabelNamesInAnyOrder() throws {
        var texts = [Text(470, 20, "AD 2 ZZZZ 1-1"), Text(60, 62, "5. Passenger facilities")]
        texts += SyntheticChapter.unnumberedRows(80, columns: [60, 200], [
            [["Remarks"], ["Taxis and buses from the terminal to the city centre"]],
            [["Hotels"], ["In the city", "and at the AD"]],
            [["Bank and Post Office"], ["Terminal"]],
            [["Restaurants"], ["Terminal"]],
        ]).texts
        let result = AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf")
        let page = try #require(result.page)
        #expect(page.entries.map(\.itemNumber) == [1, 2, 5, 7])
        #expect(Self.entry(page, 5, 1)?.value == "In the city\nand at the AD" && Self.entry(page, 5, 1)?.altValue == nil)
        #expect(Self.entry(page, 5, 7)?.value == "Taxis and buses from the terminal to the city centre" && Self.entry(page, 5, 7)?.field == "Remarks")
        #expect(result.itemsPlacedByLabel == 4)
    }
}

extension PDFLayoutUnnumberedTests {
    @Test func aTableWithoutNumbersGoesOnOverAPageWithItsColumnsMoved() throws {
        var first = [Text(470, 20, "AD 2 ZZZZ 1-1"), Text(60, 62, "OPERATIONAL HOURS")]
        first += SyntheticChapter.unnumberedRows(80, columns: [60, 170, 320, 420], [
            [["Aduanas"], ["Lunes a viernes"], ["Customs"], ["Monday to Friday"]],
            [["Sanidad"], ["H24"], ["Health"], ["H24"]],
            [["Combustible"], ["0700-2000"], ["Fuelling"], ["0700-2000"]],
            [["Observaciones"], ["Vuelos privados: PPR"], ["Remarks"], ["Private flights: PPR"]],
        ]).texts
        // The even page prints everything 20 points further right; the remarks go on at its top, without a label.
        var second = [Text(80, 20, "AD 2 ZZZZ 1-2")]
        let rest = SyntheticChapter.unnumberedRows(62, columns: [80, 190, 340, 440], [
            [[], ["Aduanas: PN 24 HR"], [], ["Customs: PN 24 HR"]],
            [["ATS"], ["H24"], ["ATS"], ["H24"]],
            [["Seguridad"], ["Si"], ["Security"], ["Yes"]],
            [["Deshielo"], ["No"], ["De-icing"], ["No"]],
        ])
        second += rest.texts
        second.append(Text(80, rest.end + 8, "HANDLING SERVICES AND FACILITIES"))
        second += SyntheticChapter.unnumberedRows(rest.end + 24, columns: [80, 190, 340, 440], [
            [["Carga"], ["No"], ["Cargo handling"], ["No"]],
            [["Hangares"], ["Si, 2 aeronaves"], ["Hangar space"], ["Yes, 2 aircraft"]],
            [["Reparaciones"], ["No"], ["Repair facilities"], ["No"]],
        ]).texts
        let result = AIPPDFReader.read(SyntheticChapter.layer([first, second]), file: "t.pdf")
        let page = try #require(result.page)
        #expect(page.entries.map { $0.section * 100 + ($0.itemNumber ?? 0) } == [302, 303, 307, 308, 310, 311, 312, 401, 405, 406])
        #expect(Self.entry(page, 3, 12)?.value == "Private flights: PPR\nCustoms: PN 24 HR")
        #expect(Self.entry(page, 3, 12)?.altValue == "Vuelos privados: PPR\nAduanas: PN 24 HR")
        #expect(Self.entry(page, 4, 5)?.value == "Yes, 2 aircraft" && Self.entry(page, 4, 5)?.altValue == "Si, 2 aeronaves")
        #expect(Self.entry(page, 4, 5)?.location == "page 2 AD 2.4 label of item 5")
        #expect(result.findings.map(\.code) == [.pdfSectionMissing, .pdfSectionMissing])
    }

    @Test func titleOnlyHeadingsCountOnlyWhereNoHeadingIsNumbered() {
        func sections(_ texts: [String]) -> [Int] {
            PDFLayout.sections(texts.enumerated().map { PDFLine(page: 1, words: SyntheticChapter.words([Text(60, 100 + 14 * Double($0.offset), $0.element)])) })
                .map(\.number)
        }
        // Denmark: no heading numbered.
        #expect(sections(["PASSENGER FACILITIES", "Hotels In town", "RESCUE AND FIRE FIGHTING SERVICES"]) == [5, 6])
        // Where headings are numbered, title words alone are a label (France, AD 2.11 item 10) or an English repeat.
        #expect(sections(["AD 2.11 METEOROLOGICAL INFORMATION PROVIDED", "Additional information", "AD 2.12 RUNWAY"]) == [11, 12])
        #expect(sections(["3. HORAS DE FUNCIONAMIENTO", "OPERATIONAL HOURS", "AD Administration H24"]).count == 1)
    }
}
