import AIPReaders
import Foundation
import Testing

@Suite struct StringTrimmingSpacesTests {
    /// The trim keeps Foundation's `trimmingCharacters(in: .whitespaces)` answer for every scalar Foundation
    /// counts as white space, a few it does not (line breaks, U+200C, U+FEFF), and a combining mark after a space.
    @Test func trimmedAsFoundationTrimsWhitespace() {
        let spaces = (0...0x3000).compactMap(Unicode.Scalar.init).filter(CharacterSet.whitespaces.contains)
        let others: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{85}", "\u{200C}", "\u{2028}", "\u{FEFF}", "\u{301}", "x"]
        #expect(spaces.count == 19)
        var titles = ["", "ILS RWY 05", " \u{301}ILS ", "\u{A0}\u{A0}", "ILS\u{2009}RWY\u{2009}05\u{2009}"]
        for space in spaces + others {
            titles += ["\(space)ILS RWY 05", "ILS RWY 05\(space)", "\(space)\(space)", "\(space)ILS\(space)05\(space)\(space)"]
        }
        for title in titles {
            let trimmed = title.trimmingSpaces(), expected = title.trimmingCharacters(in: .whitespaces)
            #expect(Array(trimmed.unicodeScalars) == Array(expected.unicodeScalars), "\(Array(title.unicodeScalars))")
        }
    }
}
