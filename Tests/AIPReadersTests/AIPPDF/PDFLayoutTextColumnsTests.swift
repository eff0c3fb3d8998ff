import AIPFindings
@testable import AIPReaders
import TestSupport
import Testing

/// Pages set in two text columns with items as running text (Denmark): word boxes, and once through poppler.
@Suite struct PDFLayoutTextColumnsTests {
    typealias Text = SyntheticChapter.Text

    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? {
        page.entries.first { $0.section == section && $0.itemNumber == item }
    }

    /// What both the word boxes and the PDF of ``SyntheticChapter/twoColumns`` must give.
    static func expectTwoColumnChapter(_ result: AIPPDFReader.Result) throws {
        let page = try #require(result.page)
        #expect(page.icao == "EKXX" && page.effectiveDate == "2026-01-05" && page.name == "TESTBY")
        #expect(result.findings.isEmpty)
        #expect(page.entries.map { "\($0.section).\($0.itemNumber ?? 0)" }
            == (1...8).map { "2.\($0)" } + (1...12).map { "3.\($0)" } + (1...7).map { "4.\($0)" } + (1...7).map { "5.\($0)" })
        #expect(page.arpText == "551400N 0123000E" && entry(page, 2, 1)?.field == "ARP coordinates")
        #expect(entry(page, 2, 2)?.field == "Direction and distance from city" && entry(page, 2, 2)?.value == "5 KM W of Testby")
        #expect(entry(page, 2, 3)?.field == "Elevation / Reference temperature" && entry(page, 2, 3)?.value == "100 FT / 21 C")
        // The value on the lines below its label, line for line.
        #expect(entry(page, 2, 6)?.field == "AD Administration" && entry(page, 2, 6)?.value == "Testby Lufthavn A/S\nLufthavnsvej 1\nTEL: +45 1234 5678")
        // A line filling the column wraps.
        #expect(entry(page, 2, 8)?.value == "Grass strip closed to traffic after heavy rain.")
        // The right column, after the left one: its first item, its value going on below the label's line.
        #expect(entry(page, 3, 1)?.field == "AD Administration" && entry(page, 3, 1)?.value == "MON-FRI 0700-1500\nSAT 0800-1200")
        #expect(entry(page, 3, 2)?.value == "H24")
        #expect(entry(page, 3, 3)?.field == "Health and sanitation" && entry(page, 3, 3)?.value == "MON-FRI 0800-1600")
        #expect(entry(page, 3, 12)?.field == "Item 12" && entry(page, 3, 12)?.value == "NIL")
        // A value going on over the column break.
        #expect(entry(page, 4, 7)?.value == "De-icing on request from the handling agent at the apron.")
        #expect(entry(page, 5, 7)?.field == "Passenger 7" && entry(page, 5, 7)?.value == "P7")
        #expect(page.entries.allSatisfy { $0.altValue == nil && $0.altField == nil })
    }

    @Test func aTwoColumnChapterReadsColumnByColumn() throws {
        try Self.expectTwoColumnChapter(SyntheticChapter.read(SyntheticChapter.twoColumns))
        // The same with the right column's baselines 5 points below the left one's: lines never pair across the gutter.
        let offset = SyntheticChapter.twoColumns.map { $0.map { $0.x >= 300 && (50...790).contains($0.y) ? Text($0.x, $0.y + 5, $0.text) : $0 } }
        try Self.expectTwoColumnChapter(SyntheticChapter.read(offset))
    }

    @Test func aTwoColumnChapterWithHeadingsKnownOnlyByTheirTitles() throws {
        // Denmark prints no `AD 2.x` before its section titles: `2.3 OPERATIONAL HOURS`, the code in the page header.
        // Page 2's right column then holds only short lines: the page's middle is found from its header's edges.
        let bare = SyntheticChapter.twoColumns.map { $0.map { text in
            text.text.hasPrefix("EKXX AD 2.") ? Text(text.x, text.y, String(text.text.dropFirst("EKXX AD ".count)), size: text.size) : text
        } }
        #expect(bare.joined().contains { $0.text == "2.3 OPERATIONAL HOURS" })
        try Self.expectTwoColumnChapter(SyntheticChapter.read(bare))
    }

    @Test(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils)"))
    func aTwoColumnChapterReadsThroughPoppler() async throws {
        try Self.expectTwoColumnChapter(await SyntheticChapter.readThroughPoppler(SyntheticChapter.twoColumns))
    }

    @Test func aTitleOverBothColumnsCutsThePageIntoBands() {
        // Two column blocks with a title across the gutter between them: block 1 left, right, the title, block 2.
        let left = ["EKXX AD 2.3 HOURS"] + (1...7).map { "\($0). A\($0): left" }
        let right = ["EKXX AD 2.4 HANDLING"] + (1...7).map { "\($0). B\($0): right" }
        let texts = [Text(150, 100, "TITLE OVER BOTH COLUMNS OF THE PAGE")]
            + SyntheticChapter.column(56, 120, left) + SyntheticChapter.column(310, 120, right)
            + [Text(150, 230, "SECOND TITLE OVER BOTH COLUMNS OF THE PAGE")]
            + SyntheticChapter.column(56, 250, ["1. F: left", "2. G: left"]) + SyntheticChapter.column(310, 250, ["3. H: right", "4. I: right"])
        let lines = PDFLayout.readingOrder([PDFLayout.lines(of: SyntheticChapter.words(texts))])[0]
        #expect(lines.map(\.text) == ["TITLE OVER BOTH COLUMNS OF THE PAGE"] + left + right + ["SECOND TITLE OVER BOTH COLUMNS OF THE PAGE",
                                      "1. F: left", "2. G: left", "3. H: right", "4. I: right"])
        // The right column is moved onto the left edge, below the left column.
        let firstRight = lines[9].words[0], lastLeft = lines[8].words[0]
        #expect(firstRight.text == "EKXX" && firstRight.x0 == 56 && firstRight.y0 > lastLeft.y1)
    }

    @Test func aValueColumnWithNumberedListsIsNoTextColumn() {
        // A table whose value column starts mid-page and holds numbered lists (Italy): a gutter with items on both
        // sides, but sections start only on the left.
        var texts = [Text(56, 100, "EKXX AD 2.3 HOURS")]
        for index in 1...8 {
            let y = 100 + 12 * Double(index)
            texts += [Text(56, y, "\(index) Label number \(index)"), Text(310, y, "\(index). Entry: value \(index) with words")]
        }
        let lines = PDFLayout.lines(of: SyntheticChapter.words(texts))
        #expect(PDFLayout.columnGutter(lines) != nil)
        #expect(PDFLayout.readingOrder([lines]) == [lines])
        // With a section starting in the right column too, the page is two columns of text.
        let twoColumns = PDFLayout.lines(of: SyntheticChapter.words(texts + [Text(310, 100, "EKXX AD 2.4 HANDLING")]))
        #expect(PDFLayout.readingOrder([twoColumns])[0].map(\.text).prefix(3) == ["EKXX AD 2.3 HOURS", "1 Label number 1", "2 Label number 2"])
        // The table chapters' pages are left alone.
        let english = SyntheticChapter.layer(SyntheticChapter.english).pages.map { PDFLayout.lines(of: $0.words) }
        #expect(PDFLayout.readingOrder(english) == english)
    }

    @Test func runningTextItemsTakeTheirLabelUpToTheColon() throws {
        let texts = [Text(100, 62, "ZZZZ AD 2.4 HANDLING")] + SyntheticChapter.column(56, 80, [
            "Intro text before the first item", "1. Cargo handling facilities: Forklifts", "2. Fuel types :", " JET A1", "3. De-icing facilities",
            "4. Hangar space for visiting", "aircraft and other: On request", " Hangar 2", "5. Repair facilities", " TEL: +45 1234",
        ])
        let result = AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf")
        let page = try #require(result.page)
        // A label runs on to a colon on the next line when that starts with a small letter; `TEL:` is a value's key.
        #expect(page.entries.map(\.field) == ["Cargo handling facilities", "Fuel types", "De-icing facilities",
                                              "Hangar space for visiting aircraft and other", "Repair facilities"])
        #expect(page.entries.map(\.value) == ["Forklifts", "JET A1", "", "On request\nHangar 2", "TEL: +45 1234"])
        #expect(result.findings.contains { $0.code == .pdfUnplacedText && $0.value == "Intro text before the first item" })
        // Numbered lines without colons are a table whose columns were not found: a finding, not guessed items.
        let table = [Text(100, 62, "ZZZZ AD 2.4 HANDLING")] + SyntheticChapter.column(56, 80, ["1. Cargo handling facilities", "2. Fuel types JET A1"])
        let unread = AIPPDFReader.read(SyntheticChapter.layer([table]), file: "t.pdf")
        #expect(unread.page?.entries.isEmpty == true)
        #expect(unread.findings.contains { $0.code == .pdfSectionMissing && $0.location == .page(1, section: "AD 2.4") })
    }
}

