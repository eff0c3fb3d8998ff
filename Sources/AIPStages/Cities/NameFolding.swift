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

    /// Both forms of `name` (the costly part of the cities stage: a build folds half a million names).
    ///
    /// A name written in the Latin, Greek and Cyrillic blocks (most of Europe's) is folded scalar by scalar from
    /// ``simpleScalars``: once marks are dropped, nothing in those blocks composes with its neighbour, so the
    /// whole-name decomposition (``decomposedForms(_:)``, through Foundation) gives the same string, only ten
    /// times slower. Other names take that way.
    public static func forms(_ name: String) -> (folded: String, asciiSpelling: String?) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return (name.lowercased(), nil) }
        var plain = ""
        plain.reserveCapacity(name.utf8.count)
        var isASCII = true
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                plain.unicodeScalars.append(scalar)
            } else if scalar.value < simpleScalarsEnd {
                let form = simpleScalars[Int(scalar.value) - 0x80]
                plain += form.text
                isASCII = isASCII && form.isASCII
            } else {
                return decomposedForms(name)
            }
        }
        return (plain.lowercased(), isASCII ? plain : nil)
    }

    /// Scalars below this (Latin, IPA, combining diacritics, Greek, Cyrillic) fold through ``simpleScalars``.
    static let simpleScalarsEnd: UInt32 = 0x530

    /// The fold of each scalar from U+0080 to ``simpleScalarsEnd`` alone, case kept: `ü` → `u`, U+0301 → "".
    static let simpleScalars: [(text: String, isASCII: Bool)] = (0x80..<simpleScalarsEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return ("", true) }
        let text = plainForm(String(Character(scalar)))
        return (text, text.utf8.allSatisfy { $0 < 0x80 })
    }

    /// Decomposes, drops the marks and recomposes `name`: Unicode's rule itself, for any script.
    static func decomposedForms(_ name: String) -> (folded: String, asciiSpelling: String?) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return (name.lowercased(), nil) }
        let plain = plainForm(name)
        return (plain.lowercased(), plain.utf8.allSatisfy { $0 < 0x80 } ? plain : nil)
    }

    /// `name` without its non-spacing marks, recomposed, case kept.
    private static func plainForm(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        var isASCII = true
        // Every combining mark is at U+0300 or above: below it, no property lookup is needed.
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.value < 0x300 || scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
            if scalar.value >= 0x80 { isASCII = false }
        }
        // Recompose what is left (a Hangul syllable, a letter with a mark NFD keeps): equal names, equal bytes.
        return isASCII ? String(scalars) : String(scalars).precomposedStringWithCanonicalMapping
    }
}
