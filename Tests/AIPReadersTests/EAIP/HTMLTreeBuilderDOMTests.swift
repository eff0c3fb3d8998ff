@testable import AIPReaders
@preconcurrency import CXML2  // its globals (xmlFree, xmlParserMaxDepth) are read, never written
import Foundation
import TestSupport
import Testing

/// The tree built from libxml2's SAX events (``HTMLTreeBuilder``) against libxml2's own DOM of the same bytes
/// (`xmlReadMemory` when the builder read the page as XML, `htmlReadMemory` otherwise, with the builder's options):
/// the same elements, attributes (by local name, values resolved) and text, in the same order, on every page the
/// tests have. Comments, processing instructions and the document type are no part of either reading.
@Suite struct HTMLTreeBuilderDOMTests {
    struct Page: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: Data
        var testDescription: String { name }
    }

    /// The eAIP pages of the committed fixture tree.
    static let fixturePages: [Page] = {
        let root = SharedFixtures.fixtureSources.appendingPathComponent("eaip")
        // Absent only in a broken checkout; `thereArePagesOfEveryKind` then fails.
        let files = (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL]) ?? []
        return files.filter { $0.pathExtension == "html" }.sorted { $0.path < $1.path }.compactMap { url in
            // A file that cannot be read is missed by `thereArePagesOfEveryKind`'s count.
            (try? Data(contentsOf: url)).map { Page(name: "Fixtures/\(url.lastPathComponent)", bytes: $0) }
        }
    }()

    /// Pages the tests write: the cut's small pages, the parser-choice page, a PDF chapter's pdftotext XHTML, and the
    /// small pages damaged from a fixed seed (most of them then go to the HTML parser in recover mode).
    static let generatedPages: [Page] = {
        var pages = SmallEAIPPages.all.map { Page(name: $0.name, bytes: $0.bytes) }
        pages.append(Page(name: "parser choice XHTML", bytes: Data(HTMLDocumentParserChoiceTests.xhtml.utf8)))
        pages.append(Page(name: "bbox XHTML", bytes: AIPPDFReaderExtractionTests.bboxXHTML(SyntheticChapter.layer(SyntheticChapter.english))))
        pages.append(Page(name: "HTML page", bytes: Data("<html><body><p>a&nbsp;b<br>c<td nowrap class>x</td><table><tr><td>1<td>2</table></body>".utf8)))
        var random = SplitMix64(seed: 33)
        let pieces = ["<", ">", "&", "\"", "&nbsp;", "<p>", "</p>", "</div>", "<br>", "<![CDATA[", "é"].map { Array($0.utf8) }
        for page in SmallEAIPPages.all {
            for round in 0..<20 {
                var bytes = [UInt8](page.bytes)
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 20)))
                case 1: bytes.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: at)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int(random.next() % 400))], at: at)
                }
                pages.append(Page(name: "\(page.name) damaged \(round)", bytes: Data(bytes)))
            }
        }
        return pages
    }()

    /// The real pages of `../shared/fixtures/eaip`, when present.
    static let realPages: [Page] = !SharedFixtures.available ? [] : EAIPReaderParserTests.realPages.compactMap { name in
        // Unreadable: `thereArePagesOfEveryKind` counts it missing.
        (try? EAIPReaderParserTests.file(name).bytes).map { Page(name: name, bytes: $0) }
    }

    static let pages = fixturePages + generatedPages + realPages

    @Test func thereArePagesOfEveryKind() {
        #expect(Self.fixturePages.count == 3)
        #expect(Self.generatedPages.count == SmallEAIPPages.all.count * 21 + 3)
        #expect(Self.realPages.count == (SharedFixtures.available ? 2 : 0))
        // Both parsers are compared.
        #expect(Self.pages.contains { HTMLDocument(bytes: $0.bytes)?.isXML == true })
        #expect(Self.pages.contains { HTMLDocument(bytes: $0.bytes)?.isXML == false })
    }

    @Test(arguments: pages)
    func theTreeIsLibxml2sDOM(_ page: Page) throws {
        let document = try #require(HTMLDocument(bytes: page.bytes))
        let dom = Self.domDump(page.bytes, xml: document.isXML)
        let tree = Self.treeDump(document)
        #expect(tree.count == dom.count, "\(page.name): \(tree.count) lines against the DOM's \(dom.count)")
        if let first = zip(tree, dom).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(page.name) (\(document.isXML ? "XML" : "HTML")): line \(first): tree \(tree[first].debugDescription), DOM \(dom[first].debugDescription)")
        }
    }

    // MARK: Dumps

    /// The builder's tree, one line per element start (with its attributes), text node and element end.
    static func treeDump(_ document: HTMLDocument) -> [String] {
        var lines: [String] = []
        func text(_ start: Int32, _ count: Int32) -> String {
            String(decoding: document.bytes[Int(start)..<Int(start + count)], as: UTF8.self)
        }
        func walk(_ index: Int32) {
            let node = document.nodes[Int(index)]
            if node.name == HTMLDocument.textName {
                lines.append("text \(text(node.start, node.count))")
                return
            }
            var child = node.firstChild
            if node.name >= 0 {
                let attributes = document.attributes[Int(node.start)..<Int(node.start + node.count)].map {
                    "\(document.names[Int($0.name)])=\(text($0.start, $0.count))"
                }
                lines.append("<\(document.names[Int(node.name)]) \(attributes.joined(separator: " "))")
            }
            while child >= 0 {
                walk(child)
                child = document.nodes[Int(child)].next
            }
            if node.name >= 0 { lines.append(">") }
        }
        walk(0)
        return lines
    }

    /// libxml2's DOM of `bytes` by the parser the builder used, in ``treeDump(_:)``'s form.
    static func domDump(_ bytes: Data, xml: Bool) -> [String] {
        let document: xmlDocPtr? = bytes.withUnsafeBytes { raw in
            let buffer = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            if xml {
                let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
                return xmlReadMemory(buffer, Int32(raw.count), nil, "UTF-8", options)
            }
            let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
            return htmlReadMemory(buffer, Int32(raw.count), nil, "UTF-8", options)
        }
        guard let document else { return ["no DOM"] }
        defer { xmlFreeDoc(document) }
        var lines: [String] = []
        func walk(_ node: xmlNodePtr) {
            switch node.pointee.type {
            case XML_ELEMENT_NODE:
                var attributes: [String] = []
                var attribute = node.pointee.properties
                while let current = attribute {
                    let value = xmlNodeListGetString(document, current.pointee.children, 1)
                    attributes.append("\(String(cString: current.pointee.name))=\(value.map { String(cString: $0) } ?? "")")
                    xmlFree(value)
                    attribute = current.pointee.next
                }
                lines.append("<\(String(cString: node.pointee.name)) \(attributes.joined(separator: " "))")
                var child = node.pointee.children
                while let current = child {
                    walk(current)
                    child = current.pointee.next
                }
                lines.append(">")
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let content = node.pointee.content.map { String(cString: $0) } ?? ""
                // libxml2 joins adjacent text nodes as it adds them, but not across a comment, nor a CDATA section
                // to text, where the builder makes one node: join them here too (a text line last is a sibling's).
                if let last = lines.last, last.hasPrefix("text ") {
                    lines[lines.count - 1] = last + content
                } else {
                    lines.append("text \(content)")
                }
            default:
                break
            }
        }
        var child = document.pointee.children
        while let current = child {
            walk(current)
            child = current.pointee.next
        }
        return lines
    }
}