/// Items running on from one text column into the next within each section (Denmark's AD 2 chapters).
@Suite struct PDFLayoutRunOnColumnsTests {
    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? { PDFLayoutTests.entry(page, section, item) }

    static func expectRunOn(_ result: AIPPDFReader.Result) throws {
        let page = try #require(result.page)
        #expect(page.icao == "ZZZZ" && page.name == "Testby" && page.effectiveDate == "2026-01-05")
        #expect(page.entries.map { "\($0.section).\($0.itemNumber ?? 0)" } == (1...7).map { "2.\($0)" } + (1...6).map { "3.\($0)" })
        // Item 5 goes on at the top of the right column, before item 6 there.
        #expect(Self.entry(page, 2, 5)?.field == "AD ADM / Address / TEL")
        #expect(Self.entry(page, 2, 5)?.value == "Testby Lufthavn\nLufthavnsvej 1\nDK-9999 Testby\n+45 1234 5678")
        #expect(Self.entry(page, 2, 6)?.value == "IFR/VFR")
        // The remarks set alone under both columns come after the right column, label and value parted at the colon.
        #expect(Self.entry(page, 2, 7)?.field == "Remarks" && Self.entry(page, 2, 7)?.value == "NIL")
        // A label wrapped after a joining word is one label, its value one line.
        #expect(Self.entry(page, 3, 2)?.field == "Customs and immigration" && Self.entry(page, 3, 2)?.value == "As AD")
        #expect(Self.entry(page, 3, 5)?.field == "ARO" && Self.entry(page, 3, 5)?.value == "As AD")
        #expect(Self.entry(page, 3, 6)?.value == "Outside hours PPR for all traffic and PN for scheduled traffic at the aerodrome office.")
    }

