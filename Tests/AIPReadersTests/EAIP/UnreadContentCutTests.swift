@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// The XML parser reads a page with the content of its unread sections cut out; the tree must be the very tree built
/// from the whole page, and content the scan cannot prove well-formed must not be cut.
///
/// Every property runs on the small pages committed with the tests (``SmallEAIPPages``), so a clean clone runs them
/// all; the real EGMC and LFAQ pages of `../shared/fixtures/eaip` are added when present.
@Suite struct UnreadContentCutTests {
    typealias Page = SmallEAIPPages.Page

    /// The real pages, when `../shared` is here (read when the arguments are made; a page that cannot be read fails
    /// the test that reads it below).
    static let realPages: [Page] = !SharedFixtures.available ? [] : [
        Page(name: "EGMC (real)", bytes: realPage("EG-AD-2.EGMC-en-GB.html"), unreadSectionTag: "<div id=\"EGMC-AD-2.10\">",
             readSectionTag: "<div id=\"EGMC-AD-2.3\">"),
        Page(name: "LFAQ (real)", bytes: realPage("FR-AD-2.LFAQ-fr-FR.html"), unreadSectionTag: "<div id=\"LFAQ-AD-2.10\">",
             readSectionTag: "<div id=\"LFAQ-AD-2.3\">"),
    ]

    static func realPage(_ name: String) -> Data {
        // Empty when unreadable: `everyPageIsThere` then fails, naming it.
        (try? EAIPReaderParserTests.file(name).bytes) ?? Data()
    }

    /// The committed pages, and the real ones when present.
    static let pages = SmallEAIPPages.all + realPages

    @Test(arguments: pages)
    func everyPageIsThere(_ page: Page) {
        #expect(!page.bytes.isEmpty, "\(page.name) could not be read")
        #expect(page.bytes.range(of: Data(page.unreadSectionTag.utf8)) != nil && page.bytes.range(of: Data(page.readSectionTag.utf8)) != nil)
    }
    /// The tree as text: every node in order with its links, names and values spelled out (name indices differ
    /// between the two trees: the cut page never names the elements cut).
    static func dump(_ document: HTMLDocument) -> [String] {
        document.nodes.map { node in
            let links = "first \(node.firstChild) next \(node.next) end \(node.end)"
            guard node.name >= 0 else {
                let text = String(decoding: document.bytes[Int(node.start)..<Int(node.start + node.count)], as: UTF8.self)
                return node.name == HTMLDocument.textName ? "text \(text.debugDescription) \(links)" : "document \(links)"
            }
            let attributes = document.attributes[Int(node.start)..<Int(node.start + node.count)].map { attribute in
                "\(document.names[Int(attribute.name)])=\(String(decoding: document.bytes[Int(attribute.start)..<Int(attribute.start + attribute.count)], as: UTF8.self).debugDescription)"
            }
            return "<\(document.names[Int(node.name)]) \(attributes.joined(separator: " ")) \(links)"
        }
    }

