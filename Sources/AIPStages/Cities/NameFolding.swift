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
        stripped(name).lowercased()
    }

    /// The ASCII spelling of an accented name (`Malmö` → `Malmo`, case kept), or nil when the name is ASCII already
    /// or removing accents does not make it ASCII (`Łódź`, `Москва`).
    public static func asciiSpelling(_ name: String) -> String? {
        guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let plain = stripped(name)
        return plain.utf8.allSatisfy { $0 < 0x80 } ? plain : nil
    }

    /// `name` without its combining marks (after canonical decomposition); ASCII is returned as it is.
    private static func stripped(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }
        var scalars = String.UnicodeScalarView()
        for scalar in name.decomposedStringWithCanonicalMapping.unicodeScalars
        where scalar.properties.generalCategory != .nonspacingMark {
            scalars.append(scalar)
        }
        // Recompose what is left (a Hangul syllable, a letter with a mark NFD keeps): equal names, equal bytes.
        return String(scalars).precomposedStringWithCanonicalMapping
    }
}
