@testable import AIPReaders
import Testing

/// The layout rules on word boxes written for the tests: no PDF, no poppler.
@Suite struct PDFLayoutTests {
    typealias Text = SyntheticChapter.Text

    static func entry(_ page: AerodromeDocument, _ section: Int, _ item: Int) -> AerodromeEntry? {
        page.entries.first { $0.section == section && $0.itemNumber == item }
    }

    @Test func anEnglishTableGivesEveryItemWithItsLines() throws {
        let result = AIPPDFReader.read(SyntheticChapter.layer(SyntheticChapter.english), file: "aip-pdf/t.pdf")
        let page = try #require(result.page)
        // The newest page date is the chapter's.
        #expect(page.icao == "ZZZZ" && page.effectiveDate == "2026-01-05" && page.name == "TESTFIELD")
        #expect(page.family == .aipPDF)
        #expect(page.entries.count == 8 + 12 + 7 + 7)
        #expect(result.findings.isEmpty)
        #expect(page.arpText == "511156N 0025144E")
        #expect(Self.entry(page, 2, 6)?.value == "TESTFIELD AIRPORT LTD\n1 Main Road\nTEL: 0123 456")
        #expect(Self.entry(page, 2, 8)?.value == "Remarks that run over the whole width of the value column up to the margin and wrap.")
        #expect(Self.entry(page, 3, 1)?.value == "MON-FRI 0700-1500\nSAT 0800-1200")
        #expect(Self.entry(page, 3, 1)?.field == "AD Administration")
        #expect(Self.entry(page, 5, 7)?.value == "P7")
        #expect(page.entries.allSatisfy { $0.altValue == nil })
    }

    @Test func headingsInTheirNationalForms() {
        func heading(_ text: String) -> Int? {
            PDFLayout.headingNumber(PDFLine(page: 1, words: SyntheticChapter.words([Text(50, 50, text)])))
        }
        #expect(heading("EBOS AD 2.3 Operational Hours") == 3)
        #expect(heading("ESMS 2.4 HANDLING SERVICES") == 4)
        #expect(heading("AD 2 LFAT.5 Installations") == 5)
        #expect(heading("AD 2.2 AERODROME DATA") == 2)
        #expect(heading("See EDSB AD 2.11") == nil)
        #expect(heading("EDSB AD 2.24.1 chart") == nil)
        #expect(heading("ZZZZ AD 2.3") == nil)
    }

    @Test func numbersCentredOverSubRowsTakeTheSubRowsAroundThem() throws {
        // Item 1 has two labelled sub-rows with its number between them, on a line of its own.
        var texts = [Text(150, 62, "ZZZZ AD 2.2 DATA"),
                     Text(75, 80, "ARP coordinates"), Text(250, 80, "511156N 0025144E"), Text(60, 87, "1"),
                     Text(75, 94, "Site of ARP"), Text(250, 94, "Near TWR"),
                     Text(60, 108, "2"), Text(75, 108, "Direction"), Text(250, 108, "3 NM N")]
        texts += [Text(150, 130, "ZZZZ AD 2.3 HOURS"), Text(60, 144, "1"), Text(75, 144, "Customs"), Text(250, 144, "H24")]
        let result = AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf")
        let page = try #require(result.page)
        #expect(Self.entry(page, 2, 1)?.field == "ARP coordinates / Site of ARP")
        #expect(Self.entry(page, 2, 1)?.value == "511156N 0025144E\nNear TWR")
        #expect(Self.entry(page, 2, 2)?.value == "3 NM N")
        #expect(Self.entry(page, 3, 1)?.value == "H24")
        #expect(result.findings.map(\.code) == [.pdfSectionMissing, .pdfSectionMissing])
    }

