@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// The tree of a page leaves out the sections the reader never reads (AD 2.6–2.23, 2.25); the reading must be the
/// same as from the whole tree, whatever a page puts where.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (the real EGMC and LFAQ pages)"))
struct EAIPReaderUnreadSectionsTests {
    static let egmc = String(decoding: (try? Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"))) ?? Data(), as: UTF8.self)

    /// Reads `bytes` with each parser, with and without the unread sections, and expects the same page and findings.
    static func expectSameReading(_ bytes: Data, _ comment: Comment) -> EAIPReader.Result {
        let file = SourceFile(displayName: "eaip/EGMC.html", bytes: bytes)
        for parser in [HTMLDocument.Parser.xmlThenHTML, .html] {
            let partial = EAIPReader.read(file, parser: parser), whole = EAIPReader.read(file, parser: parser, wholeTree: true)
            #expect(partial.page == whole.page, comment)
            #expect(partial.findings == whole.findings, comment)
        }
        return EAIPReader.read(file)
    }

    /// The EGMC page with the div of AD 2.`number` (its opening tag up to the next section's) cut out.
    static func cut(_ number: Int, from text: inout String) throws -> String {
        let start = try #require(text.range(of: "<div id=\"EGMC-AD-2.\(number)\">"))
        let end = try #require(text.range(of: "<div id=\"EGMC-AD-2.\(number + 1)\">", range: start.upperBound..<text.endIndex))
        let section = String(text[start.lowerBound..<end.lowerBound])
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        return section
    }

    /// Inserts `markup` right after the opening tag of AD 2.`number`'s div.
    static func insert(_ markup: String, into number: Int, of text: inout String) throws {
        let open = try #require(text.range(of: "<div id=\"EGMC-AD-2.\(number)\">"))
        text.insert(contentsOf: markup, at: open.upperBound)
    }

    @Test(arguments: EAIPReaderParserTests.realPages)
    func realPagesReadTheSameFromAFarSmallerTree(_ name: String) throws {
        let file = try EAIPReaderParserTests.file(name)
        let result = Self.expectSameReading(file.bytes, "\(name)")
        #expect(result.page.map { !$0.entries.isEmpty && !$0.charts.isEmpty && $0.name != nil && $0.effectiveDate != nil } == true)
        let partial = try #require(HTMLDocument(bytes: file.bytes, divContent: SectionIndex.content(ofDivWithID:)))
        let whole = try #require(HTMLDocument(bytes: file.bytes))
        #expect(partial.nodes.count * 3 < whole.nodes.count, "\(partial.nodes.count) of \(whole.nodes.count) nodes")
    }

    @Test func aReadSectionInsideAnUnreadOneIsReadWhole() throws {
        var text = Self.egmc
        let section = try Self.cut(3, from: &text)
        try Self.insert(section, into: 10, of: &text)
        let result = Self.expectSameReading(Data(text.utf8), "AD 2.3 inside AD 2.10")
        #expect(result.page?.entries.contains { $0.section == 3 } == true)
    }

    @Test func anUnreadSectionInsideAReadOneIsKept() throws {
        var text = Self.egmc
        let section = try Self.cut(6, from: &text)
        let withoutIt = EAIPReader.read(SourceFile(displayName: "eaip/EGMC.html", bytes: Data(text.utf8)))
        // In the last cell of AD 2.5: its text becomes part of that item's value.
        let start = try #require(text.range(of: "<div id=\"EGMC-AD-2.5\">"))
        let next = try #require(text.range(of: "<div id=\"EGMC-AD-2.7\">"))
        let cellEnd = try #require(text.range(of: "</td>", options: .backwards, range: start.upperBound..<next.lowerBound))
        text.insert(contentsOf: section, at: cellEnd.lowerBound)
        let result = Self.expectSameReading(Data(text.utf8), "AD 2.6 in a cell of AD 2.5")
        #expect(result.page?.entries != withoutIt.page?.entries)
    }

    @Test func theDateInsideAnUnreadSectionIsFound() throws {
        var text = Self.egmc
        let meta = "<meta name=\"EM.effectiveDateStart\" content=\"2025-06-12\"/>"
        let range = try #require(text.range(of: meta))
        text.removeSubrange(range)
        try Self.insert("<div>" + meta.replacingOccurrences(of: "2025-06-12", with: "2025-07-10") + "</div>", into: 12, of: &text)
        let result = Self.expectSameReading(Data(text.utf8), "the date in AD 2.12")
        #expect(result.page?.effectiveDate == "2025-07-10")
    }

    @Test func anotherAerodromesSectionInsideAnUnreadOneCounts() throws {
        var text = Self.egmc
        try Self.insert("<table><tr><td><div id=\"LFAQ-AD-2.2\"><p>x</p></div></td></tr></table>", into: 10, of: &text)
        let result = Self.expectSameReading(Data(text.utf8), "LFAQ's AD 2.2 in AD 2.10")
        #expect(result.page == nil)
        #expect(result.findings.map(\.code) == [.eaipSeveralICAO])
    }

    /// A reference libxml2 leaves in an attribute value (an entity of the page's own DTD subset: SAX2 does not
    /// substitute it) in a left-out element still makes the page one for the HTML parser, as in the whole tree.
    @Test func anEntityLeftInAnAttributeInsideAnUnreadSectionStillChoosesTheHTMLParser() throws {
        var text = Self.egmc
        let doctype = try #require(text.range(of: "xhtml1-transitional.dtd\""))
        text.insert(contentsOf: " [<!ENTITY e \"v\">]", at: doctype.upperBound)
        try Self.insert("<p><span title=\"a&e;b\">x</span></p>", into: 10, of: &text)
        let bytes = Data(text.utf8)
        _ = Self.expectSameReading(bytes, "an entity in AD 2.10")
        #expect(HTMLDocument(bytes: bytes)?.isXML == false)
        #expect(HTMLDocument(bytes: bytes, divContent: SectionIndex.content(ofDivWithID:))?.isXML == false)
    }

    /// Left-out elements count towards the depth at which a parse stops, as the elements of the tree do.
    @Test func aPageTooDeepInsideAnUnreadSectionIsCutAtTheSameDepth() throws {
        var text = Self.egmc
        let depth = LibXML2Assumptions.maximumDepth + 10
        try Self.insert(String(repeating: "<span>", count: depth) + String(repeating: "</span>", count: depth), into: 10, of: &text)
        _ = Self.expectSameReading(Data(text.utf8), "nested spans in AD 2.10")
    }
}

/// Section ids are read as bytes; the reading by character (the format's own rule) is the oracle.
@Suite struct SectionIndexTests {
    @Test func sectionIdsOfBothFamiliesAreRead() {
        #expect(SectionIndex.section(inID: "EGMC-AD-2.12")! == ("EGMC", 12))
        #expect(SectionIndex.section(inID: "AD-2.20.LFAQ")! == ("LFAQ", 20))
        #expect(SectionIndex.section(inID: "AD-2.24.eAIP.LFAQ")! == ("LFAQ", 24))
        for other in ["AD-2.EGMC", "EGMC-AD-2.20.1", "ID_12482059", "AD-2", "egmc-AD-2.1", "AD-2.24.eaip.LFAQ", ""] {
            #expect(SectionIndex.section(inID: other) == nil, "\(other)")
        }
        #expect(SectionIndex.content(ofDivWithID: "EGMC-AD-2.5") == .read)
        #expect(SectionIndex.content(ofDivWithID: "AD-2.24.eAIP.LFAQ") == .read)
        #expect(SectionIndex.content(ofDivWithID: "EGMC-AD-2.10") == .notRead)
        #expect(SectionIndex.content(ofDivWithID: "EGMC-AD-2.22.1") == .other)
    }

    /// Every id of up to four pieces (some 70,000), each read both ways.
    @Test func bytesAndCharactersReadEveryASCIIIdAlike() {
        let pieces = ["A", "D", "-", "2", ".", "EGMC", "LFAQ", "AD-2.", "eAIP", "1", "24", "+", "05", "x", "\r\n", "-AD-2."]
        var ids = [""], level = [""]
        for _ in 1...4 {
            level = level.flatMap { id in pieces.map { id + $0 } }
            ids += level
        }
        var checked = Set<String>()
        for id in ids where checked.insert(id).inserted {
            let bytes = id.utf8.withContiguousStorageIfAvailable(SectionIndex.section(inASCII:))!, characters = SectionIndex.section(inCharacters: id)
            #expect(bytes?.icao == characters?.icao && bytes?.number == characters?.number, "\(id.debugDescription)")
        }
        #expect(checked.count > 50_000)
    }

    @Test func anIdThatIsNotASCIIIsReadByCharacter() {
        // A combining mark after the dot makes `.́` one character: no separator, so no section.
        #expect(SectionIndex.section(inID: "EGMC-AD-2.\u{301}12") == nil)
        #expect(SectionIndex.section(inID: "AD-2.20.LFAQ\u{301}") == nil)
    }
}
