import Foundation

/// A page without the content its tree would leave out, cut from the bytes before libxml2's XML parser reads them.
///
/// The tree builder leaves out the content of the sections a reader never reads (``HTMLDocument/DivContent``), but
/// libxml2 still parsed all of it: four fifths of an eAIP page, and of its parse. This scan finds that content in the
/// bytes with the builder's own rules (the same divs by id; inside them only divs and metas kept, a read section kept
/// whole) and cuts it, so the parser reads only what the tree keeps.
///
/// A cut must never change how a page reads, whatever the page. Content is cut only when the scan proves it
/// well-formed XML that refers to no entity: every element closed by its own end tag, no deeper than the builder's
/// depth limit; names and attributes as XML writes them, each attribute once, values quoted and without `<`; only
/// XML's predefined entities and character references to characters XML allows; UTF-8 of characters XML allows;
/// comments without `--` and text without `]]>`. Then the cut page is well-formed exactly when the page is, and the
/// XML parser builds the same tree from both. Whatever the scan cannot prove, anywhere (a DTD internal subset, a
/// namespace prefix other than `xml:` and `xmlns:` declarations, an `xml:id` on a div, a name that is not ASCII, a
/// processing instruction in content to cut, a tag that does not close, an element closed by another's end tag, a
/// page as large as libxml2's limit on one CDATA section or value), gives nil: the page is parsed whole, as before.
enum UnreadContentCut {
    /// The page without the content the tree leaves out, with the ``PageBudget`` work of what is left: the sum over
    /// its start tags of the square of their attribute count, exact (the tags the XML parser will read). Nil when
    /// nothing is to be cut or the scan cannot prove a cut safe.
    /// - Parameter divContent: what the tree does with a div's content, by the div's `id` (as the tree builder is given).
    /// - Parameter libxml2: the library the cut page is for; a libxml2 whose behaviour is not known gets no cut.
    static func cut(_ page: UnsafeBufferPointer<UInt8>, divContent: @escaping (String) -> HTMLDocument.DivContent,
                    libxml2: LibXML2Assumptions = .loaded) -> (bytes: [UInt8], attributeWork: Int)? {
        // libxml2 (without `XML_PARSE_HUGE`) refuses a CDATA section or an attribute value longer than its text limit:
        // such a page is not well-formed, which a cut could hide. Real pages are a few hundred KB.
        guard libxml2.allowsCut, let base = page.baseAddress, !page.isEmpty, page.count < LibXML2Assumptions.maximumTextLength else { return nil }
        return byteClasses.withUnsafeBufferPointer { classes in
            var scan = Scan(page: base, count: page.count, classes: classes.baseAddress!, divContent: divContent)
            return scan.run()
        }
    }

    /// A start tag in cut content with more attributes than this is not cut (each is compared with those before it).
    static let maximumAttributesToCut = 64
    /// Names longer than this are not cut (libxml2 limits names; far below its limit).
    static let maximumNameLength = 1000

