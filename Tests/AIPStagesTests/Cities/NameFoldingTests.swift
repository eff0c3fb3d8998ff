@testable import AIPStages
import Foundation
import TestSupport
import Testing

/// The scalar-by-scalar fold of Latin, Greek and Cyrillic names must give what Unicode's whole-name decomposition
/// gives; the real names of GeoNames are the oracle.
@Suite struct NameFoldingTests {
    @Test(.enabled(if: SharedFixtures.geonamesCities500Available, "needs data/geonames-cities500 (make data)"))
    func theScalarTableFoldsEveryRealNameAsTheDecompositionDoes() throws {
        let text = try String(contentsOf: SharedFixtures.geonamesCities500.appendingPathComponent("cities500.txt"), encoding: .utf8)
        var checked = 0, tableFolded = 0
        for (number, line) in text.split(separator: "\n").enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 3 else { continue }
            // Every place's name; the alternate names of one place in ten (all of them would take a minute in debug).
            let names = [fields[1]] + (number % 10 == 0 ? fields[3].split(separator: ",") : [])
            for name in names.map(String.init) where !name.utf8.allSatisfy({ $0 < 0x80 }) {
                checked += 1
                if name.unicodeScalars.allSatisfy({ $0.value < NameFolding.simpleScalarsEnd || NameFolding.foldsToItself($0) }) { tableFolded += 1 }
                let fast = NameFolding.forms(name), unicode = NameFolding.decomposedForms(name)
                #expect(Self.bytes(fast) == Self.bytes(unicode), "\(name)")
            }
        }
        // Most real names take the table's way, so the comparison covers it.
        #expect(checked > 10_000 && tableFolded * 2 > checked)
    }

    @Test(arguments: ["Zürich", "Ελλάδα", "Йошкар-Ола", "Ȃ", "a\u{301}b", "東京", "서울", "Łódź", "Երևան", "תל אביב", "الرِّيَاض",
                      "\u{AC00}\u{11A8}", "\u{1100}\u{1161}", "বো", "\u{09C7}\u{09BE}"])
    func bothWaysAgreeOnEachScript(_ name: String) {
        #expect(Self.bytes(NameFolding.forms(name)) == Self.bytes(NameFolding.decomposedForms(name)))
    }

    /// Both forms as bytes, not compared by Swift's canonical equality: `city_names` stores and compares bytes.
    static func bytes(_ forms: (folded: String, asciiSpelling: String?)) -> [[UInt8]?] {
        [Array(forms.folded.utf8), forms.asciiSpelling.map { Array($0.utf8) }]
    }
}
