import Foundation

/// English country names, as border crossing lists write them, to ISO 3166-1 alpha-2 codes.
///
/// The countries whose aerodromes the app serves (ICAO prefixes E, L, BI, BK, GC, UK) and their neighbours, with
/// the spellings seen in lists (`Czech Republic` and `Czechia`). A name not listed is reported, never guessed.
public enum CountryNames {
    static let iso2: [String: String] = [
        "albania": "AL", "andorra": "AD", "armenia": "AM", "austria": "AT", "azerbaijan": "AZ", "belarus": "BY",
        "belgium": "BE", "bosnia and herzegovina": "BA", "bulgaria": "BG", "croatia": "HR", "cyprus": "CY",
        "czech republic": "CZ", "czechia": "CZ", "denmark": "DK", "estonia": "EE", "faroe islands": "FO", "finland": "FI",
        "france": "FR", "georgia": "GE", "germany": "DE", "gibraltar": "GI", "greece": "GR", "greenland": "GL",
        "guernsey": "GG", "hungary": "HU", "iceland": "IS", "ireland": "IE", "isle of man": "IM", "italy": "IT",
        "jersey": "JE", "kosovo": "XK", "latvia": "LV", "liechtenstein": "LI", "lithuania": "LT", "luxembourg": "LU",
        "malta": "MT", "moldova": "MD", "monaco": "MC", "montenegro": "ME", "netherlands": "NL", "the netherlands": "NL",
        "north macedonia": "MK", "macedonia": "MK", "norway": "NO", "poland": "PL", "portugal": "PT", "romania": "RO",
        "russia": "RU", "russian federation": "RU", "san marino": "SM", "serbia": "RS", "slovakia": "SK",
        "slovak republic": "SK", "slovenia": "SI", "spain": "ES", "sweden": "SE", "switzerland": "CH", "turkey": "TR",
        "türkiye": "TR", "ukraine": "UA", "united kingdom": "GB", "uk": "GB", "great britain": "GB", "vatican city": "VA",
    ]

    /// The ISO-2 code of `name` (any case, surrounding spaces ignored), or nil when the name is not listed.
    public static func iso2(for name: String) -> String? {
        iso2[name.trimmingCharacters(in: .whitespaces).lowercased()]
    }
}
