import CXML2

/// Builds an ``HTMLDocument``'s flat tree from libxml2's SAX events. The only file of the eAIP reader that runs
/// libxml2's parsers; what it relies on in them is stated in ``LibXML2Assumptions``.
///
/// Both parsers run with `NONET`, no DTD loaded, no entity substituted beyond XML's predefined ones and character
/// references (never `NOENT`: an entity declared in a hostile page could name a local file), and libxml2's own
/// limits (no `HUGE` option), which bound the depth of the tree and the size of a text node.
///
/// The builder is a struct reached through a pointer libxml2 carries to the callbacks: as a class, every one of the
/// hundred thousand appends of a page paid Swift's dynamic exclusivity check on a class property.
struct HTMLTreeBuilder {
    /// Nodes, attributes and bytes, and the last child of each node while building.
    fileprivate(set) var arrays: HTMLTreeArrays
    private(set) var names: [String] = []
    private(set) var nameIndices: [String: Int32] = [:]
    /// The open elements in the tree, the document first.
    private var open: [Int32] = [0]
    /// Every open element, in the tree or left out (the document not counted).
    private var openKinds: [OpenKind] = []
    /// Which divs' content is left out (``HTMLDocument/DivContent``); nil builds the whole tree.
    private let divContent: ((String) -> HTMLDocument.DivContent)?
    /// Whether SAX2 attribute values come with their references as written, to be resolved here
    /// (``LibXML2Assumptions/attributeValuesKeepReferences``).
    private let resolvesAttributeReferences: Bool
    /// Open divs whose content is read: no content is left out inside one.
    private var readDivsOpen = 0
    /// The indices of `div` and `id` among ``names``, once interned.
    private var divName: Int32 = -3, idName: Int32 = -3
    /// libxml2 interns names in its dictionary: the same pointer is the same name for the whole parse.
    private var namesByPointer: [UnsafeRawPointer: Int32] = [:]
    /// The last name seen in each of 64 slots picked by its pointer: a page uses a few dozen names, and a dictionary
    /// lookup (hashing the pointer) on each of a page's hundred thousand names and attributes cost half of their time.
    private var recentPointers = [UInt](repeating: 0, count: 64)
    private var recentNames = [Int32](repeating: 0, count: 64)
    /// An entity reference XML left unresolved (`&nbsp;` without the DTD): the text would be lost, so the XML
    /// reading is not used.
    private var unresolvedEntity = false
    /// The parse was stopped at ``LibXML2Assumptions/maximumDepth``: an XML reading is then not the whole page.
    private var stoppedTooDeep = false
    private var elementCount = 0

    /// An open element: whether it is in the tree, whether its content goes into the tree, and whether it is a div
    /// whose content is read.
    private struct OpenKind {
        var inTree: Bool
        var contentInTree: Bool
        var read = false
    }

    /// The tree of `buffer` read by the XML parser (nil when it is not well-formed XML or keeps an entity
    /// unresolved) or by the HTML parser in recover mode (nil when it finds no element at all).
    static func build(_ buffer: UnsafePointer<CChar>, count: Int32, xml: Bool, divContent: ((String) -> HTMLDocument.DivContent)?,
                      resolvingAttributeReferences: Bool = LibXML2Assumptions.loaded.attributeValuesKeepReferences) -> HTMLTreeBuilder? {
        _ = libraryReady
        let builder = UnsafeMutablePointer<HTMLTreeBuilder>.allocate(capacity: 1)
        builder.initialize(to: HTMLTreeBuilder(expectedBytes: Int(count), divContent: divContent,
                                               resolvesAttributeReferences: resolvingAttributeReferences))
        defer {
            builder.deinitialize(count: 1)
            builder.deallocate()
        }
        let parsed = xml ? parseXML(buffer, count: count, into: builder) : parseHTML(buffer, count: count, into: builder)
        guard parsed, builder.pointee.elementCount > 0 else {
            HTMLTreeArrays.recycle(&builder.pointee.arrays)
            return nil
        }
        builder.pointee.closeAll()
        return builder.pointee
    }