    /// Expects the same tree, by the same parser, from the page cut and whole; returns whether the scan cut it.
    @discardableResult
    static func expectSameTree(_ bytes: Data, _ comment: Comment) -> Bool {
        let scanned = bytes.withUnsafeBytes { UnreadContentCut.cut($0.bindMemory(to: UInt8.self), divContent: SectionIndex.content(ofDivWithID:)) } != nil
        let cut = HTMLDocument(cutting: bytes, divContent: SectionIndex.content(ofDivWithID:), allowedAttributeWork: .max)
        let whole = HTMLDocument(bytes: bytes, divContent: SectionIndex.content(ofDivWithID:))
        // As the reader does: a page the cut does not read is parsed whole.
        #expect((cut ?? whole).map(dump) == whole.map(dump), comment)
        #expect((cut ?? whole)?.isXML == whole?.isXML, comment)
        // A page the scan cuts is read from the cut exactly when the whole page is XML.
        if scanned { #expect((cut != nil) == (whole?.isXML == true), comment) }
        return scanned
    }

    /// `page` with `markup` (raw bytes) right after the opening tag of a section the reader never reads (AD 2.10).
    static func page(_ page: Page, with markup: [UInt8]) throws -> Data {
        let open = try #require(page.bytes.range(of: Data(page.unreadSectionTag.utf8)))
        var bytes = page.bytes
        bytes.insert(contentsOf: markup, at: open.upperBound)
        return bytes
    }

    @Test(arguments: pages)
    func pagesAreCutAndReadTheSame(_ page: Page) throws {
        #expect(Self.expectSameTree(page.bytes, "\(page.name)"))
        let cut = try #require(page.bytes.withUnsafeBytes { UnreadContentCut.cut($0.bindMemory(to: UInt8.self), divContent: SectionIndex.content(ofDivWithID:)) })
        // Real pages are four fifths unread sections (a third at most is kept); the small ones a third or more.
        let isReal = Self.realPages.contains { $0.name == page.name }
        #expect(cut.bytes.count * 3 < page.bytes.count * (isReal ? 1 : 2), "\(cut.bytes.count) of \(page.bytes.count) bytes kept")
        // The work budgeted is that of the tags left, counted exactly: less than the whole page's (over-)count.
        #expect(cut.attributeWork > 0 && cut.attributeWork < PageBudget.attributeWork(page.bytes))
        // The reader, which reads the cut, gives the page the HTML parser gives from the whole page.
        let file = SourceFile(displayName: "eaip/\(page.name).html", bytes: page.bytes)
        let read = EAIPReader.read(file)
        #expect(read.page?.entries.isEmpty == false && read.page?.charts.isEmpty == false)
        #expect(read.page == EAIPReader.read(file, parser: .html).page)
    }

    /// Well-formed content of every kind the scan knows: cut, and the tree is the same.
    @Test(arguments: pages, [
        "<table><tr><td class=\"x\">a &amp; b &#233; &#x41; &lt;é€𝄞</td></tr></table>",
        "<!-- a comment - with a dash --><![CDATA[ x < y & z ]] ]]>",
        "<p>a ] b ]] c > d \" ' &quot;&apos;</p>",
        "<p title='single &quot;quoted&quot;'  lang = \"en\" >x</p><br/><img src=\"a\" />",
        "<table xmlns:x=\"http://www.w3.org/1999/xhtml\" xml:lang=\"en\"><tr><td>v</td></tr></table>",
        // Divs and metas inside cut content are kept, with a section of another number in them and a read one.
        "<span><div id=\"EGMC-AD-2.20.9\" class=\"c\"><p>t</p><meta name=\"m\" content=\"c\"/></div></span>",
        "<table><tr><td><div id=\"EGMC-AD-2.3\"><p>read whole</p><div id=\"EGMC-AD-2.12\"><p>kept inside a read one</p></div></div></td></tr></table>",
        "<p>a</p><div id=\"EGMC-AD-2.3\"/><div id=\"EGMC-AD-2.11\"/><meta name=\"m\"/>",
    ])
    func wellFormedContentIsCut(_ page: Page, _ markup: String) throws {
        #expect(Self.expectSameTree(try Self.page(page, with: Array(markup.utf8)), "\(page.name): \(markup)"))
    }

    /// Whatever is not well-formed, refers to an entity, or is more than the scan checks is not cut: the page reads as
    /// it did, by the parser it did (the HTML parser for a page that is not XML).
    @Test(arguments: pages, [
        "<p>unclosed", "<b><i>x</b></i>", "</p>", "<td a=b>x</td>", "<td a=\"1\" a=\"2\">x</td>", "<td a=\"1<2\">x</td>",
        "<td a=\"1\"b=\"2\">x</td>", "<td a>x</td>", "<td a=\"x>y",
        "<p>&nbsp;</p>", "<p title=\"&nbsp;\">x</p>", "<p>a & b</p>", "<p>&amp</p>",
        "<p>&#0;</p>", "<p>&#xD800;</p>", "<p>&#X41;</p>", "<p>&#1114112;</p>", "<p>&#xFFFE;</p>", "<p>&#-1;</p>",
        "<p>\u{01}</p>", "<p title=\"\u{1F}\">x</p>", "<p>a ]]> b</p>",
        "<!-- a -- b -->", "<!-- a --->", "<!-- never closed", "<![CDATA[ never closed", "<?php x ?>", "<!DOCTYPE p>",
        "<o:p>x</o:p>", "<p xmlns=\"urn:x\">x</p>", "<p xmlns:xml=\"urn:x\">x</p>", "<p xmlns:p=\"\">x</p>", "<p a:b=\"1\">x</p>",
        "<div id=\"EGMC-AD-2.1&#48;\"><p>x</p></div>", "<div id=\"EGMC-AD-2.\n3\"><p>x</p></div>",
        // The builder knows attributes by local name: `xml:id` is a div's id to it.
        "<div xml:id=\"EGMC-AD-2.3\"><p>x</p></div>", "<div xml:id=\"EGMC-AD-2.3\" id=\"EGMC-AD-2.10\"><p>x</p></div>",
        String(repeating: "<span>", count: LibXML2Assumptions.maximumDepth) + String(repeating: "</span>", count: LibXML2Assumptions.maximumDepth),
    ])
    func contentNotProvenIsNotCut(_ page: Page, _ markup: String) throws {
        #expect(!Self.expectSameTree(try Self.page(page, with: Array(markup.utf8)), "\(page.name): \(markup.prefix(60))"))
    }

    /// Bytes that are not UTF-8 of characters XML allows: an invalid byte, an overlong form, a surrogate, U+FFFE, a
    /// truncated sequence.
    @Test(arguments: pages, [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func invalidUTF8IsNotCut(_ page: Page, _ sequence: [UInt8]) throws {
        let inText = Array("<p>a".utf8) + sequence + Array("b</p>".utf8)
        let inValue = Array("<p title=\"a".utf8) + sequence + Array("b\">x</p>".utf8)
        for markup in [inText, inValue] {
            #expect(!Self.expectSameTree(try Self.page(page, with: markup), "\(page.name): \(sequence)"))
        }
    }

    /// A page whose DTD has an internal subset (entities, attribute defaults) is parsed whole.
    @Test(arguments: pages)
    func aDocumentTypeWithAnInternalSubsetIsNotCut(_ page: Page) throws {
        var text = String(decoding: page.bytes, as: UTF8.self)
        // At the end of the page's document type declaration (its system literal is the last quoted part).
        let doctype = try #require(text.range(of: "<!DOCTYPE"))
        let end = try #require(text.range(of: ">", range: doctype.upperBound..<text.endIndex))
        text.insert(contentsOf: " [<!ENTITY e \"v\">]", at: end.lowerBound)
        #expect(!Self.expectSameTree(Data(text.utf8), "\(page.name): internal subset"))
    }

    /// libxml2 refuses a CDATA section (or an attribute value) over 10,000,000 bytes; a page that large is never cut, so
    /// such content in an unread section still makes the page one for the HTML parser.
    @Test(arguments: pages)
    func aPageAsLargeAsLibxml2sLimitIsNotCut(_ page: Page) throws {
        let cdata = Array("<![CDATA[".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: LibXML2Assumptions.maximumTextLength + 1) + Array("]]>".utf8)
        let bytes = try Self.page(page, with: cdata)
        #expect(!Self.expectSameTree(bytes, "a 10 MB CDATA section in AD 2.10"))
        #expect(HTMLDocument(bytes: bytes, divContent: SectionIndex.content(ofDivWithID:))?.isXML == false)
    }

    /// Nothing to cut, nothing copied: the page itself is parsed.
    @Test func aPageWithNothingToCutIsNotCopied() {
        func cut(_ page: String) -> [UInt8]? {
            Array(page.utf8).withUnsafeBufferPointer { UnreadContentCut.cut($0, divContent: SectionIndex.content(ofDivWithID:))?.bytes }
        }
        // No unread section; unread sections with nothing in them.
        #expect(cut("<html><body><div id=\"EGMC-AD-2.2\"><p>x</p></div></body></html>") == nil)
        #expect(cut("<html><body><div id=\"EGMC-AD-2.10\"></div><div id=\"EGMC-AD-2.11\"/></body></html>") == nil)
        // One space in one is cut.
        #expect(cut("<html><body><div id=\"EGMC-AD-2.10\"> </div></body></html>") == Array("<html><body><div id=\"EGMC-AD-2.10\"></div></body></html>".utf8))
    }

    /// A page broken outside the sections cut is not cut either; the HTML parser reads it, as before.
    @Test(arguments: pages)
    func aPageBrokenElsewhereIsNotCut(_ page: Page) throws {
        let truncated = page.bytes.prefix(page.bytes.count * 2 / 3)
        #expect(!Self.expectSameTree(truncated, "truncated"))
        #expect(HTMLDocument(bytes: truncated, divContent: SectionIndex.content(ofDivWithID:))?.isXML == false)
    }

    /// The attribute budget counts what the XML parser reads: a tag of a read section with too many attributes still
    /// rejects the page, while attributes only cut content has (never parsed) do not.
    @Test(arguments: pages)
    func theBudgetCountsTheTagsTheParserReads(_ page: Page) throws {
        let crowded = "<span " + (0..<1_500).map { "a\($0)=\"\"" }.joined(separator: " ") + ">x</span>"
        var text = String(decoding: page.bytes, as: UTF8.self)
        let readSection = try #require(text.range(of: page.readSectionTag))
        text.insert(contentsOf: crowded, at: readSection.upperBound)
        let overBudget = EAIPReader.read(SourceFile(displayName: "eaip/EGMC.html", bytes: Data(text.utf8)))
        #expect(overBudget.page == nil)
        #expect(overBudget.findings.map(\.code) == [.eaipPageOverBudget])

        // 700 tags of 60 attributes in AD 2.10: more than the page's budget by the whole-page count, none of it parsed.
        let cutTags = String(repeating: "<span " + (0..<60).map { "a\($0)=\"\"" }.joined(separator: " ") + ">x</span>", count: 700)
        let bytes = try Self.page(page, with: Array(cutTags.utf8))
        #expect(PageBudget.attributeWork(bytes) > PageBudget.allowedAttributeWork(byteCount: bytes.count))
        #expect(Self.expectSameTree(bytes, "attributes in AD 2.10"))
        let read = EAIPReader.read(SourceFile(displayName: "eaip/EGMC.html", bytes: bytes))
        #expect(read.page?.entries.isEmpty == false)
        #expect(!read.findings.contains { $0.code == .eaipPageOverBudget })
    }

    /// Real pages damaged at random (a fixed seed): a byte removed, markup or a reference or a stray byte inserted, a
    /// span repeated, anywhere. Whatever the damage, the page cut (when the scan cuts it) reads as the whole page.
    @Test(arguments: pages)
    func randomlyDamagedPagesReadTheSame(_ original: Page) throws {
        let page = [UInt8](original.bytes)
        let name = original.name
        let pieces = ["<", ">", "&", "\"", "'", "=", "]]>", "<!--", "-->", "&nbsp;", "&#0;", "&#233;", "\u{01}", "<p>", "</p>", "</div>",
                      "<div id=\"EGMC-AD-2.3\">", "<div id=\"AD-2.9.LFAQ\">", " xmlns:a=\"u\"", " a=\"1\"", "<?x?>", "<![CDATA[", "a:b", "é"]
            .map { Array($0.utf8) } + [[0xFF], [0xC3], [0xEF, 0xBF, 0xBE]]
        var random = SplitMix64(seed: 22)  // the fuzz tests' generator (CSVParserTests)
        var cut = 0
        for round in 0..<150 {
            var bytes = page
            for _ in 0...(round % 3) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 20)))
                case 1: bytes.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int(random.next() % 400))], at: at)
                }
            }
            if Self.expectSameTree(Data(bytes), "\(name), round \(round)") { cut += 1 }
        }
        // Most damage leaves a page the scan will not cut (and so reads as before); some must still be cut and compared.
        #expect(cut >= 5, "\(cut) of 150 pages cut")
    }
}
