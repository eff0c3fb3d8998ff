@testable import AIPReaders
import TestSupport
import Testing

/// A national row above each English one (Austria), section headings printed side by side in both languages and set
/// larger than the table, wrapping: read by the template's rows, as word boxes.
@Suite struct PDFLayoutBilingualRowsTests {
    typealias Text = SyntheticChapter.Text

    /// AD 2.3 of aerodrome ZZZZ: each item's national label and value on one row, the English ones 18 points below
    /// (lines of one cell 10 to 15 points apart), or one value for both.
    static let chapter: [[Text]] = {
        var texts = [Text(56, 20, "AIP TESTLAND"), Text(450, 20, "ZZZZ AD 2-1"), Text(450, 32, "05 JAN 2026"),
                     Text(56, 62, "ZZZZ AD 2.3 BETRIEBSZEITEN UND", size: 12), Text(320, 62, "ZZZZ AD 2.3 OPERATIONAL", size: 12),
                     Text(56, 76, "OEFFNUNGEN", size: 12), Text(320, 76, "HOURS", size: 12)]
        texts += [
            // One value for both languages, beside the national label.
            Text(60, 100, "1"), Text(75, 100, "FLUGPLATZBETRIEBSLEITUNG"), Text(250, 100, "0400-2200"), Text(75, 118, "AD ADMINISTRATION"),
            // A national row and an English row.
            Text(60, 140, "2"), Text(75, 140, "ZOLLBEHOERDE"), Text(250, 140, "0500-2200 auf Anfrage"),
            Text(75, 158, "CUSTOMS AND IMMIGRATION"), Text(250, 158, "0500-2200 on request"),
            // One value of two lines, its second line 3 points above the English label: read on one line with it.
            Text(60, 180, "3"), Text(75, 180, "FLUGBERATUNG"), Text(250, 180, "H24"), Text(250, 195, "AIS/ARO Wien"),
            Text(75, 198, "AIS BRIEFING OFFICE"),
            Text(60, 220, "4"), Text(75, 220, "BETANKUNG"), Text(250, 220, "H24"), Text(75, 238, "FUELLING"),
            Text(60, 260, "5"), Text(75, 260, "ANMERKUNGEN"), Text(250, 260, "Flughafen nur bei Tag"),
            Text(75, 278, "REMARKS"), Text(250, 278, "Daytime only"),
        ]
        return [texts]
    }()

    static func entry(_ page: AerodromeDocument, _ item: Int) -> AerodromeEntry? {
        page.entries.first { $0.section == 3 && $0.itemNumber == item }
    }

    @Test func nationalRowsAboveEnglishOnesUnderHeadingsSideBySide() throws {
        let result = SyntheticChapter.read(Self.chapter)
        let page = try #require(result.page)
        #expect(page.icao == "ZZZZ")
        #expect(page.entries.filter { $0.section == 3 }.map(\.itemNumber) == Array(1...5))
        // The heading's second line is heading, not text of the section.
        #expect(!result.findings.contains { $0.code == .pdfUnplacedText })
        #expect(Self.entry(page, 1)?.field == "AD ADMINISTRATION" && Self.entry(page, 1)?.altField == "FLUGPLATZBETRIEBSLEITUNG")
        #expect(Self.entry(page, 1)?.value == "0400-2200" && Self.entry(page, 1)?.altValue == nil)
        #expect(Self.entry(page, 2)?.value == "0500-2200 on request" && Self.entry(page, 2)?.altValue == "0500-2200 auf Anfrage")
        // Beside the English label otherwise than the national value beside its label: one value printed once.
        #expect(Self.entry(page, 3)?.field == "AIS BRIEFING OFFICE" && Self.entry(page, 3)?.value == "H24\nAIS/ARO Wien")
        #expect(Self.entry(page, 3)?.altValue == nil)
        #expect(Self.entry(page, 5)?.value == "Daytime only" && Self.entry(page, 5)?.altValue == "Flughafen nur bei Tag")
    }

    @Test func aLabelPrintedOnceWithItsValueInTwoRowsIsNationalThenEnglish() throws {
        // Items 1-3 print both labels, 18 points apart; item 4 one label, its value in two rows as far apart.
        var texts = Self.chapter[0].filter { $0.y < 200 }
        texts += [Text(60, 220, "4"), Text(75, 220, "HOTELS"), Text(250, 220, "Hotels in der Stadt"), Text(250, 238, "Hotels in the city"),
                  Text(60, 260, "5"), Text(75, 260, "RESTAURANTS"), Text(250, 260, "Flughafenrestaurant"), Text(250, 270, "Bar")]
        let page = try #require(SyntheticChapter.read([texts]).page)
        #expect(Self.entry(page, 4)?.field == "HOTELS" && Self.entry(page, 4)?.altField == nil)
        #expect(Self.entry(page, 4)?.value == "Hotels in the city" && Self.entry(page, 4)?.altValue == "Hotels in der Stadt")
        // Two value lines closer than the rows are: one value.
        #expect(Self.entry(page, 5)?.value == "Flughafenrestaurant\nBar" && Self.entry(page, 5)?.altValue == nil)
    }
}
