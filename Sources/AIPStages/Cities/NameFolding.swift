import Foundation

/// The spellings the app's lookups need, made from a name.
///
/// SQLite's `NOCASE` and `LIKE` fold the 26 ASCII letters only, so `MUNCHEN` never matches `München`. Two remedies:
/// the ASCII spelling of each accented name is added to `alternate_names` (query 3 then finds `Munchen`), and every
/// name is stored *folded* (lower-case, accents removed) in `city_names`, which the app queries with its own input
/// folded the same way.
public enum NameFolding {
    /// Lower-case with accents removed: `München` → `munchen`, `ÅLESUND` → `alesund`, `Zürich` → `zurich`. Letters
    /// that are not a base letter plus an accent stay (`ø`, `ł`, `ß`), as do other scripts (`мюнхен`).
    ///
    /// An app must fold its input with the same rule: canonical decomposition (NFD), drop non-spacing marks,
    /// lower-case (Swift: `name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)` agrees
    /// on Latin, Greek and Cyrillic names).
    public static func folded(_ name: String) -> String {
        forms(name).folded
    }

    /// The ASCII spelling of an accented name (`Malmö` → `Malmo`, case kept), or nil when the name is ASCII already
    /// or removing accents does not make it ASCII (`Łódź`, `Москва`).
    public static func asciiSpelling(_ name: String) -> String? {
        forms(name).asciiSpelling
    }

    /// Both forms of `name` from one decomposition (the costly part: a build folds half a million names).
    public static func forms(_ name: String) -> (folded: String, asciiSpelling: String?) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return (name.lowercased(), nil) }
        var scalars = String.UnicodeScalarView()
        var isASCII = true
        // Every combining mark is at U+0300 or above: below it, no property lookup is needed.
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.value < 0x300 || scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
            if scalar.value >= 0x80 { isASCII = false }
        }
        // Recompose what is left (a Hangul syllable, a letter with a mark NFD keeps): equal names, equal bytes.
        let plain = isASCII ? String(scalars) : String(scalars).precomposedStringWithCanonicalMapping
        return (plain.lowercased(), isASCII ? plain : nil)
    }
}