    @Test func valueCellsSplitByLanguageGiveEnglishValueAndNationalAltValue() throws {
        var texts = [Text(150, 62, "ZZZZ AD 2.3 HOURS")]
        let rows: [(String, String?, String?)] = [
            ("Douanes / Customs", "H24 sur demande", "H24 on request"),
            ("Santé / Health", "Voir GEN 3.1 pour les détails complets du service sanitaire", nil),
            ("Remarques / Remarks", "Pas de service", "No service"),
            ("Carburant / Fuel", "JET A1 au comptoir", "JET A1 at the desk"),
        ]
        var y = 80.0
        for (index, row) in rows.enumerated() {
            texts += [Text(60, y, String(index + 1)), Text(75, y, row.0)]
            if let french = row.1 { texts.append(Text(228, y, french)) }
            if let english = row.2 { texts.append(Text(398, y, english)) }
            y += 14
        }
        let page = try #require(AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf").page)
        #expect(Self.entry(page, 3, 1)?.value == "H24 on request" && Self.entry(page, 3, 1)?.altValue == "H24 sur demande")
        // One text across both halves is shared by the languages.
        #expect(Self.entry(page, 3, 2)?.value == "Voir GEN 3.1 pour les détails complets du service sanitaire")
        #expect(Self.entry(page, 3, 2)?.altValue == nil)
        #expect(Self.entry(page, 3, 4)?.altValue == "JET A1 au comptoir")
        // Labels are bilingual too: English in `field`, the national text in `alt_field`.
        #expect(Self.entry(page, 3, 1)?.field == "Customs" && Self.entry(page, 3, 1)?.altField == "Douanes")
    }

    @Test func stackedLanguagesPairTheirLabels() throws {
        var texts = [Text(150, 62, "ZZZZ AD 2.3 ORARIO"), Text(150, 74, "ZZZZ AD 2.3 HOURS")]
        var y = 90.0
        for index in 1...4 {
            texts += [Text(60, y, String(index)), Text(75, y, "Voce \(index)"), Text(250, y, "Valore \(index)"),
                      Text(75, y + 14, "Item \(index)")]
            if index % 2 == 0 { texts.append(Text(250, y + 14, "Value \(index)")) }
            y += 32
        }
        let page = try #require(AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf").page)
        #expect(Self.entry(page, 3, 1)?.value == "Valore 1" && Self.entry(page, 3, 1)?.altValue == nil)
        #expect(Self.entry(page, 3, 2)?.value == "Value 2" && Self.entry(page, 3, 2)?.altValue == "Valore 2")
        #expect(Self.entry(page, 3, 2)?.field == "Item 2" && Self.entry(page, 3, 2)?.altField == "Voce 2")
    }

    @Test func aRowJustBelowAShortRunningHeaderStaysInTheBody() {
        // Header and date at the top, a gap, then a label at y 52 (inside the top 7.2 % band, 60.6 pt).
        let layer = SyntheticChapter.layer([[Text(56, 2, "29-DEC-2022", size: 2), Text(56, 20, "AD 2 ZZZZ 1-2"), Text(56, 32, "27 JUL 2023"),
                                             Text(75, 52, "Health and sanitation"), Text(60, 66, "4"), Text(75, 66, "AIS")]])
        #expect(PDFLayout.body(layer).map(\.text) == ["Health and sanitation", "4 AIS"])
    }

    /// The text of one cell from x 250 to 450 holding `lines`, one every 12 points.
    static func cell(_ lines: [String]) -> String {
        PDFLayout.joinLines(lines.enumerated().map { (SyntheticChapter.words([Text(250, 100 + 12 * Double($0.offset), $0.element)]), 450, false) },
                            joiner: "\n")
    }