    @Test func itemsRunningOnIntoTheRightColumnReadInTheirOrder() throws {
        try Self.expectRunOn(SyntheticChapter.read(SyntheticChapter.runOnColumns))
    }

    @Test(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils)"))
    func itemsRunningOnReadThroughPoppler() async throws {
        try Self.expectRunOn(await SyntheticChapter.readThroughPoppler(SyntheticChapter.runOnColumns))
    }

    @Test func theRightColumnRunsOnOnlyWithItemsInSequenceAfterTheLeftOnes() {
        // Left: items 1-6 of a section; right: what the right column holds beside them.
        func runsOn(_ right: (Int) -> String) -> Bool? {
            let texts = [SyntheticChapter.Text(56, 100, "3. Operational Hours")] + (1...6).flatMap { index in
                [SyntheticChapter.Text(56, 100 + 12 * Double(index), "\(index). Label \(index)"),
                 SyntheticChapter.Text(310, 100 + 12 * Double(index), right(index))]
            }
            let lines = PDFLayout.lines(of: SyntheticChapter.words(texts))
            return PDFLayout.columnGutter(lines).map { PDFLayout.itemsRunOn(lines, gutter: $0) }
        }
        #expect(runsOn { "\($0 + 6). Entry \($0 + 6): NIL" } == true)
        // One value starting with a number (`7 NM N`) is no item; a list in the values starts at 1.
        #expect(runsOn { $0 == 3 ? "7 NM N" : "value" } != true)
        #expect(runsOn { "\($0). list entry" } != true)
    }
}
