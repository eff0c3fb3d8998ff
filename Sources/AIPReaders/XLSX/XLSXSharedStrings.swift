import Foundation

/// The shared-string table (`xl/sharedStrings.xml`): cells of type `s` hold an index into it.
enum XLSXSharedStrings {
    /// Each `<si>` item's text: its `<t>` or the `<t>`s of its rich-text runs, without phonetic hints (`<rPh>`).
    static func read(_ data: Data, file: String) throws(SourceError) -> [String] {
        var strings: [String] = []
        var text = XLSXText()
        try XMLStreamReader.read(data, file: file) { event in
            text.take(event)
            if case .end("si") = event { strings.append(text.finish()) }
        }
        return strings
    }
}

/// Collects the text of `<t>` elements outside phonetic runs, as both shared strings and inline strings hold it.
struct XLSXText {
    private var pieces: [String] = []
    private var inText = false
    private var phoneticDepth = 0

    mutating func take(_ event: XMLEvent) {
        switch event {
        case .start("t", _) where phoneticDepth == 0: inText = true
        case .end("t"): inText = false
        case .start("rPh", _): phoneticDepth += 1
        case .end("rPh"): phoneticDepth = max(0, phoneticDepth - 1)
        case .text(let value) where inText: pieces.append(value)
        default: break
        }
    }

    /// The text collected since the last call, with Excel's `_xHHHH_` escapes decoded.
    mutating func finish() -> String {
        defer { pieces.removeAll(keepingCapacity: true) }
        return Self.unescape(pieces.joined())
    }

    /// Decodes `_xHHHH_` (a UTF-16 code unit Excel could not write in XML, e.g. `_x000D_` for CR); `_x005F_` escapes
    /// the underscore of a literal `_xHHHH_`.
    static func unescape(_ text: String) -> String {
        // A byte scan, not `String.contains`: Foundation's version bridges every string through NSString.
        var previous: UInt8 = 0
        guard text.utf8.contains(where: { byte in
            defer { previous = byte }
            return previous == 0x5F && byte == 0x78
        }) else { return text }
        var units: [UInt16] = []
        let source = Array(text.utf16)
        var index = 0
        while index < source.count {
            if source[index] == 0x5F, index + 6 < source.count, source[index + 1] == 0x78, source[index + 6] == 0x5F,
               let code = UInt16(String(decoding: source[(index + 2)..<(index + 6)], as: UTF16.self), radix: 16) {
                units.append(code)
                index += 7
            } else {
                units.append(source[index])
                index += 1
            }
        }
        return String(decoding: units, as: UTF16.self)
    }
}