    @Test func aFullLineBrokenInsideASentenceGoesOnWithASmallLetter() {
        // `the` would have fitted after `to` (32 pt short of the edge), yet the sentence goes on: a wrap.
        #expect(Self.cell(["send in advance an electronic mail request to", "the following address"])
            == "send in advance an electronic mail request to the following address")
        // So does a number after a full line (`+39` / `010`), but not a list marker.
        #expect(Self.cell(["send in advance a fax to the following +39", "010 6505709"])
            == "send in advance a fax to the following +39 010 6505709")
        #expect(Self.cell(["Oil: synthetic and mineral oil from the operator", "2. Kerosene"])
            == "Oil: synthetic and mineral oil from the operator\n2. Kerosene")
        // A clause's end, a short line, or a key (`e-mail:`) still start a new line.
        #expect(Self.cell(["send in advance an electronic mail request;", "the following address"])
            == "send in advance an electronic mail request;\nthe following address")
        #expect(Self.cell(["H24", "hospitals 3 km"]) == "H24\nhospitals 3 km")
        #expect(Self.cell(["Tel +39 010 6512309 Fax +39 010 6503258 office", "e-mail: a@b.it"])
            == "Tel +39 010 6512309 Fax +39 010 6503258 office\ne-mail: a@b.it")
    }

    @Test func aSentenceEndBreaksALineUnlessTheTextRunsSentencesOn() {
        // `Closed` does not fit after the full line: without more, a sentence's end before a capital is a break.
        #expect(Self.cell(["Cargo handling, SITA address: GOAKFXH and GOAKFXX.", "Closed from FRI to MON"])
            == "Cargo handling, SITA address: GOAKFXH and GOAKFXX.\nClosed from FRI to MON")
        // A line that runs one sentence into the next shows a paragraph: the same break is a wrap.
        #expect(Self.cell(["For aircraft over 3 tons a handling agent is mandatory.", "Self-handling is not allowed. The agents are:", "Sion"])
            == "For aircraft over 3 tons a handling agent is mandatory. Self-handling is not allowed. The agents are:\nSion")
        #expect(Self.cell(["Handling is mandatory. An agent must be named in the", "Flight plan."])
            == "Handling is mandatory. An agent must be named in the Flight plan.")
    }

    @Test func valuesWrapAtTheWidestLineOfThePagesSharingAMargin() {
        // Odd pages end their header at 526.8, the even one at 491.8; page 3's value runs furthest (421.2).
        func page(_ number: Int, header: Double, _ value: String) -> [PDFLine] {
            PDFLayout.lines(of: SyntheticChapter.words([Text(header, 20, "AD 2 - \(number)", size: 20), Text(300, 100, value, size: 20)], page: number))
        }
        let all = [1: page(1, header: 460, "short"), 2: page(2, header: 425, "even"), 3: page(3, header: 460, "a longer line")]
        let body = all.mapValues { Array($0.dropFirst()) }
        let right = PDFLayout.valueRight(body: body, all: all).mapValues { ($0 * 10).rounded() / 10 }
        #expect(right == [1: 421.2, 2: 340, 3: 421.2])
    }

    @Test func aFullLineOfOneLanguageBreaksWhereTheOtherLanguageBreaks() {
        // A cell split by language: national half from x 200 to 320, English half from 340 to 470.
        func half(_ x: Double, _ right: Double, _ lines: [String]) -> [PDFLayout.CellLine] {
            lines.enumerated().map { (SyntheticChapter.words([Text(x, 100 + 12 * Double($0.offset), $0.element)]), right, false) }
        }
        let national = half(200, 320, ["cuve de 60 m3 + camion de 8.2 m3", "Oxygène sur demande."])
        // `Oxygène` would not fit after the full national line, but the full English line beside it breaks before a
        // word that would have fitted: a hard break on both sides.
        let english = half(340, 470, ["60 m3 tank + 8.2 m3 big truck", "On request."])
        #expect(PDFLayout.joinLines(PDFLayout.parallelBreaks(national, english), joiner: "\n")
            == "cuve de 60 m3 + camion de 8.2 m3\nOxygène sur demande.")
        // A short English line tells nothing about the national one: it wraps.
        let short = half(340, 470, ["Address :", "On request."])
        #expect(PDFLayout.joinLines(PDFLayout.parallelBreaks(national, short), joiner: "\n")
            == "cuve de 60 m3 + camion de 8.2 m3 Oxygène sur demande.")
    }

    @Test func textBelongingToNoItemIsAFindingNotAGuess() throws {
        let texts = [Text(150, 62, "ZZZZ AD 2.4 HANDLING"), Text(75, 76, "Column heading"), Text(60, 90, "1"), Text(75, 90, "Cargo"),
                     Text(250, 90, "Yes")]
        let result = AIPPDFReader.read(SyntheticChapter.layer([texts]), file: "t.pdf")
        let page = try #require(result.page)
        #expect(page.entries.map(\.value) == ["Yes"])
        let unplaced = try #require(result.findings.first { $0.code == .pdfUnplacedText })
        #expect(unplaced.value == "Column heading" && unplaced.location == .page(1, section: "AD 2.4"))
    }

    @Test func aDocumentWithoutWordsOrCodeIsRejected() {
        let empty = AIPPDFReader.read(PDFTextLayer(pages: [.init(width: 595, height: 842, words: [])]), file: "scan.pdf")
        #expect(empty.page == nil && empty.findings.map(\.code) == [.pdfNoTextLayer])
        let noCode = AIPPDFReader.read(SyntheticChapter.layer([[Text(100, 100, "Some letter about nothing")]]), file: "x.pdf")
        #expect(noCode.page == nil && noCode.findings.map(\.code) == [.pdfNoICAO])
        #expect(noCode.findings.first?.reason.contains("recognised 1 page and no AD 2 section heading") == true)
        // Headings but no code: the finding names the sections it did recognise.
        let headings = AIPPDFReader.read(SyntheticChapter.layer([[Text(100, 100, "2.3 OPERATIONAL HOURS"), Text(60, 120, "1 Customs")]]), file: "x.pdf")
        #expect(headings.findings.first?.reason.contains("the headings of AD 2.3; no heading of AD 2.2, AD 2.4, AD 2.5") == true)
        // A code but nothing read: a finding too, never a silent empty page.
        let nothing = AIPPDFReader.read(SyntheticChapter.layer([[Text(450, 20, "AD 2 ZZZZ 1-1"), Text(100, 100, "ZZZZ AD 2.3 OPERATIONAL HOURS"),
                                                                 Text(60, 120, "Text that is no item")]]), file: "x.pdf")
        #expect(nothing.page?.entries.isEmpty == true && nothing.findings.map(\.code).contains(.pdfNoItems))
    }
}

