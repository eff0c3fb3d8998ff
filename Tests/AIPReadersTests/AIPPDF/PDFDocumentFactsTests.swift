@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// The aerodrome, name and date of a chapter: from its headers, headings and AD 2.1 line, whatever the punctuation.
@Suite struct PDFDocumentFactsTests {
    typealias Text = SyntheticChapter.Text

    static func line(_ text: String, y: Double = 50) -> PDFLine {
        PDFLine(page: 1, words: SyntheticChapter.words([Text(60, y, text)]))
    }

    @Test(arguments: ["AD 2.EBOS-1", "AD 2 EDSB 1-1", "AD-2.LFAT -1", "AD 2 - EKAH - 1", "AD 2-LEGE 1", "LSGS AD 2 - 1", "AD 2-LKKV-1"])
    func theCodeBesideAD2InAHeader(_ header: String) {
        let code = header.split { !$0.isLetter }.first { $0.count == 4 }.map(String.init)
        #expect(PDFDocumentFacts.icao(headings: [], lines: [Self.line(header)]) == code)
    }

    @Test func theCodeFromTheLocationLineOrTheFileName() {
        // Denmark's AD 2.1 line carries `EKAH - Aarhus`; a chapter printing its code nowhere else is named by its file.
        let location = [Self.line("1. Aerodrome Location Indicator and Name: EKAH - Aarhus")]
        #expect(PDFDocumentFacts.icao(headings: [], lines: [], locationLines: location) == "EKAH")
        let heading = Self.line("2. Aerodrome Geographical and Administrative Data")
        #expect(PDFDocumentFacts.icao(headings: [heading], lines: [heading], file: "aip-pdf/dk/EKAH.pdf") == "EKAH")
        // Without AD 2 sections a file name names nothing; nor does a name that is no code.
        #expect(PDFDocumentFacts.icao(headings: [], lines: [], file: "aip-pdf/EKAH.pdf") == nil)
        #expect(PDFDocumentFacts.icao(headings: [heading], lines: [heading], file: "aip-pdf/aarhus.pdf") == nil)
        // A reference in a value names its aerodrome less often than the headers do.
        let lines = [Self.line("AD 2-LEGE 1"), Self.line("AD 2-LEGE 2"), Self.line("See AD 2-LEBL ADC")]
        #expect(PDFDocumentFacts.icao(headings: [], lines: lines) == "LEGE")
    }

    @Test func theNameAfterTheCodeAndADash() {
        #expect(PDFDocumentFacts.name(section: [Self.line("1. Aerodrome Location Indicator and Name: EKAH - Aarhus")], icao: "EKAH") == "Aarhus")
        #expect(PDFDocumentFacts.name(section: [Self.line("LKKV AD 2.1 AERODROME LOCATION INDICATOR AND NAME"), Self.line("LKKV - KARLOVY VARY")],
                                      icao: "LKKV") == "KARLOVY VARY")
    }

    @Test func datesWithTwoDigitYears() {
        let layer = SyntheticChapter.layer([[Text(450, 20, "AD 2 - EKAH - 1"), Text(450, 32, "10 AUG 23")],
                                            [Text(450, 20, "AD 2-LEGE 2"), Text(450, 32, "WEF 03-NOV-22")]])
        #expect(PDFDocumentFacts.effectiveDate(layer) == "2023-08-10")
    }
}

/// Typography the text layer keeps: raised small `o` for degrees, pictograms of symbol fonts, typesetting hyphens.
@Suite struct PDFLayoutTypographyTests {
    @Test func aRaisedSmallOAfterANumberIsADegreeSign() {
        let number = PDFWord(page: 1, x0: 100, y0: 100, x1: 114, y1: 109.4, text: "23,8")
        let raised = PDFWord(page: 1, x0: 114, y0: 99, x1: 117, y1: 105.5, text: "o")
        let celsius = PDFWord(page: 1, x0: 119, y0: 100, x1: 125, y1: 109.4, text: "C")
        #expect(PDFLayout.lines(of: [number, raised, celsius]).map(\.text) == ["23,8° C"])
        // An `o` on the baseline is a word.
        let word = PDFWord(page: 1, x0: 114, y0: 100, x1: 118, y1: 109.4, text: "o")
        #expect(PDFLayout.lines(of: [number, word]).map(\.text) == ["23,8 o"])
    }

    @Test func pictogramsAreNoText() {
        let xhtml = Data("""
            <html><body><doc><page width="595" height="842">
            <word xMin="10" yMin="10" xMax="30" yMax="20">PRAHA</word><word xMin="32" yMin="10" xMax="40" yMax="20">\u{F028}</word>
            <word xMin="42" yMin="10" xMax="60" yMax="20">+420</word>
            </page></doc></body></html>
            """.utf8)
        #expect(PDFTextLayer(bboxXHTML: xhtml).pages.first?.words.map(\.text) == ["PRAHA", "+420"])
    }

    @Test func wordsAreTheirTextChildrenWithMinusSignsAsHyphens() {
        // Lower-case box names (as the HTML parser stores them), an escaped ampersand, a minus sign beside ASCII words.
        let xhtml = Data("""
            <html><body><doc><page width="595" height="842">
            <word xmin="10" ymin="10" xmax="30" ymax="20">R&amp;D</word><word xMin="32" yMin="10" xMax="40" yMax="20">\u{2212}5\u{B0}C</word>
            <word xMin="x" yMin="10" xMax="50" yMax="20">NOBOX</word><word xMin="52" yMin="10" xMax="60" yMax="20">GND</word>
            </page></doc></body></html>
            """.utf8)
        let words = PDFTextLayer(bboxXHTML: xhtml).pages.first?.words ?? []
        #expect(words.map(\.text) == ["R&D", "-5\u{B0}C", "GND"])
        #expect(words.map(\.x0) == [10, 32, 52])
    }

    @Test func aHyphenAtALineEndIsDecidedByTheDocumentsOwnWords() {
        let words: Set<String> = ["passenger", "de-iced", "fire", "fighting"]
        #expect(PDFLayout.resolvingSoftHyphens("handling of passen\u{AD}gers", vocabulary: words) == "handling of passengers")
        #expect(PDFLayout.resolvingSoftHyphens("aircraft are de\u{AD}iced", vocabulary: words) == "aircraft are de-iced")
        #expect(PDFLayout.resolvingSoftHyphens("fire\u{AD}fighting unit", vocabulary: words) == "fire-fighting unit")
        // joinLines marks a hyphen between letters before a small letter, and only that.
        func cell(_ lines: [String]) -> String {
            PDFLayout.joinLines(lines.enumerated().map { (SyntheticChapter.words([SyntheticChapter.Text(250, 100 + 12 * Double($0.offset), $0.element)]), 300, false) },
                                joiner: "\n")
        }
        #expect(cell(["handling of passen-", "gers"]) == "handling of passen\u{AD}gers")
        #expect(cell(["TEL 1330-", "1700"]) == "TEL 1330-1700")
        #expect(cell(["131.550 -", "call sign"]) == "131.550 - call sign")
    }
}
