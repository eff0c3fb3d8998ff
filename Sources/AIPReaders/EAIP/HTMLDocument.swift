import Foundation

/// An eAIP page (or pdftotext's XHTML) as a compact, read-only tree: what the readers query, and nothing else.
///
/// The tree is built from libxml2's SAX events (``HTMLTreeBuilder``) into four flat arrays — nodes, attributes,
/// names, bytes — instead of libxml2's own DOM: a DOM of EGMC's 290 KB page is some 20,000 heap nodes made and freed
/// one by one, which cost two thirds of the time of reading a page; the flat tree is a few array appends. Nodes are
/// stored in document order (an element before its descendants), so an element's descendants are the contiguous
/// range up to its ``Node/end`` and a descendant query is a linear scan, never a recursion.
///
/// A page is read as XML first, and by the HTML parser in recover mode when it is not well-formed (a truncated or
/// hand-edited page), which turns broken markup into some tree rather than an error. Both give the same tree:
/// element and attribute names as written without a namespace prefix (XHTML's are lower-case, as the HTML parser
/// stores them), text with entities resolved, whitespace-only text kept as the DOM builders of each parser kept it.
/// A page using an entity XML does not know (`&nbsp;` with the DTD never loaded) is read by the HTML parser, which
/// knows HTML's entities.
///
/// A document is used by one thread at a time; distinct documents may be built and read on different threads.
final class HTMLDocument {
    /// Which libxml2 parser built a document.
    enum Parser: Sendable {
        /// The XML parser, falling back to the HTML parser for a page that is not well-formed XML.
        case xmlThenHTML
        /// The HTML parser only (what every page was read with before the XML path; tests compare the two).
        case html
    }

    /// What a reader does with a `div`'s content, told from the div's `id`: a tree can leave out what it never reads.
    enum DivContent {
        /// Read: kept whole, even inside a div whose content is left out, and nothing inside it is left out.
        case read
        /// Never read: left out, but for the divs (with their attributes) and metas inside it, where a reader looks
        /// for sections by id and for the page's date.
        case notRead
        /// Kept as its parent's content is.
        case other

        /// The elements kept inside content left out: divs (a reader finds sections by id) and metas (the page's date).
        static let keptInsideLeftOut: [StaticString] = ["div", "meta"]

        /// How a div of this kind opens, `readDivsOpen` read divs around it: whether its content goes into the tree
        /// (else as its parent's, `parentInTree`), and whether it is a read div (nothing inside it is left out).
        func opens(parentInTree: Bool, readDivsOpen: Int) -> (contentInTree: Bool, read: Bool) {
            switch self {
            case .read: (true, true)
            case .notRead where readDivsOpen == 0: (false, false)
            case .notRead, .other: (parentInTree, false)
            }
        }
    }

    /// One node. Index 0 is the document; elements have a ``name`` ≥ 0, text nodes ``textName``.
    struct Node {
        var name: Int32
        var firstChild: Int32 = -1
        var next: Int32 = -1
        /// One past the last descendant: the subtree is `index ..< end`.
        var end: Int32
        /// Text: the byte range in ``bytes``. Element: the range in ``attributes``.
        var start: Int32
        var count: Int32
    }

    /// An attribute of an element: its name and the byte range of its value.
    struct Attribute {
        var name: Int32
        var start: Int32
        var count: Int32
    }

    /// HTML's ASCII white space, which separates words of text and class names: space, tab, LF, CR, form feed.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The range in the tree's bytes of the value of `node`'s attribute whose name has index `name` (`node` an element),
    /// or nil: the one attribute lookup of the tree builder and of ``HTMLNode/attributeBytes(nameIndex:)``.
    static func valueRange(ofAttribute name: Int32, of node: Node, in attributes: [Attribute]) -> Range<Int>? {
        for attribute in attributes[Int(node.start)..<Int(node.start + node.count)] where attribute.name == name {
            return Int(attribute.start)..<Int(attribute.start + attribute.count)
        }
        return nil
    }

    static let textName: Int32 = -1
    static let documentName: Int32 = -2