/// Random word boxes (alone, or scattered over the synthetic chapter) through the whole layout: bounded work, and
/// every item placed is inside AD 2.2–2.5 with its number in sequence.
@Suite struct PDFLayoutFuzzTests {
    @Test func randomWordBoxesNeverCrash() {
        var random = SplitMix64(seed: 0x9DF)
        let vocabulary = ["ZZZZ", "AD", "2.2", "2.3", "2.4", "2.5", "1", "2", "3", "1.", "Remarks", "H24", ":", "TEL:", "/", "-",
                          "AD 2 ZZZZ", "05 JAN 2026", "~~~RIGHT~~~", "IAC", "SID", "RWY13", "LYD", "1Y",
                          "OPERATIONAL", "HOURS", "Customs", "Hotels", "ATS"]
        for round in 0..<200 {
            let count = Int(random.next() % 300)
            let words = (0..<count).map { _ -> PDFWord in
                let x = Double(random.next() % 600), y = Double(random.next() % 842), size = Double(1 + random.next() % 14)
                return PDFWord(page: 1 + Int(random.next() % 3), x0: x, y0: y, x1: x + Double(random.next() % 80), y1: y + size,
                               text: vocabulary[Int(random.next() % UInt64(vocabulary.count))])
            }
            // Odd rounds scatter the noise over a synthetic chapter (tables, Spanish without numbers, two text
            // columns, stacked cells, language columns, items running on over columns, stacked centred rows in
            // turn), so that real layouts meet it.
            let chapters = [(SyntheticChapter.english, "ZZZZ"), (SyntheticChapter.spanish, "ZZZZ"), (SyntheticChapter.twoColumns, "EKXX"),
                            (SyntheticChapter.stackedInCells, "LKXX"), (SyntheticChapter.languageColumns, "ZZZZ"),
                            (SyntheticChapter.runOnColumns, "ZZZZ"), (SyntheticChapter.stackedCentred, "LKXX")]
            let (texts, icao) = chapters[round / 2 % chapters.count]
            let chapter = round % 2 == 1 ? SyntheticChapter.layer(texts).pages.flatMap(\.words) : []
            let layer = PDFTextLayer(pages: (1...3).map { page in
                .init(width: 595, height: 842, words: (chapter + words).filter { $0.page == page })
            })
            let result = AIPPDFReader.read(layer, file: "fuzz.pdf")
            #expect(result.page != nil || !result.findings.isEmpty, "round \(round)")
            if round % 2 == 1 { #expect(result.page?.icao == icao, "round \(round)") }
            for section in AerodromeDocument.itemSections {
                let entries = result.page?.entries.filter { $0.section == section } ?? []
                let numbers = entries.filter { !$0.location.contains("label of") }.compactMap(\.itemNumber)
                #expect(numbers == Array(1...max(1, numbers.count)).prefix(numbers.count).map { $0 }, "round \(round)")
                // Items placed by label: each among the items its label (English, else national), or a part of it
                // (rows naming one item are joined by ` / `), names, none twice.
                let labelled = entries.filter { $0.location.contains("label of") }
                #expect(labelled.allSatisfy { entry in
                    [entry.field, entry.altField].compactMap { $0 }.flatMap { [$0] + $0.components(separatedBy: " / ") }.contains { label in
                        AIPTitleWords.items(section: section, label: label).contains(entry.itemNumber ?? 0)
                    }
                }, "round \(round)")
                #expect(Set(labelled.compactMap(\.itemNumber)).count == labelled.count, "round \(round)")
            }
        }
    }
}
