import AIPFindings
@testable import AIPReaders
import TestSupport
import Testing

/// Chapters set in two language columns side by side, items as `Label: value` runs without numbers (Spain).
@Suite struct PDFLayoutLanguageColumnsTests {
    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? { PDFLayoutTests.entry(page, section, item) }

    static func expectLanguageColumns(_ result: AIPPDFReader.Result) throws {
        let page = try #require(result.page)
        #expect(page.icao == "ZZZZ" && page.name == "PRUEBAS" && page.effectiveDate == "2026-01-05")
        #expect(page.entries.map { $0.section * 100 + ($0.itemNumber ?? 0) } == [201, 203, 204, 206, 208, 301, 302, 304, 306, 312, 501])
        // English in field and value, the national row beside it in alt_field and alt_value, even where alike.
        #expect(Self.entry(page, 2, 1)?.value == "402820N 0033339W." && Self.entry(page, 2, 1)?.altValue == "402820N 0033339W.")
        // Parts of one item printed on lines of their own, around another item's line, are joined.
        let elevation = try #require(Self.entry(page, 2, 3))
        #expect(elevation.field == "Elevation / Reference temperature" && elevation.altField == "Elevacion / Temperatura de referencia")
        #expect(elevation.value == "610 M.\n33 C.")
        // Two keys on one line are two rows, both of the administration item (template words: telephone, telefax).
        let administration = try #require(Self.entry(page, 2, 6))
        #expect(administration.field == "AD administration / TEL / FAX" && administration.value == "AENA.\n913 211 000\n913 211 001")
        #expect(administration.altField == "Administracion AD / TEL / FAX")
        // `Airport` is AD 2.3 item 1; `AIS/ARO` names items 4 and 5 and is printed where item 4 goes.
        #expect(Self.entry(page, 3, 1)?.field == "Airport" && Self.entry(page, 3, 1)?.altField == "Aeropuerto")
        #expect(Self.entry(page, 3, 4)?.field == "AIS/ARO" && Self.entry(page, 3, 5) == nil)
        // A remark running on over an indented line, in both languages.
        #expect(Self.entry(page, 3, 12)?.value == "Request the service in advance from the airport office."
            && Self.entry(page, 3, 12)?.altValue == "Solicitar el servicio con antelacion a la oficina.")
        #expect(Self.entry(page, 5, 1)?.value == "In the city." && Self.entry(page, 5, 1)?.altValue == "En la ciudad.")
        #expect(Self.entry(page, 2, 1)?.location == "page 1 AD 2.2 label of item 1")
    }

    @Test func languageColumnsReadInTheEnglishColumnWithTheNationalBeside() throws {
        try Self.expectLanguageColumns(SyntheticChapter.read(SyntheticChapter.languageColumns))
    }

    @Test(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils)"))
    func languageColumnsReadThroughPoppler() async throws {
        try Self.expectLanguageColumns(await SyntheticChapter.readThroughPoppler(SyntheticChapter.languageColumns))
    }

    @Test func theEnglishColumnIsTheOneWhoseHeadingsHaveTheTemplatesTitles() throws {
        // The same page with its columns swapped: English left, national right.
        let swapped = SyntheticChapter.languageColumns.map { page in
            page.map { text in
                guard (50...790).contains(text.y) else { return text }
                return SyntheticChapter.Text(text.x >= 340 ? text.x - 280 : text.x + 280, text.y, text.text, size: text.size)
            }
        }
        let page = try #require(SyntheticChapter.read(swapped).page)
        #expect(Self.entry(page, 2, 3)?.field == "Elevation / Reference temperature")
        #expect(Self.entry(page, 3, 12)?.value == "Request the service in advance from the airport office.")
    }

    @Test func aLabelNamingSeveralItemsTakesTheFirstTheTemplatePutsNext() {
        func row(_ label: String) -> PDFItem { PDFItem(number: 0, page: 1, label: label, value: label, altValue: nil) }
        let placed = PDFLayout.placedByLabel([row("Health"), row("AIS/ARO"), row("MET")], section: 3, unplaced: [])
        #expect(placed.items.map(\.number) == [3, 4, 6] && placed.rejected.isEmpty)
        // After item 6, neither 4 nor 5 can follow: not guessed.
        let late = PDFLayout.placedByLabel([row("MET"), row("AIS/ARO")], section: 3, unplaced: [])
        #expect(late.items.map(\.number) == [6] && late.rejected.map(\.code) == [.pdfAmbiguousLabel])
    }
}