    // Stored one by one, not as one `HTMLTreeArrays`: reading a field of a struct held by a class property cost a
    // copy of the struct (four retains) on every node access, 10 % of a page's time (measured).
    private(set) var nodes: [Node]
    private(set) var attributes: [Attribute]
    /// Text and attribute values, UTF-8.
    private(set) var bytes: [UInt8]
    /// The builder's table, kept for the next page's builder (``HTMLTreeArrays``).
    private var lastChild: [Int32]
    /// Element and attribute names, each once; nodes refer to them by index.
    let names: [String]
    let nameIndices: [String: Int32]
    /// Whether the XML parser built this tree (false: the HTML parser did).
    let isXML: Bool
    /// ``HTMLText``'s reading of ``names``, made when the first text is asked for.
    private(set) lazy var textLookup = HTMLText.Lookup(names: names)
    /// The index of `class` among ``names``, looked up once: classes are asked of every span.
    let classIndex: Int32?

    /// Parses `bytes` as UTF-8; nil when no element could be read at all (empty or whitespace-only input).
    ///
    /// - Parameter divContent: which divs' content to leave out of the tree (``DivContent``, by id); nil keeps all.
    ///   What is left out still counts towards the depth limit and the choice of parser.
    convenience init?(bytes: Data, parser: Parser = .xmlThenHTML, divContent: ((String) -> DivContent)? = nil) {
        let built: (HTMLTreeBuilder, Bool)? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0, raw.count <= Int(Int32.max) else { return nil }
            let buffer = base.assumingMemoryBound(to: CChar.self)
            if parser == .xmlThenHTML, let xml = HTMLTreeBuilder.build(buffer, count: Int32(raw.count), xml: true, divContent: divContent) {
                return (xml, true)
            }
            return HTMLTreeBuilder.build(buffer, count: Int32(raw.count), xml: false, divContent: divContent).map { ($0, false) }
        }
        guard let (builder, isXML) = built else { return nil }
        self.init(builder, isXML: isXML)
    }

    /// Parses `bytes` by the XML parser with the content `divContent` leaves out cut from them first
    /// (``UnreadContentCut``), which makes the same tree from a fraction of the parse; nil when the page cannot be cut,
    /// when what is left would cost libxml2 more attribute work than `allowedAttributeWork` (``PageBudget``), or when
    /// the XML reading is not usable (not well-formed, an entity left unresolved, the depth limit reached). The caller
    /// then parses the whole page.
    convenience init?(cutting bytes: Data, divContent: @escaping (String) -> DivContent, allowedAttributeWork: Int) {
        let built: HTMLTreeBuilder? = bytes.withUnsafeBytes { raw in
            let page = raw.assumingMemoryBound(to: UInt8.self)
            guard raw.count <= Int(Int32.max), HTMLTreeBuilder.readAsUTF8Natively(page),
                  let cut = UnreadContentCut.cut(page, divContent: divContent), cut.attributeWork <= allowedAttributeWork else { return nil }
            // Nothing is left to leave out: the cut page's tree is built whole, its divs not told apart a second time.
            return cut.bytes.withUnsafeBytes { cutPage in
                HTMLTreeBuilder.build(cutPage.baseAddress!.assumingMemoryBound(to: CChar.self), count: Int32(cutPage.count), xml: true, divContent: nil)
            }
        }
        guard let built else { return nil }
        self.init(built, isXML: true)
    }

    private init(_ builder: HTMLTreeBuilder, isXML: Bool) {
        (nodes, attributes, bytes, lastChild) = (builder.arrays.nodes, builder.arrays.attributes, builder.arrays.bytes, builder.arrays.lastChild)
        names = builder.names
        nameIndices = builder.nameIndices
        classIndex = builder.nameIndices["class"]
        self.isXML = isXML
    }

    deinit {
        var arrays = HTMLTreeArrays()
        swap(&arrays.nodes, &nodes)
        swap(&arrays.attributes, &attributes)
        swap(&arrays.bytes, &bytes)
        swap(&arrays.lastChild, &lastChild)
        HTMLTreeArrays.recycle(&arrays)
    }

    /// Calls `body` with every element, in document order.
    func forEachElement(_ body: (HTMLNode) -> Void) {
        for index in nodes.indices where nodes[index].name >= 0 { body(node(Int32(index))) }
    }

    /// Every element named `name`, in document order.
    func elements(named name: String) -> [HTMLNode] {
        node(0).descendants(named: name)
    }

    fileprivate func node(_ index: Int32) -> HTMLNode { HTMLNode(document: self, index: index) }

    /// The index of `name` among ``names``, or nil when no element or attribute of the page has that name.
    func nameIndex(_ name: String) -> Int32? {
        nameIndices[name]
    }
}

