import Foundation

/// The text of an HTML element as a reader of the page sees it, line structure kept.
///
/// `<br>` and block elements (paragraphs, divs, rows, list items, headings) end a line; other whitespace runs,
/// the source's own line breaks included, become one space; each line is trimmed and empty lines are dropped.
/// Hidden MakeAIP helper spans (`sdParams`, `sdTooltip`, `acParams`: codes such as `TAD_HP;GEO_LAT`) and scripts are
/// left out; every other span is kept, class-less ones included (the ARP latitude and longitude live in them).
enum HTMLText {
    /// Classes of spans that only carry hidden codes for the eAIP editor.
    static let hiddenClasses: [[UInt8]] = ["sdParams", "sdTooltip", "acParams"].map { Array($0.utf8) }

    private static let blockElements: Set<String> = [
        "p", "div", "tr", "li", "ul", "ol", "table", "tbody", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    ]

    /// What an element name means to the text, decided once per name of a document (``HTMLDocument/textLookup``):
    /// hashing each node's name cost a tenth of a page's reading.
    enum Role {
        case inline, block, lineBreak, hidden
        /// A span or div: hidden when its class is one of ``hiddenClasses``.
        case hiddenByClass(block: Bool)
    }

    /// The role of each name of a document, by index.
    struct Lookup {
        var roles: [Role]

        init(names: [String]) {
            roles = names.map { name in
                switch name {
                case "script", "style": .hidden
                case "br": .lineBreak
                case "span": .hiddenByClass(block: false)
                case "div": .hiddenByClass(block: true)
                default: HTMLText.blockElements.contains(name) ? .block : .inline
                }
            }
        }
    }

    /// The text of `node`, lines joined by `\n`; `skipping` leaves out elements it returns true for (e.g. the
    /// English `span.foreign` of a French label).
    static func of(_ node: HTMLNode, skipping: (HTMLNode) -> Bool = { _ in false }) -> String {
        text(of: node, skipping: skipping, joiningLinesWith: "\n")
    }

    /// The text of `node` on one line: its lines (``of(_:skipping:)``) joined by a space.
    static func singleLine(_ node: HTMLNode, skipping: (HTMLNode) -> Bool = { _ in false }) -> String {
        text(of: node, skipping: skipping, joiningLinesWith: " ")
    }

    private static func text(of node: HTMLNode, skipping: (HTMLNode) -> Bool, joiningLinesWith separator: String) -> String {
        var builder = Builder(lookup: node.document.textLookup)
        builder.append(node, skipping: skipping, depth: 0)
        return builder.finish(separator: separator)
    }

    private struct Builder {
        let lookup: Lookup
        var lines: [String] = []
        var current: [UInt8] = []
        var pendingSpace = false

        init(lookup: Lookup) {
            self.lookup = lookup
        }

        /// Recursion stops at the depth the tree builder never goes past, so a hostile tree cannot exhaust the stack.
        mutating func append(_ node: HTMLNode, skipping: (HTMLNode) -> Bool, depth: Int) {
            guard depth < LibXML2Assumptions.maximumDepth else { return }
            if node.isText {
                appendText(node.textBytes)
                return
            }
            guard node.isElement else { return }
            let block: Bool
            switch lookup.roles[Int(node.nameIndex)] {
            case .hidden: return
            case .lineBreak:
                if !skipping(node) { endLine() }
                return
            case .inline: block = false
            case .block: block = true
            case .hiddenByClass(let isBlock):
                if node.hasClass(among: HTMLText.hiddenClasses) { return }
                block = isBlock
            }
            guard !skipping(node) else { return }
            if block { endLine() }
            var child = node.firstChild
            while let next = child {
                append(next, skipping: skipping, depth: depth + 1)
                child = next.nextSibling
            }
            if block { endLine() }
        }

        mutating func appendText(_ text: ArraySlice<UInt8>) {
            // ASCII whitespace collapses here; a no-break space (two UTF-8 bytes) is handled per line in endLine.
            let isSpace = HTMLDocument.isWhitespace
            text.withUnsafeBufferPointer { bytes in
                var index = 0
                while index < bytes.count {
                    guard !isSpace(bytes[index]) else {
                        pendingSpace = true
                        index += 1
                        continue
                    }
                    // A word is appended whole, not byte by byte.
                    var end = index + 1
                    while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
                    if pendingSpace, !current.isEmpty { current.append(0x20) }
                    pendingSpace = false
                    current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                }
            }
        }

        mutating func endLine() {
            if !current.isEmpty {
                var line = String(decoding: current, as: UTF8.self)
                // A no-break space (U+00A0) is layout, not text.
                if line.unicodeScalars.contains("\u{A0}") {
                    line = line.replacingOccurrences(of: "\u{A0}", with: " ").split(separator: " ").joined(separator: " ")
                }
                if !line.isEmpty { lines.append(line) }
            }
            current.removeAll(keepingCapacity: true)
            pendingSpace = false
        }

        mutating func finish(separator: String) -> String {
            endLine()
            return lines.joined(separator: separator)
        }
    }
}
