import AIPFindings
@testable import AIPReaders
import TestSupport
import Testing

/// Languages stacked inside each cell, national above English (Czechia, Austria): word boxes, and once through
/// poppler.
@Suite struct PDFLayoutStackedCellsTests {
    typealias Text = SyntheticChapter.Text

    static func entry(_ page: AerodromeDocument, _ item: Int) -> AerodromeEntry? {
        page.entries.first { $0.section == 3 && $0.itemNumber == item }
    }

    static func expectStackedChapter(_ result: AIPPDFReader.Result) throws {
        let page = try #require(result.page)
        #expect(page.icao == "LKXX")
        #expect(page.entries.map(\.itemNumber) == Array(1...7))
        #expect(result.findings.filter { $0.code != .pdfSectionMissing }.isEmpty)
        // Label and value two lines each, nothing to tell the halves apart: the label's lines split in half, the
        // value kept whole.
        #expect(entry(page, 1)?.field == "AD Administration" && entry(page, 1)?.altField == "Provozovatel letiste")
        #expect(entry(page, 1)?.value == "MON-FRI 0700-1500\nSAT 0800-1200" && entry(page, 1)?.altValue == nil)
        // A value printed once serves both languages.
        #expect(entry(page, 2)?.field == "Customs and immigration" && entry(page, 2)?.altField == "Celni a imigracni sluzby")
        #expect(entry(page, 2)?.value == "H24" && entry(page, 2)?.altValue == nil)
        // The English label starts with the English value, after the longer national value.
        #expect(entry(page, 3)?.field == "Health and sanitation" && entry(page, 3)?.altField == "Zdravotni sluzba")
        #expect(entry(page, 3)?.value == "MON-FRI 0800-1600\nSAT 0900-1200" && entry(page, 3)?.altValue == "PO-PA 0800-1600\nSO 0900-1200")
        // The English value starts with the English label, after the longer national label.
        #expect(entry(page, 4)?.field == "AIS Briefing Office" && entry(page, 4)?.altField == "Letistni informacni sluzba AIS")
        #expect(entry(page, 4)?.value == "See item 1." && entry(page, 4)?.altValue == "viz bod 1.")
        #expect(entry(page, 6)?.field == "Item 6" && entry(page, 6)?.altField == "Polozka 6" && entry(page, 6)?.value == "NIL"
            && entry(page, 6)?.altValue == nil)
        #expect(entry(page, 7)?.field == "Remarks" && entry(page, 7)?.altField == "Poznamky")
        #expect(entry(page, 7)?.value == "Operations in good visibility and daytime only"
            && entry(page, 7)?.altValue == "Provoz pouze za dobre viditelnosti a za dne mimo nedele a svatky")
    }

    @Test func languagesStackedInEachCellGiveEnglishAndNational() throws {
        try Self.expectStackedChapter(SyntheticChapter.read(SyntheticChapter.stackedInCells))
    }

    @Test(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils)"))
    func languagesStackedInEachCellReadThroughPoppler() async throws {
        try Self.expectStackedChapter(await SyntheticChapter.readThroughPoppler(SyntheticChapter.stackedInCells))
    }

    @Test func anEnglishTableWithAWrappedLabelIsOneLanguage() throws {
        // Item 2.1's label wraps onto a second line (a label cell of two lines): no stacking, the label read whole.
        var texts = SyntheticChapter.english
        texts[0] = texts[0].map { $0.text == "ARP coordinates and site at AD" ? Text(75, $0.y, "ARP coordinates and site of the reference") : $0 }
            + [Text(75, 116, "point")]
        let page = try #require(AIPPDFReader.read(SyntheticChapter.layer(texts), file: "t.pdf").page)
        #expect(page.entries.count == 34 && page.entries.allSatisfy { $0.altField == nil && $0.altValue == nil })
        #expect(page.entries.first?.field == "ARP coordinates and site of the reference point")
        #expect(page.entries.first?.value == "511156N 0025144E")
    }
}

/// Languages stacked in rows whose item numbers are centred between the national and the English line (Czechia).
@Suite struct PDFLayoutStackedCentredTests {
    static func entry(_ page: AerodromeDocument, _ item: Int) -> AerodromeEntry? { PDFLayoutStackedCellsTests.entry(page, item) }

    static func expectStackedCentred(_ result: AIPPDFReader.Result) throws {
        let page = try #require(result.page)
        #expect(page.icao == "LKXX" && page.entries.map(\.itemNumber) == Array(1...5))
        // The English label is the one with the template's words; a lone `/` pairs a national line with the next.
        #expect(entry(page, 1)?.field == "AD Administration" && entry(page, 1)?.altField == "Sprava letiste")
        #expect(entry(page, 1)?.value == "In summer season\nMON-SUN 0600-1700" && entry(page, 1)?.altValue == "Sezona leto\nMON-SUN 0600-1700")
        // Each language's value starts on its label's line, the number alone between them.
        #expect(entry(page, 2)?.value == "As AD Administration." && entry(page, 2)?.altValue == "Jako sprava AD.")
        // A value printed once, beside the number, serves both.
        #expect(entry(page, 3)?.field == "Health and sanitation" && entry(page, 3)?.value == "H24" && entry(page, 3)?.altValue == nil)
        // A value printing both languages inline is one cell for both.
        #expect(entry(page, 4)?.value == "Hodiny/Hours: H24\nWeb/Web: ibs.rlp.cz" && entry(page, 4)?.altValue == nil)
        // `national / English` on one label line.
        #expect(entry(page, 5)?.field == "Remarks" && entry(page, 5)?.altField == "Poznamky" && entry(page, 5)?.value == "NIL")
    }

    @Test func languagesStackedInCentredRowsAreToldByTheTemplatesEnglishLabels() throws {
        try Self.expectStackedCentred(SyntheticChapter.read(SyntheticChapter.stackedCentred))
    }

    @Test(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils)"))
    func languagesStackedInCentredRowsReadThroughPoppler() async throws {
        try Self.expectStackedCentred(await SyntheticChapter.readThroughPoppler(SyntheticChapter.stackedCentred))
    }
}