/// One node of an ``HTMLDocument``, valid while the document lives.
struct HTMLNode: Equatable {
    // Not retained: nodes are made by the thousand while the reader holds the document.
    unowned(unsafe) let document: HTMLDocument
    let index: Int32

    static func == (lhs: HTMLNode, rhs: HTMLNode) -> Bool { lhs.index == rhs.index && lhs.document === rhs.document }

    private var node: HTMLDocument.Node { document.nodes[Int(index)] }

    var isElement: Bool { node.name >= 0 }
    /// The index of the element's name in ``HTMLDocument/names`` (negative for other nodes).
    var nameIndex: Int32 { node.name }
    var isText: Bool { node.name == HTMLDocument.textName }

    /// Whether this is an element named `name`.
    func isElement(named name: String) -> Bool {
        isElement && document.names[Int(node.name)] == name
    }

    /// The element name as the page writes it, lower-case in XHTML and as the HTML parser stores it (`td`, `span`);
    /// "" for other nodes.
    var name: String { isElement ? document.names[Int(node.name)] : "" }

    /// The UTF-8 bytes of a text node (none for other nodes).
    var textBytes: ArraySlice<UInt8> {
        guard isText else { return [] }
        let node = node
        return document.bytes[Int(node.start)..<Int(node.start + node.count)]
    }

    /// The text of a text node ("" for other nodes).
    var text: String { String(decoding: textBytes, as: UTF8.self) }

    /// The value of attribute `name`, or nil.
    func attribute(_ name: String) -> String? {
        guard let index = document.nameIndex(name), let bytes = attributeBytes(nameIndex: index) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the `class` attribute, split at ASCII white space as HTML splits it, names one of `classes`.
    func hasClass(among classes: [[UInt8]]) -> Bool {
        guard let classIndex = document.classIndex, let value = attributeBytes(nameIndex: classIndex) else { return false }
        return value.split(whereSeparator: HTMLDocument.isWhitespace).contains { token in classes.contains { $0.elementsEqual(token) } }
    }

    /// The value of the attribute whose name has index `nameIndex` in ``HTMLDocument/names``, as bytes, or nil.
    func attributeBytes(nameIndex: Int32) -> ArraySlice<UInt8>? {
        guard isElement, let range = HTMLDocument.valueRange(ofAttribute: nameIndex, of: node, in: document.attributes) else { return nil }
        return document.bytes[range]
    }

    /// The first child node, or nil.
    var firstChild: HTMLNode? {
        let child = node.firstChild
        return child >= 0 ? HTMLNode(document: document, index: child) : nil
    }

    /// The node after this one under the same parent, or nil.
    var nextSibling: HTMLNode? {
        let next = node.next
        return next >= 0 ? HTMLNode(document: document, index: next) : nil
    }

    /// The child nodes, in document order.
    var children: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = firstChild
        while let next = child {
            result.append(next)
            child = next.nextSibling
        }
        return result
    }

    /// The child elements named `name`, in document order.
    func children(named name: String) -> [HTMLNode] {
        guard let wanted = document.nameIndex(name) else { return [] }
        return children.filter { document.nodes[Int($0.index)].name == wanted }
    }

    /// The descendant elements named `name` (not this node itself), in document order: XPath's `.//name`.
    func descendants(named name: String) -> [HTMLNode] {
        guard let wanted = document.nameIndex(name) else { return [] }
        let end = Int(node.end)
        var result: [HTMLNode] = []
        var index = Int(index) + 1
        while index < end {
            if document.nodes[index].name == wanted { result.append(HTMLNode(document: document, index: Int32(index))) }
            index += 1
        }
        return result
    }

    /// The text of every descendant text node, concatenated: XPath's string value.
    var stringValue: String {
        var bytes: [UInt8] = []
        for index in Int(index)..<Int(node.end) where document.nodes[index].name == HTMLDocument.textName {
            bytes += HTMLNode(document: document, index: Int32(index)).textBytes
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
