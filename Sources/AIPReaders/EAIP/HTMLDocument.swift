import CXML2
import Foundation

/// An HTML page parsed by libxml2's HTML parser in recover mode, queried with XPath. The only file of the eAIP
/// reader that touches libxml2.
///
/// Recover mode turns truncated or malformed markup into some tree rather than an error, so a damaged page still
/// yields what it has; the reader decides whether that is an AD 2 page. The HTML parser ignores the XHTML namespace,
/// so XPath works without prefixes. The network is never used (`HTML_PARSE_NONET`), and libxml2's own limits bound
/// the depth of the tree and the size of a text node, so garbage costs at most linear work.
///
/// A document is used by one thread at a time; distinct documents may be parsed and read on different threads.
final class HTMLDocument {
    private let document: htmlDocPtr
    private let context: xmlXPathContextPtr

    /// Parses `bytes` as UTF-8 HTML; nil when libxml2 builds no tree at all (empty or whitespace-only input).
    init?(bytes: Data) {
        _ = HTMLDocument.libraryReady
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        let parsed: htmlDocPtr? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0, raw.count <= Int(Int32.max) else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), nil, "UTF-8", options)
        }
        guard let parsed else { return nil }
        guard let context = xmlXPathNewContext(parsed) else {
            xmlFreeDoc(parsed)
            return nil
        }
        document = parsed
        self.context = context
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

    /// The element name, lower-case as the HTML parser stores it (`td`, `span`); "" for other nodes.
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
