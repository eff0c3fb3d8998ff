import Foundation

/// A one-cycle change to an OurAirports `runways.csv`, as a real month brings: a few European runways
/// lengthened, one closed for good (removed), one new. Used by the delta tests and the delta benchmark.
public enum RunwayEdits {
    public struct Result: Sendable {
        public var csv: String
        /// OurAirports ids of the runways edited, removed and added.
        public var edited: [Int]
        public var removed: [Int]
        public var added: [Int]
    }

    /// Edits the first `edits` runways of European airports (ident starting E or L, four letters) in `csv`: each
    /// gets 100 ft more length; the next one is removed; a copy of the one after is added with id 99999901.
    /// Runway lines hold no quoted commas, so fields split on `,`.
    public static func oneCycle(_ csv: String, edits: Int = 3) -> Result {
        var lines = csv.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let european = lines.indices.dropFirst().filter { index in
            let fields = lines[index].split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 9 else { return false }
            let ident = fields[2].replacingOccurrences(of: "\"", with: "")
            return ident.count == 4 && (ident.hasPrefix("E") || ident.hasPrefix("L")) && ident.allSatisfy(\.isLetter)
        }
        var result = Result(csv: "", edited: [], removed: [], added: [99_999_901])
        for index in european.prefix(edits) {
            var fields = lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            fields[3] = String((Int(fields[3]) ?? 1_000) + 100)
            lines[index] = fields.joined(separator: ",")
            result.edited.append(Int(fields[0])!)
        }
        let removedIndex = european[edits]
        result.removed.append(Int(lines[removedIndex].split(separator: ",")[0])!)
        var copied = lines[european[edits + 1]].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        copied[0] = "99999901"
        copied[8] = "\"36X\""
        lines.insert(copied.joined(separator: ","), at: european[edits + 1] + 1)
        lines.remove(at: removedIndex)
        result.csv = lines.joined(separator: "\n")
        return result
    }
}
