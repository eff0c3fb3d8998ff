import Foundation

/// The text of an HTML element as a reader of the page sees it, line structure kept.
///
/// `<br>` and block elements (paragraphs, divs, rows, list items, headings) end a line; other whitespace runs,
/// the source's own line breaks included, become one space; each line is trimmed and empty lines are dropped.
/// Hidden MakeAIP helper spans (`sdParams`, `sdTooltip`, `acParams`: codes such as `TAD_HP;GEO_LAT`) and scripts are
/// left out; every other span is kept, class-less ones included (the ARP latitude and longitude live in them).
enum HTMLText {
    /// Classes of spans that only carry hidden codes for the eAIP editor.
    static let hiddenClasses: Set<String> = ["sdParams", "sdTooltip", "acParams"]

    private static let blockElements: Set<String> = [
        "p", "div", "tr", "li", "ul", "ol", "table", "tbody", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote",
    ]

    /// The text of `node`, lines joined by `\n`; `skipping` leaves out elements it returns true for (e.g. the
    /// English `span.foreign` of a French label).
    static func of(_ node: HTMLNode, skipping: (HTMLNode) -> Bool = { _ in false }) -> String {
        var builder = Builder()
        builder.append(node, skipping: skipping, depth: 0)
        return builder.finish()
    }

    /// Whether `node` is one of the hidden helper elements.
    static func isHidden(_ node: HTMLNode) -> Bool {
        switch node.name {
        case "script", "style": return true
        case "span", "div":
            guard let classes = node.attribute("class") else { return false }
            return classes.split(separator: " ").contains { hiddenClasses.contains(String($0)) }
        default: return false
        }
    }

    private struct Builder {
        var lines: [String] = []
        var current: [UInt8] = []
        var pendingSpace = false

        /// Recursion stops at a depth libxml2's own parser never builds (256), so a hostile tree cannot exhaust the stack.
        mutating func append(_ node: HTMLNode, skipping: (HTMLNode) -> Bool, depth: Int) {
            guard depth < 256 else { return }
            if node.isText {
                appendText(node.textBytes)
                return
            }
            guard node.isElement, !HTMLText.isHidden(node), !skipping(node) else { return }
            let name = node.name
            if name == "br" {
                endLine()
                return
            }
            let block = HTMLText.blockElements.contains(name)
            if block { endLine() }
            for child in node.children { append(child, skipping: skipping, depth: depth + 1) }
            if block { endLine() }
        }

        mutating func appendText(_ text: ArraySlice<UInt8>) {
            for byte in text {
                // ASCII whitespace collapses here; a no-break space (two UTF-8 bytes) is handled per line in endLine.
                if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C {
                    pendingSpace = true
                } else {
                    if pendingSpace, !current.isEmpty { current.append(0x20) }
                    pendingSpace = false
                    current.append(byte)
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

        mutating func finish() -> String {
            endLine()
            return lines.joined(separator: "\n")
        }
    }
}