    // What a byte is to the scan, one table lookup per byte.
    private static let nameStart: UInt8 = 1, nameCharacter: UInt8 = 2, space: UInt8 = 4, plain: UInt8 = 8, colon: UInt8 = 16
    private static let byteClasses: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
        let byte = UInt8(value)
        let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
        var classes: UInt8 = 0
        if isLetter || byte == UInt8(ascii: "_") { classes |= nameStart | nameCharacter }
        if byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") {
            classes |= nameCharacter
        }
        if byte == UInt8(ascii: ":") { classes |= colon }
        if HTMLTreeBuilder.isXMLSpace(byte) { classes |= space }
        // Character data with nothing to check: printable ASCII and XML's white space, but for `&`, `<`, `]` and the
        // quotes (which end an attribute value).
        if (byte >= 0x20 && byte < 0x80 && !"&<]\"'".utf8.contains(byte)) || HTMLTreeBuilder.isXMLSpace(byte) {
            classes |= plain
        }
        return classes
    }

    /// What character data is, for what it may hold.
    private enum CharacterData {
        /// Text between tags: only references XML resolves by itself, no bare `&`, no `]]>`.
        case text
        /// A quoted attribute value: only references XML resolves by itself, no bare `&`, no `<`.
        case attributeValue
        /// The inside of a comment or CDATA section: any character XML allows.
        case markup
    }

    private struct Frame {
        /// The element's name: where it starts in the page, and its length.
        var nameStart: Int
        var nameCount: Int
        /// Whether the element itself is in the tree (its tags are not cut).
        var kept: Bool
        /// Whether its parent's content goes into the tree, restored when it closes.
        var parentContentInTree: Bool
        /// A div whose content is read: nothing inside it is cut.
        var read = false
    }

    private struct Scan {
        let bytes: PageBytes
        var page: UnsafePointer<UInt8> { bytes.page }
        var count: Int { bytes.count }
        let divContent: (String) -> HTMLDocument.DivContent
        var index = 0
        /// The bytes kept so far, and where the bytes not yet copied start.
        var output: [UInt8] = []
        var keptFrom = 0
        var frames: [Frame] = []
        /// Whether the content of the innermost open element goes into the tree.
        var contentInTree = true
        var readDivsOpen = 0
        var rootSeen = false
        /// The sum over the start tags kept of the square of their attribute count.
        var attributeWork = 0
        /// The attribute names of the start tag being cut (start, length), to find one written twice.
        var attributeNames: [(start: Int, count: Int)] = []

        init(page: UnsafePointer<UInt8>, count: Int, classes: UnsafePointer<UInt8>, divContent: @escaping (String) -> HTMLDocument.DivContent) {
            (bytes, self.divContent) = (PageBytes(page: page, count: count, classes: classes), divContent)
            output.reserveCapacity(count / 4)
            attributeNames.reserveCapacity(UnreadContentCut.maximumAttributesToCut)
        }

        mutating func run() -> (bytes: [UInt8], attributeWork: Int)? {
            while index < count {
                if contentInTree {
                    index = bytes.next(UInt8(ascii: "<"), from: index) ?? count
                } else {
                    guard let textEnd = bytes.characterData(.text, from: index, to: count, stop: UInt8(ascii: "<")) else { return nil }
                    leaveOut(index, textEnd)
                    index = textEnd
                }
                guard index < count else { break }
                guard markup() else { return nil }
            }
            // Unbalanced, or nothing cut (then the page itself is parsed: no copy).
            guard frames.isEmpty, rootSeen, keptFrom > 0 else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(start: page + keptFrom, count: count - keptFrom))
            return (output, attributeWork)
        }

        /// Leaves `start..<end` out: copies what was kept before it.
        private mutating func leaveOut(_ start: Int, _ end: Int) {
            guard end > start else { return }
            if start > keptFrom { output.append(contentsOf: UnsafeBufferPointer(start: page + keptFrom, count: start - keptFrom)) }
            keptFrom = end
        }

        /// Reads the markup at `index` (a `<`), moving past it; false when the scan cannot go on.
        private mutating func markup() -> Bool {
            let start = index
            guard start + 1 < count else { return false }
            switch page[start + 1] {
            case UInt8(ascii: "!"):
                if bytes.starts(with: "<!--", at: start) {
                    // The first `--` must be the end: XML allows none inside a comment, nor `--->`.
                    guard let dashes = bytes.find("--", from: start + 4), dashes + 2 < count, page[dashes + 2] == UInt8(ascii: ">") else { return false }
                    index = dashes + 3
                    if !contentInTree {
                        guard bytes.characterData(.markup, from: start + 4, to: dashes, stop: nil) != nil else { return false }
                        leaveOut(start, index)
                    }
                    return true
                }
                if bytes.starts(with: "<![CDATA[", at: start) {
                    guard let end = bytes.find("]]>", from: start + 9) else { return false }
                    index = end + 3
                    if !contentInTree {
                        guard bytes.characterData(.markup, from: start + 9, to: end, stop: nil) != nil else { return false }
                        leaveOut(start, index)
                    }
                    return true
                }
                // A document type declaration, before the root, without an internal subset (which could declare entities
                // or attribute defaults).
                guard bytes.starts(with: "<!DOCTYPE", at: start), frames.isEmpty, !rootSeen, let end = bytes.doctypeEnd(from: start + 9) else { return false }
                index = end
                return true
            case UInt8(ascii: "?"):
                // A processing instruction is kept, never cut (its target rules are not checked here).
                guard contentInTree, let end = bytes.find("?>", from: start + 2) else { return false }
                index = end + 2
                return true
            case UInt8(ascii: "/"):
                return endTag(at: start)
            default:
                return startTag(at: start)
            }
        }

        private mutating func endTag(at start: Int) -> Bool {
            let nameEnd = bytes.nameEnd(from: start + 2).end
            index = nameEnd
            skipSpaces()
            guard nameEnd > start + 2, index < count, page[index] == UInt8(ascii: ">"), let frame = frames.popLast(),
                  frame.nameCount == nameEnd - start - 2, memcmp(page + frame.nameStart, page + start + 2, frame.nameCount) == 0 else { return false }
            index += 1
            if frame.read { readDivsOpen -= 1 }
            if !frame.kept { leaveOut(start, index) }
            contentInTree = frame.parentContentInTree
            return true
        }

        private mutating func startTag(at start: Int) -> Bool {
            let nameStart = start + 1, (nameEnd, prefixed) = bytes.nameEnd(from: nameStart)
            guard nameEnd > nameStart, !prefixed else { return false }
            // Near the builder's depth limit, where the parse stops, the page is parsed whole, as before.
            guard frames.count + 1 < LibXML2Assumptions.maximumDepth else { return false }
            if frames.isEmpty {
                guard !rootSeen else { return false }
                rootSeen = true
            }
            let isDiv = bytes.equals(nameStart, nameEnd, "div")
            let keptElement = contentInTree || HTMLDocument.DivContent.keptInsideLeftOut.contains { bytes.equals(nameStart, nameEnd, $0) }
            var id: Range<Int>?
            var keptAttributes = 0
            attributeNames.removeAll(keepingCapacity: true)
            index = nameEnd
            var selfClosing = false
            while true {
                let separated = skipSpaces()
                guard index < count else { return false }
                if page[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if page[index] == UInt8(ascii: "/") {
                    guard index + 1 < count, page[index + 1] == UInt8(ascii: ">") else { return false }
                    index += 2
                    selfClosing = true
                    break
                }
                let attributeStart = index, (attributeEnd, prefixed) = bytes.nameEnd(from: index)
                guard separated, attributeEnd > attributeStart, !prefixed || bytes.isInXMLNamespaces(attributeStart, attributeEnd) else { return false }
                index = attributeEnd
                skipSpaces()
                guard index < count, page[index] == UInt8(ascii: "=") else { return false }
                index += 1
                skipSpaces()
                guard index < count, page[index] == UInt8(ascii: "\"") || page[index] == UInt8(ascii: "'") else { return false }
                let quote = page[index]
                var close = index + 1
                if keptElement {
                    keptAttributes += 1
                    // Values are short: a plain loop costs less than a call to memchr for each.
                    while close < count, page[close] != quote {
                        guard page[close] != UInt8(ascii: "<") else { return false }
                        close += 1
                    }
                    guard close < count else { return false }
                } else {
                    guard let end = bytes.characterData(.attributeValue, from: close, to: count, stop: quote), end < count else { return false }
                    close = end
                }
                let value = (index + 1)..<close
                index = close + 1
                if !keptElement {
                    let length = attributeEnd - attributeStart
                    guard !bytes.starts(with: "xmlns:", at: attributeStart) || bytes.isPlainNamespaceDeclaration(attributeStart, attributeEnd, value: value),
                          !bytes.equals(attributeStart, attributeEnd, "xmlns"),
                          attributeNames.count < UnreadContentCut.maximumAttributesToCut,
                          !attributeNames.contains(where: { $0.count == length && memcmp(page + $0.start, page + attributeStart, length) == 0 }) else { return false }
                    attributeNames.append((attributeStart, length))
                }
                if isDiv {
                    // The builder knows attributes by local name: an `xml:id` would be its div's id.
                    guard !(prefixed && bytes.equals(attributeEnd - 3, attributeEnd, ":id")) else { return false }
                    if id == nil, bytes.equals(attributeStart, attributeEnd, "id") { id = value }
                }
            }
            if keptElement {
                attributeWork += keptAttributes * keptAttributes
            } else {
                leaveOut(start, index)
            }
            guard !selfClosing else { return true }
            var frame = Frame(nameStart: nameStart, nameCount: nameEnd - nameStart, kept: keptElement, parentContentInTree: contentInTree)
            if keptElement, let id {
                // The builder reads the value with references resolved and white space normalized; such an id is not
                // read here.
                let value = UnsafeBufferPointer(start: page + id.lowerBound, count: id.count)
                guard !value.contains(where: { $0 == UInt8(ascii: "&") || ($0 != 0x20 && HTMLTreeBuilder.isXMLSpace($0)) }) else { return false }
                (contentInTree, frame.read) = divContent(String(decoding: value, as: UTF8.self)).opens(parentInTree: contentInTree, readDivsOpen: readDivsOpen)
                if frame.read { readDivsOpen += 1 }
            }
            frames.append(frame)
            return true
        }

        /// Skips XML white space; whether there was any.
        @discardableResult
        private mutating func skipSpaces() -> Bool {
            let start = index
            while index < count, bytes.classes[Int(page[index])] & UnreadContentCut.space != 0 { index += 1 }
            return index > start
        }
    }

    /// The page's bytes and the byte classes: what the scan's pieces read, apart from its state (a method of the scan
    /// itself would copy the whole scan, arrays and closure included, at each call).
    private struct PageBytes {
        let page: UnsafePointer<UInt8>
        let count: Int
        let classes: UnsafePointer<UInt8>

        /// The end of the ASCII XML name at `start` (`start` itself when there is none): a letter or `_`, then letters,
        /// digits, `.`, `-`, `_`, `:`; and whether it has a colon. A name going on in a byte that is not ASCII, or too
        /// long, counts as none.
        func nameEnd(from start: Int) -> (end: Int, prefixed: Bool) {
            guard start < count, classes[Int(page[start])] & UnreadContentCut.nameStart != 0 else { return (start, false) }
            var end = start + 1, seen: UInt8 = 0
            while end < count {
                let byteClasses = classes[Int(page[end])]
                guard byteClasses & UnreadContentCut.nameCharacter != 0 else { break }
                seen |= byteClasses
                end += 1
            }
            guard end - start <= UnreadContentCut.maximumNameLength, end < count, page[end] < 0x80 else { return (start, false) }
            return (end, seen & UnreadContentCut.colon != 0)
        }

        /// Whether the prefixed attribute name `start..<end` is in the `xml` or `xmlns` namespace, which are always bound.
        func isInXMLNamespaces(_ start: Int, _ end: Int) -> Bool {
            guard let colon = memchr(page + start, Int32(UInt8(ascii: ":")), end - start) else { return false }
            let colonIndex = UnsafeRawPointer(colon) - UnsafeRawPointer(page)
            return (equals(start, colonIndex, "xml") || equals(start, colonIndex, "xmlns")) && colonIndex + 1 < end
                && memchr(page + colonIndex + 1, Int32(UInt8(ascii: ":")), end - colonIndex - 1) == nil
        }

        /// Whether the namespace declaration `start..<end` (`xmlns:…`) declares a prefix other than `xml` and `xmlns`,
        /// as a URI other than theirs (a default namespace declared in content to cut is not cut either).
        func isPlainNamespaceDeclaration(_ start: Int, _ end: Int, value: Range<Int>) -> Bool {
            !equals(start + 6, end, "xml") && !equals(start + 6, end, "xmlns") && !value.isEmpty
                && !equals(value.lowerBound, value.upperBound, "http://www.w3.org/XML/1998/namespace")
                && !equals(value.lowerBound, value.upperBound, "http://www.w3.org/2000/xmlns/")
        }

        /// The end of a document type declaration whose name starts at `start`: past its `>`, quoted literals
        /// skipped; nil when it has an internal subset (`[`) or does not end.
        func doctypeEnd(from start: Int) -> Int? {
            var index = start
            while index < count {
                switch page[index] {
                case UInt8(ascii: ">"): return index + 1
                case UInt8(ascii: "["): return nil
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    guard let close = next(page[index], from: index + 1) else { return nil }
                    index = close + 1
                default: index += 1
                }
            }
            return nil
        }

        func equals(_ start: Int, _ end: Int, _ text: StaticString) -> Bool {
            end - start == text.utf8CodeUnitCount && memcmp(page + start, text.utf8Start, end - start) == 0
        }

        func starts(with text: StaticString, at start: Int) -> Bool {
            start + text.utf8CodeUnitCount <= count && memcmp(page + start, text.utf8Start, text.utf8CodeUnitCount) == 0
        }

        func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < count, let found = memchr(page + start, Int32(byte), count - start) else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(page)
        }

        /// The next occurrence of `text` at or after `start`.
        func find(_ text: StaticString, from start: Int) -> Int? {
            var from = start
            while let candidate = next(text.utf8Start.pointee, from: from) {
                guard candidate + text.utf8CodeUnitCount <= count else { return nil }
                if starts(with: text, at: candidate) { return candidate }
                from = candidate + 1
            }
            return nil
        }

        // MARK: Characters

        /// Where character data of `kind` starting at `start` ends: at the first `stop` before `end`, or at `end`; nil
        /// when what comes before is not proven to be characters XML allows, in valid UTF-8, and as `kind` allows.
        func characterData(_ kind: CharacterData, from start: Int, to end: Int, stop: UInt8?) -> Int? {
            var index = start
            while index < end {
                while index < end, classes[Int(page[index])] & UnreadContentCut.plain != 0 { index += 1 }
                guard index < end else { break }
                let byte = page[index]
                if byte == stop { return index }
                switch byte {
                case UInt8(ascii: "&") where kind != .markup:
                    guard let after = referenceEnd(from: index + 1, to: end) else { return nil }
                    index = after
                case UInt8(ascii: "<") where kind != .markup:
                    return nil
                case UInt8(ascii: "]") where kind == .text:
                    guard !(index + 2 < end && page[index + 1] == UInt8(ascii: "]") && page[index + 2] == UInt8(ascii: ">")) else { return nil }
                    index += 1
                case 0x80...:
                    guard let after = scalarEnd(from: index, to: end) else { return nil }
                    index = after
                case 0x00..<0x20:
                    // A control character XML does not allow (its white space is plain).
                    return nil
                default:
                    index += 1
                }
            }
            return end
        }

        /// Past the `;` of a reference whose name starts at `start`: `amp`, `lt`, `gt`, `quot`, `apos`, or `#…`/`#x…`
        /// naming a character XML allows; nil for any other.
        func referenceEnd(from start: Int, to end: Int) -> Int? {
            let window = min(end, start + 12)
            guard start < window, let found = memchr(page + start, Int32(UInt8(ascii: ";")), window - start) else { return nil }
            let semicolon = UnsafeRawPointer(found) - UnsafeRawPointer(page)
            if equals(start, semicolon, "amp") || equals(start, semicolon, "lt") || equals(start, semicolon, "gt")
                || equals(start, semicolon, "quot") || equals(start, semicolon, "apos") {
                return semicolon + 1
            }
            guard page[start] == UInt8(ascii: "#") else { return nil }
            let hex = start + 1 < semicolon && page[start + 1] == UInt8(ascii: "x")
            let digits = UnsafeBufferPointer(start: page + start + (hex ? 2 : 1), count: semicolon - start - (hex ? 2 : 1))
            guard !digits.isEmpty, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || (hex && ($0 | 0x20) &- UInt8(ascii: "a") < 6) }),
                  let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10), Self.isXMLCharacter(value) else { return nil }
            return semicolon + 1
        }

        /// XML 1.0's `Char`.
        static func isXMLCharacter(_ value: UInt32) -> Bool {
            value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
                || (0x10000...0x10FFFF).contains(value)
        }

        /// Past the UTF-8 sequence of one character XML allows starting at `start` (a byte ≥ 0x80), or nil.
        func scalarEnd(from start: Int, to end: Int) -> Int? {
            let lead = page[start]
            let length: Int, minimum: UInt32
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
            default: return nil
            }
            guard start + length <= end else { return nil }
            for offset in 1..<length {
                let byte = page[start + offset]
                guard byte & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            guard value >= minimum, Self.isXMLCharacter(value) else { return nil }
            return start + length
        }
    }
}