    private init(expectedBytes: Int, divContent: ((String) -> HTMLDocument.DivContent)?, resolvesAttributeReferences: Bool) {
        self.divContent = divContent
        self.resolvesAttributeReferences = resolvesAttributeReferences
        arrays = HTMLTreeArrays.reused()
        // Text and attribute values are at most the page's bytes; a node per 15 bytes is what eAIP pages hold.
        arrays.bytes.reserveCapacity(expectedBytes)
        arrays.nodes.reserveCapacity(expectedBytes / 15)
        arrays.lastChild.reserveCapacity(expectedBytes / 15)
        arrays.nodes.append(HTMLDocument.Node(name: HTMLDocument.documentName, end: 1, start: 0, count: 0))
        arrays.lastChild.append(-1)
    }

    private static func parseXML(_ buffer: UnsafePointer<CChar>, count: Int32, into builder: UnsafeMutablePointer<HTMLTreeBuilder>) -> Bool {
        guard let context = xmlNewParserCtxt() else { return false }
        defer { xmlFreeParserCtxt(context) }
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, name, _, _, _, _, count, _, attributes in
            guard HTMLTreeBuilder.admitsElement(context) else { return }
            HTMLTreeBuilder.of(context).pointee.startXMLElement(name, attributes: attributes, count: Int(count))
        }
        handler.endElementNs = { context, _, _, _ in HTMLTreeBuilder.of(context).pointee.endElement() }
        handler.characters = { context, text, length in HTMLTreeBuilder.of(context).pointee.appendText(text, length) }
        // The XML DOM keeps whitespace-only text (`keepBlanks`); so does this tree.
        handler.ignorableWhitespace = handler.characters
        handler.reference = { context, _ in HTMLTreeBuilder.of(context).pointee.unresolvedEntity = true }
        context.pointee.sax.pointee = handler
        context.pointee._private = UnsafeMutableRawPointer(builder)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue)
        // Pages are read as UTF-8. Forcing that encoding makes libxml2 convert the input UTF-8 to UTF-8 a chunk at a
        // time, moving what is left of the buffer each time: a quarter of EGMC's parse. A page libxml2 reads as UTF-8
        // of itself (``readAsUTF8Natively(_:)``) is read with no encoding given instead, the same.
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(count)).bindMemory(to: UInt8.self)
        _ = xmlCtxtReadMemory(context, buffer, count, nil, readAsUTF8Natively(bytes) ? nil : "UTF-8", options)
        return context.pointee.wellFormed != 0 && !builder.pointee.unresolvedEntity && !builder.pointee.stoppedTooDeep
    }

    private static func parseHTML(_ buffer: UnsafePointer<CChar>, count: Int32, into builder: UnsafeMutablePointer<HTMLTreeBuilder>) -> Bool {
        guard let context = htmlNewParserCtxt() else { return false }
        defer { htmlFreeParserCtxt(context) }
        var handler = xmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard HTMLTreeBuilder.admitsElement(context) else { return }
            HTMLTreeBuilder.of(context).pointee.startHTMLElement(name, attributes: attributes)
        }
        handler.endElement = { context, _ in HTMLTreeBuilder.of(context).pointee.endElement() }
        handler.characters = { context, text, length in HTMLTreeBuilder.of(context).pointee.appendText(text, length) }
        // Script and style content; the HTML DOM keeps it as text too.
        handler.cdataBlock = handler.characters
        // What the HTML parser calls ignorable (blanks between structural tags), its DOM builder drops too.
        context.pointee.sax.pointee = handler
        context.pointee._private = UnsafeMutableRawPointer(builder)
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        _ = htmlCtxtReadMemory(context, buffer, count, nil, "UTF-8", options)
        return true
    }

    /// Whether libxml2 reads `bytes` as UTF-8 without being told: they start with `<` and not a zero byte (no
    /// byte-order mark, not UTF-16, whose encoding libxml2 would detect), and an XML declaration, if any, names no
    /// encoding or UTF-8 (another name switches libxml2's decoder, or fails the parse when unknown, as it does when
    /// UTF-8 is forced). eAIP pages (`<?xml … encoding="UTF-8"?>`) and pdftotext's XHTML (`<!DOCTYPE`) are.
    static func readAsUTF8Natively(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "<"), bytes[1] != 0 else { return false }
        guard bytes.starts(with: "<?xml".utf8) else { return true }
        // The declaration ends at the first `?>`. Anything unexpected in it: `false`, the forced encoding, as before.
        guard let end = bytes.indices.dropLast().first(where: { bytes[$0] == UInt8(ascii: "?") && bytes[$0 + 1] == UInt8(ascii: ">") }) else {
            return false
        }
        let key = "encoding".utf8
        guard var index = (5..<end).first(where: { isXMLSpace(bytes[$0 - 1]) && bytes[$0..<end].starts(with: key) }) else { return true }
        // `encoding = "UTF-8"`: white space around `=`, single or double quotes; libxml2 takes UTF-8 and UTF8 in any case.
        index += key.count
        while index < end, isXMLSpace(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return false }
        index += 1
        while index < end, isXMLSpace(bytes[index]) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return false }
        let quote = bytes[index]
        guard let close = (index + 1..<end).first(where: { bytes[$0] == quote }) else { return false }
        let name = bytes[(index + 1)..<close].map { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) ? $0 - 0x20 : $0 }
        return name.elementsEqual("UTF-8".utf8) || name.elementsEqual("UTF8".utf8)
    }

    /// XML's white space (`S`): space, tab, CR, LF; HTML's adds form feed (``HTMLDocument/isWhitespace(_:)``).
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// libxml2 2.9 sets up its globals in `xmlInitParser`, which is not safe to run on two threads at once, and its XML
    /// parser contexts do not run it: once, before the page workers' first parse.
    private static let libraryReady: Void = { xmlInitParser() }()

    /// Whether an element may open here; past ``LibXML2Assumptions/maximumDepth`` (where libxml2's own tree builders
    /// stop a parse), stops the parse instead, so a page nested deeper reads as one cut at that point, whichever
    /// parser reads it.
    private static func admitsElement(_ context: UnsafeMutableRawPointer?) -> Bool {
        // The document counts, as in libxml2's trees.
        guard of(context).pointee.openKinds.count + 1 > LibXML2Assumptions.maximumDepth else { return true }
        of(context).pointee.stoppedTooDeep = true
        xmlStopParser(context!.assumingMemoryBound(to: xmlParserCtxt.self))
        return false
    }

    /// The builder of a parse: libxml2 passes its parser context as the callbacks' user data.
    private static func of(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<HTMLTreeBuilder> {
        context!.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private!.assumingMemoryBound(to: HTMLTreeBuilder.self)
    }

    // MARK: Events

    /// SAX2: `attributes` holds five pointers per attribute: local name, prefix, URI, value start, value end.
    private mutating func startXMLElement(_ name: UnsafePointer<xmlChar>?, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        let inTree = admitsToTree(name)
        let element = inTree ? appendElement(name) : nil
        if let attributes {
            for offset in stride(from: 0, to: count * 5, by: 5) {
                guard let start = attributes[offset + 3], let end = attributes[offset + 4] else { continue }
                let value = UnsafeBufferPointer(start: start, count: end - start)
                if inTree {
                    appendAttribute(attributes[offset], value: value, decodeReferences: resolvesAttributeReferences)
                } else if resolvesAttributeReferences {
                    noteReferences(value)
                }
            }
        }
        push(element)
    }

    /// SAX1 (HTML): `attributes` is name, value, name, value, …, then nil; a value is nil for `<td nowrap>`
    /// (``LibXML2Assumptions``).
    private mutating func startHTMLElement(_ name: UnsafePointer<xmlChar>?, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard admitsToTree(name) else {
            push(nil)
            return
        }
        let element = appendElement(name)
        if let attributes {
            var offset = 0
            while let attributeName = attributes[offset] {
                // A boolean attribute without a value (`<td nowrap>`) has its name as value in libxml2's DOM.
                let value = (attributes[offset + 1] ?? (htmlIsBooleanAttr(attributeName) != 0 ? attributeName : nil))
                    .map { UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))) }
                appendAttribute(attributeName, value: value ?? UnsafeBufferPointer(start: nil, count: 0), decodeReferences: false)
                offset += 2
            }
        }
        push(element)
    }

    /// Whether an element starting now goes into the tree: every one, except inside the content of a div left out,
    /// where only ``HTMLDocument/DivContent/keptInsideLeftOut`` do.
    private mutating func admitsToTree(_ name: UnsafePointer<xmlChar>?) -> Bool {
        elementCount += 1
        guard let kind = openKinds.last, !kind.contentInTree else { return true }
        return HTMLDocument.DivContent.keptInsideLeftOut.contains { Self.isNamed(name, $0) }
    }

    private mutating func appendElement(_ name: UnsafePointer<xmlChar>?) -> Int32 {
        let element = appendNode(HTMLDocument.Node(name: intern(name), end: 0, start: Int32(arrays.attributes.count), count: 0))
        open.append(element)
        return element
    }

    /// Opens an element, `element` when it is in the tree (its attributes appended): its content goes into the tree
    /// as its parent's does, unless ``divContent`` says otherwise of a div.
    private mutating func push(_ element: Int32?) {
        var kind = OpenKind(inTree: element != nil, contentInTree: openKinds.last?.contentInTree ?? true)
        if let element {
            arrays.nodes[Int(element)].count = Int32(arrays.attributes.count) - arrays.nodes[Int(element)].start
            if let divContent, arrays.nodes[Int(element)].name == divName, let id = attribute(idName, of: element) {
                (kind.contentInTree, kind.read) = divContent(id).opens(parentInTree: kind.contentInTree, readDivsOpen: readDivsOpen)
                if kind.read { readDivsOpen += 1 }
            }
        }
        openKinds.append(kind)
    }

    /// The value of the attribute whose name has index `name`, of an element in the tree.
    private func attribute(_ name: Int32, of element: Int32) -> String? {
        HTMLDocument.valueRange(ofAttribute: name, of: arrays.nodes[Int(element)], in: arrays.attributes)
            .map { String(decoding: arrays.bytes[$0], as: UTF8.self) }
    }

    /// Whether the element name libxml2 gives is `expected`.
    private static func isNamed(_ name: UnsafePointer<xmlChar>?, _ expected: StaticString) -> Bool {
        guard let name else { return false }
        let bytes = UnsafeBufferPointer(start: expected.utf8Start, count: expected.utf8CodeUnitCount)
        for (index, byte) in bytes.enumerated() where name[index] != byte { return false }
        return name[bytes.count] == 0
    }

    /// The attribute values of an element left out still decide whether the XML reading is usable: a reference left
    /// unresolved in one sends the page to the HTML parser, as it does in an element of the tree.
    private mutating func noteReferences(_ value: UnsafeBufferPointer<xmlChar>) {
        guard value.contains(UInt8(ascii: "&")) else { return }
        let start = arrays.bytes.count
        appendDecodingReferences(value)
        arrays.bytes.removeSubrange(start...)
    }

    private mutating func appendAttribute(_ name: UnsafePointer<xmlChar>?, value: UnsafeBufferPointer<xmlChar>, decodeReferences: Bool) {
        let start = arrays.bytes.count
        if decodeReferences, value.contains(UInt8(ascii: "&")) {
            appendDecodingReferences(value)
        } else {
            arrays.bytes.append(contentsOf: value)
        }
        arrays.attributes.append(HTMLDocument.Attribute(name: intern(name), start: Int32(start), count: Int32(arrays.bytes.count - start)))
    }

    private mutating func endElement() {
        guard let kind = openKinds.popLast() else { return }
        if kind.read { readDivsOpen -= 1 }
        guard kind.inTree else { return }
        let element = open.removeLast()
        arrays.nodes[Int(element)].end = Int32(arrays.nodes.count)
    }

    /// Text arrives in pieces (around each entity, at buffer ends); pieces in a row make one text node, as in a DOM.
    private mutating func appendText(_ text: UnsafePointer<xmlChar>?, _ length: Int32) {
        guard let text, length > 0, openKinds.last?.contentInTree ?? true else { return }
        let parent = open[open.count - 1]
        let last = arrays.lastChild[Int(parent)]
        if last >= 0, arrays.nodes[Int(last)].name == HTMLDocument.textName, Int(arrays.nodes[Int(last)].start + arrays.nodes[Int(last)].count) == arrays.bytes.count {
            arrays.nodes[Int(last)].count += length
        } else {
            let node = appendNode(HTMLDocument.Node(name: HTMLDocument.textName, end: 0, start: Int32(arrays.bytes.count), count: length))
            arrays.nodes[Int(node)].end = node + 1
        }
        arrays.bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(length)))
    }

    /// Closes what a recovered or stopped parse left open.
    private mutating func closeAll() {
        while !openKinds.isEmpty { endElement() }
        arrays.nodes[0].end = Int32(arrays.nodes.count)
    }

    private mutating func appendNode(_ node: HTMLDocument.Node) -> Int32 {
        let index = Int32(arrays.nodes.count)
        let parent = open[open.count - 1]
        arrays.nodes.append(node)
        arrays.lastChild.append(-1)
        if arrays.lastChild[Int(parent)] >= 0 {
            arrays.nodes[Int(arrays.lastChild[Int(parent)])].next = index
        } else {
            arrays.nodes[Int(parent)].firstChild = index
        }
        arrays.lastChild[Int(parent)] = index
        return index
    }

    private mutating func intern(_ name: UnsafePointer<xmlChar>?) -> Int32 {
        guard let name else { return intern("") }
        let address = UInt(bitPattern: name)
        // Fibonacci hashing: libxml2 packs a page's names a few bytes apart, so the address's low bits alone collide.
        let slot = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if recentPointers[slot] == address { return recentNames[slot] }
        let index: Int32
        if let known = namesByPointer[UnsafeRawPointer(name)] {
            index = known
        } else {
            index = intern(String(cString: name))
            namesByPointer[UnsafeRawPointer(name)] = index
        }
        recentPointers[slot] = address
        recentNames[slot] = index
        return index
    }

    private mutating func intern(_ name: String) -> Int32 {
        if let known = nameIndices[name] { return known }
        let index = Int32(names.count)
        names.append(name)
        nameIndices[name] = index
        if name == "div" { divName = index } else if name == "id" { idName = index }
        return index
    }

    // MARK: References in XML attribute values

    /// SAX2 without entity substitution hands attribute values over with references still in them (`&amp;` as
    /// `&#38;`): resolves character references and XML's five predefined entities; any other entity is left as
    /// written and marks the XML reading unusable, like an unresolved entity in text.
    private mutating func appendDecodingReferences(_ value: UnsafeBufferPointer<xmlChar>) {
        var index = 0
        while index < value.count {
            let byte = value[index]
            guard byte == UInt8(ascii: "&"), let semicolon = value[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                arrays.bytes.append(byte)
                index += 1
                continue
            }
            let reference = String(decoding: value[(index + 1)..<semicolon], as: UTF8.self)
            if let scalar = Self.resolve(reference) {
                arrays.bytes.append(contentsOf: String(Character(scalar)).utf8)
            } else {
                unresolvedEntity = true
                arrays.bytes.append(contentsOf: value[index...semicolon])
            }
            index = semicolon + 1
        }
    }

    private static func resolve(_ reference: String) -> Unicode.Scalar? {
        switch reference {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard reference.hasPrefix("#") else { return nil }
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init)
        }
    }
}
