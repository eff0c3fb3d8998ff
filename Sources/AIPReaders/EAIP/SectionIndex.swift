/// The section divs of one aerodrome, found by exact id: a prefix match on `AD-2.2` would also hit 2.20–2.25.
struct SectionIndex {
    let icao: String
    let divs: [String: HTMLNode]

    subscript(number: Int) -> HTMLNode? {
        divs["\(icao)-AD-2.\(number)"] ?? divs["AD-2.\(number).\(icao)"] ?? divs["AD-2.\(number).eAIP.\(icao)"]
    }

    /// The sections the reader reads: AD 2.1 (the name), the items' and AD 2.24 (the charts).
    static let readSections = Set(AerodromeDocument.itemSections).union([1, 24])

    /// Whether the reader reads the content of the div with `id`: a section of ``readSections`` (of any aerodrome,
    /// and whatever the number's spelling, `2.05` included: more than the reader reads is kept, never less), or
    /// another section, or no section.
    static func content(ofDivWithID id: String) -> HTMLDocument.DivContent {
        guard let section = section(inID: id) else { return .other }
        return readSections.contains(section.number) ? .read : .notRead
    }

    /// The aerodrome and section number in a section id of either family, or nil: `EGMC-AD-2.12`, `AD-2.20.LFAQ`,
    /// `AD-2.24.eAIP.LFAQ`. The number is as `Int` reads it (`05` is 5).
    ///
    /// Read as bytes: taken apart by character, the ids of a thousand pages cost more than the rest of their
    /// reading. Ids are ASCII, where a byte is a character; another id is taken apart by character.
    static func section(inID id: String) -> (icao: String, number: Int)? {
        guard id.utf8.allSatisfy({ $0 < 0x80 }) else { return section(inCharacters: id) }
        var id = id
        return id.withUTF8(section(inASCII:))
    }

    static func section(inASCII id: UnsafeBufferPointer<UInt8>) -> (icao: String, number: Int)? {
        let dot = UInt8(ascii: "."), dash = UInt8(ascii: "-")
        let dots = id.indices.filter { id[$0] == dot }
        guard dots.count >= 1 else { return nil }
        // Both forms have the number between the first and the second dot (or the end).
        let number = Int(String(decoding: id[(dots[0] + 1)..<(dots.count > 1 ? dots[1] : id.count)], as: UTF8.self))
        func text(_ range: Range<Int>) -> String { String(decoding: id[range], as: UTF8.self) }
        // `AD-2.20.LFAQ`, `AD-2.24.eAIP.LFAQ`.
        if id.starts(with: prefix), dots.count == 2 || (dots.count == 3 && text((dots[1] + 1)..<dots[2]) == "eAIP"),
           let number, isICAO(id[(dots[dots.count - 1] + 1)...]) {
            return (text((dots[dots.count - 1] + 1)..<id.count), number)
        }
        // `EGMC-AD-2.12`: the code (after any leading dashes), a dash, then `AD-2.` and the number.
        guard dots.count == 1, let number, let start = id.firstIndex(where: { $0 != dash }),
              let end = id[start...].firstIndex(of: dash), id[(end + 1)...].starts(with: prefix), isICAO(id[start..<end]) else { return nil }
        return (text(start..<end), number)
    }

    /// `section(inID:)` by character, for an id that is not ASCII (a mark after a dot joins it, so it splits nothing).
    static func section(inCharacters id: String) -> (icao: String, number: Int)? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        if id.hasPrefix("AD-2."), parts.count >= 3, let number = Int(parts[1]),
           isICAO(parts.last!.utf8), parts.count == 3 || (parts.count == 4 && parts[2] == "eAIP") {
            return (String(parts.last!), number)
        }
        let dash = id.split(separator: "-", maxSplits: 1)
        if dash.count == 2, isICAO(dash[0].utf8), dash[1].hasPrefix("AD-2."), parts.count == 2, let number = Int(parts[1]) {
            return (String(dash[0]), number)
        }
        return nil
    }

    private static let prefix = Array("AD-2.".utf8)

    private static func isICAO(_ text: some Collection<UInt8>) -> Bool {
        text.count == 4 && text.allSatisfy { $0 &- 65 < 26 }
    }
}
