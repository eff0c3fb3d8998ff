import Foundation

/// The shared-string table (`xl/sharedStrings.xml`): cells of type `s` hold an index into it.
struct XLSXSharedStrings {
    /// Each `<si>` item's text: its `<t>` or the `<t>`s of its rich-text runs, without phonetic hints (`<rPh>`).
    var strings: [String] = []
    /// The entity references left as written in an item's text (``XLSXText/undecoded``), by item index.
    var undecoded: [Int: [String]] = [:]

    static func read(_ data: Data, file: String) throws(SourceError) -> XLSXSharedStrings {
        var table = XLSXSharedStrings()
        var text = XLSXText()
        try XMLStreamReader.read(data, file: file) { event in
            text.take(event)
            if case .end("si") = event {
                let (value, undecoded) = text.finish()
                if !undecoded.isEmpty { table.undecoded[table.strings.count] = undecoded }
                table.strings.append(value)
            }
        }
        return table
    }
}

/// Collects the text of `<t>` elements outside phonetic runs, as both shared strings and inline strings hold it.
///
/// An entity reference a DTD declares cannot be decoded (entity substitution stays off: no entity expansion); a
/// spreadsheet program never writes one, but dropping it would turn the cell into less text, or none, unseen. It is
/// kept as written (`&name;`) and listed, for the sheet to report.
struct XLSXText {
    private var pieces: [String] = []
    private var undecoded: [String] = []
    private var inText = false
    private var phoneticDepth = 0

    mutating func take(_ event: XMLEvent) {
        switch event {
        case .start("t", _) where phoneticDepth == 0: inText = true
        case .end("t"): inText = false
        case .start("rPh", _): phoneticDepth += 1
        case .end("rPh"): phoneticDepth = max(0, phoneticDepth - 1)
        case .text(let value) where inText: pieces.append(value)
        case .entityReference(let name) where inText:
            pieces.append("&\(name);")
            undecoded.append("&\(name);")
        default: break
        }
    }

    /// The text collected since the last call, with Excel's `_xHHHH_` escapes decoded, and the entity references in
    /// it that stay as written.
    mutating func finish() -> (text: String, undecoded: [String]) {
        defer {
            pieces.removeAll(keepingCapacity: true)
            undecoded.removeAll()
        }
        return (Self.unescape(pieces.joined()), undecoded)
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
