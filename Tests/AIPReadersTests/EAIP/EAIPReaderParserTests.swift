@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// Pages are read by libxml2's XML parser when well-formed, by its HTML parser otherwise; both must give the reader
/// the same page.
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (the real EGMC and LFAQ pages)"))
struct EAIPReaderParserTests {
    static let realPages = ["EG-AD-2.EGMC-en-GB.html", "FR-AD-2.LFAQ-fr-FR.html"]

    static func file(_ name: String) throws -> SourceFile {
        try SourceFile(contentsOf: SharedFixtures.url("eaip/\(name)"), displayName: "eaip/\(name)")
    }

    @Test(arguments: realPages)
    func theRealPagesAreReadAsXML(_ name: String) throws {
        let document = try #require(HTMLDocument(bytes: try Self.file(name).bytes))
        #expect(document.isXML)
    }

    @Test(arguments: realPages)
    func bothParsersGiveTheSamePage(_ name: String) throws {
        let file = try Self.file(name)
        let xml = EAIPReader.read(file, parser: .xmlThenHTML), html = EAIPReader.read(file, parser: .html)
        let page = try #require(xml.page)
        #expect(!page.entries.isEmpty && !page.charts.isEmpty)
        #expect(xml.page == html.page)
        #expect(xml.findings == html.findings)
    }

    /// A real page with an unclosed `<hr>` after `<body>`: no longer XML, so the HTML parser reads it, to the same
    /// page (an `<hr>` holds no text).
    @Test(arguments: realPages)
    func aPageThatIsNotXMLIsReadByTheHTMLParserToTheSamePage(_ name: String) throws {
        let file = try Self.file(name)
        var text = String(decoding: file.bytes, as: UTF8.self)
        let body = try #require(text.range(of: "<body"))
        let bodyEnd = try #require(text.range(of: ">", range: body.upperBound..<text.endIndex))
        text.insert(contentsOf: "<hr>", at: bodyEnd.upperBound)
        let broken = SourceFile(displayName: file.displayName, bytes: Data(text.utf8))

        #expect(HTMLDocument(bytes: broken.bytes)?.isXML == false)
        let read = EAIPReader.read(broken), original = EAIPReader.read(file)
        #expect(read.page != nil)
        #expect(read.page == original.page)
        #expect(read.findings == original.findings)
    }
}

/// Small pages for the choice of parser; no fixtures needed.
@Suite struct HTMLDocumentParserChoiceTests {
    static let xhtml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">
        <html xmlns="http://www.w3.org/1999/xhtml"><body><div id="EGXX-AD-2.1"><p>BODY</p></div></body></html>
        """

    @Test func anXHTMLPageIsQueriedWithoutNamespacePrefixes() throws {
        let document = try #require(HTMLDocument(bytes: Data(Self.xhtml.utf8)))
        #expect(document.isXML)
        #expect(document.elements(named: "div").compactMap { $0.attribute("id") } == ["EGXX-AD-2.1"])
        #expect(document.elements(named: "p").count == 1)
    }

    /// `&nbsp;` is no XML entity: without the DTD (never loaded) the XML tree would keep it unresolved and lose the
    /// space, so the HTML parser, which knows it, reads the page.
    @Test func aPageWithAnHTMLEntityIsReadByTheHTMLParser() throws {
        let page = Self.xhtml.replacingOccurrences(of: "BODY", with: "A&nbsp;B")
        let document = try #require(HTMLDocument(bytes: Data(page.utf8)))
        #expect(!document.isXML)
        let paragraph = try #require(document.elements(named: "p").first)
        #expect(HTMLText.of(paragraph) == "A B")
    }

    /// Pages are UTF-8 whatever they declare: a page declaring Latin-1 keeps its UTF-8 text (`é`, not `Ã©`) in the
    /// XML reading, as in the HTML one; a page declaring an encoding libxml2 does not know is no XML to it.
    @Test func aDeclaredEncodingOtherThanUTF8IsNotUsed() throws {
        let latin1 = Self.xhtml.replacingOccurrences(of: "UTF-8", with: "ISO-8859-1").replacingOccurrences(of: "BODY", with: "Café")
        #expect(latin1.hasPrefix("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"))
        for parser in [HTMLDocument.Parser.xmlThenHTML, .html] {
            let document = try #require(HTMLDocument(bytes: Data(latin1.utf8), parser: parser))
            #expect(document.isXML == (parser == .xmlThenHTML))
            #expect(document.elements(named: "p").map { HTMLText.of($0) } == ["Café"])
        }
        let unknown = try #require(HTMLDocument(bytes: Data(Self.xhtml.replacingOccurrences(of: "UTF-8", with: "bogus").utf8)))
        #expect(!unknown.isXML)
    }

    /// Which pages are given to libxml2 without forcing UTF-8: those it reads as UTF-8 by itself.
    @Test func pagesLibxml2ReadsAsUTF8ByItself() {
        func natively(_ start: [UInt8]) -> Bool { start.withUnsafeBufferPointer(HTMLTreeBuilder.readAsUTF8Natively) }
        for page in ["<?xml version=\"1.0\" encoding=\"UTF-8\"?><a/>", "<?xml version='1.0' encoding = 'utf8' ?><a/>",
                     "<?xml version=\"1.0\"?><a/>", "<!DOCTYPE html><html/>", "<html/>"] {
            #expect(natively(Array(page.utf8)), "\(page)")
        }
        for page in ["<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", "<?xml version=\"1.0\" encoding=\"bogus\"?><a/>",
                     "<?xml version=\"1.0\" encoding=\"UTF-16\"?><a/>", "<?xml version=\"1.0\" encoding=UTF-8?><a/>",
                     "<?xml version=\"1.0\" encoding=\"UTF-8\"", " <a/>", "\u{FEFF}<a/>", ""] {
            #expect(!natively(Array(page.utf8)), "\(page)")
        }
        #expect(!natively([0x3C, 0x00, 0x3F, 0x00]), "UTF-16, little-endian")
    }

    /// A UTF-16 page, with or without a byte-order mark, is not read as UTF-16 by the XML parser (libxml2 would detect
    /// it on its own): like any page, it is read as UTF-8, which it is not, so the HTML parser's reading is used.
    @Test(arguments: [true, false])
    func aUTF16PageIsNotReadAsXML(byteOrderMark: Bool) throws {
        var bytes = Data(byteOrderMark ? [0xFF, 0xFE] : [])
        for unit in Self.xhtml.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(HTMLDocument(bytes: bytes)?.isXML != true)
    }

    /// A page that starts with its doctype (as pdftotext's XHTML does) is read as XML too.
    @Test func aPageWithoutAnXMLDeclarationIsReadAsXML() throws {
        let page = Self.xhtml.split(separator: "\n", maxSplits: 1)[1].replacingOccurrences(of: "BODY", with: "Café")
        #expect(page.hasPrefix("<!DOCTYPE"))
        let document = try #require(HTMLDocument(bytes: Data(page.utf8)))
        #expect(document.isXML)
        #expect(document.elements(named: "p").map { HTMLText.of($0) } == ["Café"])
    }

    @Test func anHTMLPageIsReadByTheHTMLParser() throws {
        let document = try #require(HTMLDocument(bytes: Data("<html><body><p>one<br>two</body></html>".utf8)))
        #expect(!document.isXML)
        #expect(document.elements(named: "p").map { HTMLText.of($0) } == ["one\ntwo"])
    }
}
