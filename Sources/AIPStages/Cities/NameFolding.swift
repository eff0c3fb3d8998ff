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
    /// A name written in the blocks up to Arabic (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic: most of the
    /// names of Europe's places) is folded scalar by scalar from ``simpleScalars``, and CJK ideographs and Hangul
    /// syllables stand for themselves (``foldsToItself(_:)``): once non-spacing marks are dropped, nothing there
    /// composes with its neighbour (Unicode's compositions with a second letter or a spacing mark are all in Indic
    /// scripts, Balinese and Hangul jamo), so the whole-name decomposition (``decomposedForms(_:)``, through
    /// Foundation) gives the same string, only ten times slower. Other names take that way.
    public static func forms(_ name: String) -> (folded: String, asciiSpelling: String?) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return (name.lowercased(), nil) }
        // Built as bytes: appending each scalar's fold to a String, then lower-casing it, cost three times as much.
        let table = simpleScalars
        var plain: [UInt8] = [], folded: [UInt8] = []
        plain.reserveCapacity(name.utf8.count)
        folded.reserveCapacity(name.utf8.count)
        var isASCII = true
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                plain.append(byte)
                folded.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            } else if scalar.value < simpleScalarsEnd {
                let form = table[Int(scalar.value) - 0x80]
                plain.append(contentsOf: form.plain)
                folded.append(contentsOf: form.folded)
                isASCII = isASCII && form.isASCII
            } else if foldsToItself(scalar) {
                let bytes = String(scalar).utf8
                plain.append(contentsOf: bytes)
                folded.append(contentsOf: bytes)
                isASCII = false
            } else {
                return decomposedForms(name)
            }
        }
        return (String(decoding: folded, as: UTF8.self), isASCII ? String(decoding: plain, as: UTF8.self) : nil)
    }

    /// Scalars below this (Latin, IPA, combining diacritics, Greek, Cyrillic, Armenian, Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic) fold through ``simpleScalars``.
    static let simpleScalarsEnd: UInt32 = 0x900

    /// CJK unified ideographs and Hangul syllables: no case, no mark, nothing composes with them (a syllable followed by
    /// a trailing jamo does, but a jamo is not folded here, so such a name takes the decomposition's way).
    static func foldsToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xAC00..<0xD7A4: true
        default: false
        }
    }

    /// The fold of one scalar from U+0080 to ``simpleScalarsEnd``: `plain` keeps its case (`Ü` → `U`, U+0301 → ""),
    /// `folded` is `plain` lower-cased. Swift lower-cases scalar by scalar, with no context (no final sigma), so a
    /// name's folded bytes are its scalars' folded bytes in a row.
    struct ScalarFold {
        var plain: [UInt8]
        var folded: [UInt8]
        var isASCII: Bool
    }

    static let simpleScalars: [ScalarFold] = (0x80..<simpleScalarsEnd).map { value in
        guard let scalar = Unicode.Scalar(value) else { return ScalarFold(plain: [], folded: [], isASCII: true) }
        let (text, isASCII) = plainForm(String(Character(scalar)))
        return ScalarFold(plain: Array(text.utf8), folded: Array(text.lowercased().utf8), isASCII: isASCII)
    }

    /// Decomposes, drops the marks and recomposes `name`: Unicode's rule itself, for any script.
    static func decomposedForms(_ name: String) -> (folded: String, asciiSpelling: String?) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return (name.lowercased(), nil) }
        let (plain, isASCII) = plainForm(name)
        return (plain.lowercased(), isASCII ? plain : nil)
    }

    /// `name` without its non-spacing marks, recomposed, case kept; and whether that is ASCII.
    private static func plainForm(_ name: String) -> (text: String, isASCII: Bool) {
        var scalars = String.UnicodeScalarView()
        var isASCII = true
        // Every combining mark is at U+0300 or above: below it, no property lookup is needed.
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.value < 0x300 || scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
            if scalar.value >= 0x80 { isASCII = false }
        }
        // Recompose what is left (a Hangul syllable, a letter with a mark NFD keeps): equal names, equal bytes.
        return (isASCII ? String(scalars) : String(scalars).precomposedStringWithCanonicalMapping, isASCII)
    }
}
