import CXML2
import Foundation

/// An eAIP page parsed by libxml2, queried with XPath. The only file of the eAIP reader that touches libxml2.
///
/// eAIP pages are XHTML: well-formed XML, which libxml2's XML parser reads about three times faster than its HTML
/// parser (2.7 ms against 8.7 ms for EGMC's 290 KB). A page is therefore read as XML first, and by the HTML parser
/// in recover mode when it is not well-formed (a truncated or hand-edited page), which turns broken markup into some
/// tree rather than an error, so a damaged page still yields what it has. Both give the reader the same tree:
/// element names as written (XHTML's are lower-case, as the HTML parser stores them), no namespace on elements (the
/// XHTML namespace is dropped after an XML parse, so XPath works without prefixes), text with entities resolved.
/// An XML tree that keeps an entity unresolved (`&nbsp;` with the DTD not loaded) would lose that text, so such a
/// page is read by the HTML parser, which knows HTML's entities.
///
/// The network is never used (`NONET`), no DTD is loaded and no entity expanded beyond XML's predefined ones and
/// character references, and libxml2's own limits (no `HUGE` option) bound the depth of the tree and the size of a
/// text node, so garbage costs at most linear work.
///
/// A document is used by one thread at a time; distinct documents may be parsed and read on different threads.
final class HTMLDocument {
    /// Which libxml2 parser built a document.
    enum Parser: Sendable {
        /// The XML parser, falling back to the HTML parser for a page that is not well-formed XML.
        case xmlThenHTML
        /// The HTML parser only (what every page was read with before the XML path; tests compare the two).
        case html
    }

    private let document: xmlDocPtr
    private let context: xmlXPathContextPtr
    /// Whether the XML parser built this tree (false: the HTML parser did).
    let isXML: Bool

    /// Parses `bytes` as UTF-8; nil when libxml2 builds no tree at all (empty or whitespace-only input).
    init?(bytes: Data, parser: Parser = .xmlThenHTML) {
        _ = HTMLDocument.libraryReady
        let parsed: (xmlDocPtr, Bool)? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0, raw.count <= Int(Int32.max) else { return nil }
            let buffer = base.assumingMemoryBound(to: CChar.self)
            if parser == .xmlThenHTML, let xml = HTMLDocument.readXML(buffer, count: Int32(raw.count)) { return (xml, true) }
            let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                                | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
            return htmlReadMemory(buffer, Int32(raw.count), nil, "UTF-8", options).map { ($0, false) }
        }
        guard let (parsed, isXML) = parsed else { return nil }
        guard let context = xmlXPathNewContext(parsed) else {
            xmlFreeDoc(parsed)
            return nil
        }
        document = parsed
        self.context = context
        self.isXML = isXML
    }

    /// The page as an XML tree with element namespaces dropped, or nil when it is not well-formed XML or keeps an
    /// entity unresolved.
    private static func readXML(_ buffer: UnsafePointer<CChar>, count: Int32) -> xmlDocPtr? {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOCDATA.rawValue)
        guard let document = xmlReadMemory(buffer, count, nil, "UTF-8", options) else { return nil }
        guard dropNamespaces(document) else {
            xmlFreeDoc(document)
            return nil
        }
        return document
    }

    /// Clears the namespace of every element (their declarations stay where they are, so freeing the tree is
    /// unchanged); false when the tree holds an unresolved entity reference.
    private static func dropNamespaces(_ document: xmlDocPtr) -> Bool {
        walk(document) { node in
            if node.pointee.type == XML_ENTITY_REF_NODE { return false }
            if node.pointee.type == XML_ELEMENT_NODE { node.pointee.ns = nil }
            return true
        }
    }

    /// Visits every node of the tree in document order (an element before its children), descending into elements
    /// only (never into an entity's own nodes); stops when `visit` returns false, and then returns false. Iterative:
    /// a deep tree costs no stack.
    @discardableResult
    private static func walk(_ document: xmlDocPtr, _ visit: (xmlNodePtr) -> Bool) -> Bool {
        var node = document.pointee.children
        while let current = node {
            guard visit(current) else { return false }
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            // The next sibling, else that of the nearest ancestor having one; the document node ends the walk.
            var climb: xmlNodePtr? = current
            node = nil
            while let up = climb {
                if let next = up.pointee.next {
                    node = next
                    break
                }
                climb = up.pointee.parent.flatMap { $0.pointee.type == XML_DOCUMENT_NODE || $0.pointee.type == XML_HTML_DOCUMENT_NODE ? nil : $0 }
            }
        }
        return true
    }

    /// Calls `body` with every element, in document order: one pass over the tree where several `//` queries
    /// would walk it once each.
    func forEachElement(_ body: (HTMLNode) -> Void) {
        HTMLDocument.walk(document) { node in
            if node.pointee.type == XML_ELEMENT_NODE { body(HTMLNode(pointer: node)) }
            return true
        }
    }

    deinit {
        xmlXPathFreeContext(context)
        xmlFreeDoc(document)
    }

    /// libxml2 must be initialised once, before any thread parses (its global state is then read-only).
    private static let libraryReady: Void = { xmlInitParser() }()

    /// The root element, if the tree has one.
    var root: HTMLNode? { xmlDocGetRootElement(document).map(HTMLNode.init) }

    /// The nodes `expression` selects, relative to `node` (the whole document when nil), in document order.
    /// An expression libxml2 cannot evaluate selects nothing.
    func nodes(_ expression: String, in node: HTMLNode? = nil) -> [HTMLNode] {
        context.pointee.node = node?.pointer ?? xmlDocGetRootElement(document)
        guard let result = xmlXPathEvalExpression(expression, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0].map(HTMLNode.init) }
    }
}

/// One node of an ``HTMLDocument``, valid while the document lives.
struct HTMLNode {
    let pointer: xmlNodePtr

    var isElement: Bool { pointer.pointee.type == XML_ELEMENT_NODE }
    var isText: Bool { pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE }

    /// Whether this is an element named `name` (compared in place, nothing allocated).
    func isElement(named name: String) -> Bool {
        isElement && xmlStrEqual(pointer.pointee.name, name) != 0
    }

    /// The element name as the page writes it, lower-case in XHTML and as the HTML parser stores it (`td`, `span`);
    /// "" for other nodes.
    var name: String { isElement ? pointer.pointee.name.map { String(cString: $0) } ?? "" : "" }

    /// The text of a text node ("" for other nodes).
    var text: String { isText ? pointer.pointee.content.map { String(cString: $0) } ?? "" : "" }

    /// The value of attribute `name`, or nil.
    func attribute(_ name: String) -> String? {
        // Read in place from the attribute's text children: nothing to allocate, nothing to free.
        guard isElement, let attribute = xmlHasProp(pointer, name) else { return nil }
        var value = ""
        var child = attribute.pointee.children
        while let node = child {
            if let content = node.pointee.content { value += String(cString: content) }
            child = node.pointee.next
        }
        return value
    }

    /// The child nodes, in document order.
    var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let node = child {
            result.append(HTMLNode(pointer: node))
            child = node.pointee.next
        }
        return result
    }
}
