extension StringProtocol {
    /// The text without its leading and trailing `CharacterSet.whitespaces` (tab, the space separators and U+200B, as
    /// Foundation lists them), trimmed scalar by scalar as Foundation trims: what `trimmingCharacters(in: .whitespaces)`
    /// gives, which cost more than the rest of reading a label or classifying a chart title.
    public func trimmingSpaces() -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first..<scalars.index(after: last)])
    }
}
