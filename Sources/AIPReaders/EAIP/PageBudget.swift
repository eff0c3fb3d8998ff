import Foundation

/// The work libxml2 would do on a page's attributes, measured on the raw bytes before either parser sees them.
///
/// Both libxml2 parsers (2.9) compare each attribute of a start tag with every one before it to find duplicates, so a
/// tag of k attributes costs k²/2 comparisons: one cell of 100,000 attributes took 122 s in the HTML parser. That
/// cost is inside one tag, where no callback or deadline can interrupt it, so it is bounded before parsing: the sum
/// of k² over the page's start tags may be at most ``attributeWorkPerByte`` times the page's size (plus a floor for
/// small pages). A real page spends well under a tenth of that (EGMC: five attributes per cell), so a page over it is
/// crafted or broken beyond use, and parsing what is allowed costs at most about as much again as a normal page.
///
/// A page whose unread sections are cut before parsing is measured by that cut's scan instead, exactly, on the tags the
/// XML parser then reads (``UnreadContentCut``); this scan measures every page parsed whole.
///
/// The scan is one pass over the bytes and over-counts rather than under-counts: every attribute either parser reads
/// starts after white space or after the closing quote of the previous value, so each such start is counted; a quote
/// opens a value only after `=`, as in both parsers; `<` in text, comments or scripts may be taken for a tag, which
/// only adds to the count.
enum PageBudget {
    static let attributeWorkPerByte = 4
    /// Any page may hold a tag of 256 attributes.
    static let attributeWorkFloor = 256 * 256

    static func allowedAttributeWork(byteCount: Int) -> Int {
        attributeWorkFloor + attributeWorkPerByte * byteCount
    }

    /// The sum over start tags of the square of their attribute count (an upper bound of it).
    static func attributeWork(_ bytes: Data) -> Int {
        bytes.withUnsafeBytes { attributeWork($0) }
    }

    private static func attributeWork(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        return byteKinds.withUnsafeBufferPointer { kinds in
            let end = base + bytes.count
            var work = 0
            var cursor = base
            // Text is skipped with memchr: most of a page's bytes are in it.
            while let open = memchr(cursor, Int32(UInt8(ascii: "<")), end - cursor) {
                cursor = UnsafeRawPointer(open) + 1
                // `<` then anything but `/`, `!`, `?` or white space starts a tag in one parser or the other.
                guard cursor < end else { break }
                let first = cursor.load(as: UInt8.self)
                guard first != UInt8(ascii: "/"), first != UInt8(ascii: "!"), first != UInt8(ascii: "?"), kinds[Int(first)] != space else { continue }
                var attributes = 0
                // Whether the last byte ended something (white space, a closing quote), so a name may start next; whether
                // the last byte that was not white space was `=`, so a quote opens a value; whether the tag name is over.
                var separated = false, afterEquals = false, inName = true
                tag: while cursor < end {
                    let byte = cursor.load(as: UInt8.self)
                    cursor += 1
                    switch kinds[Int(byte)] {
                    case tagEnd:
                        break tag
                    case space:
                        separated = true
                        inName = false
                    case _ where inName:
                        // The rest of the tag name changes nothing (nor does the rest of a name or unquoted value
                        // below): skipped in a tight loop, a third of the scan's time.
                        while cursor < end, kinds[Int(cursor.load(as: UInt8.self))] == other { cursor += 1 }
                    case quote where afterEquals:
                        // The value runs to the same quote; a value never closed runs to the end, as in both parsers.
                        // Values are short: a plain loop costs less than a call to memchr for each.
                        while cursor < end, cursor.load(as: UInt8.self) != byte { cursor += 1 }
                        guard cursor < end else { break tag }
                        cursor += 1
                        separated = true
                        afterEquals = false
                    case equals:
                        separated = false
                        afterEquals = true
                    default:
                        if separated { attributes += 1 }
                        separated = false
                        afterEquals = false
                        while cursor < end, kinds[Int(cursor.load(as: UInt8.self))] == other { cursor += 1 }
                    }
                }
                work &+= attributes &* attributes
            }
            return work
        }
    }

    /// What a byte is to the scan, looked up once per byte of a tag: `other`, white space, `>`, a quote, `=`.
    private static let other: UInt8 = 0, space: UInt8 = 1, tagEnd: UInt8 = 2, quote: UInt8 = 3, equals: UInt8 = 4
    private static let byteKinds: [UInt8] = (0...255).map { (byte: Int) -> UInt8 in
        switch UInt8(byte) {
        case 0x20, 0x0A, 0x0D, 0x09, 0x0C: space
        case UInt8(ascii: ">"): tagEnd
        case UInt8(ascii: "\""), UInt8(ascii: "'"): quote
        case UInt8(ascii: "="): equals
        default: other
        }
    }
}
