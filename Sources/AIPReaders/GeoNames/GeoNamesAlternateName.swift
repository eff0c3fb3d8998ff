/// One row of GeoNames' `alternateNamesV2.txt`, with the columns the cities stage uses.
public struct GeoNamesAlternateName: Sendable, Equatable {
    /// The place the name belongs to.
    public var geonameid: Int
    /// ISO 639 code (`de`, `zh-Hant`), empty for a name of no particular language, or a pseudo-code (`link`, `post`,
    /// `iata`, `wkdt`, …) for something that is not a name at all.
    public var isoLanguage: String
    public var name: String
    /// `isHistoric` is 1: a former name (`Königsberg`).
    public var isHistoric: Bool
    /// 1-based line in the file.
    public var line: Int

    public init(geonameid: Int, isoLanguage: String, name: String, isHistoric: Bool, line: Int) {
        self.geonameid = geonameid
        self.isoLanguage = isoLanguage
        self.name = name
        self.isHistoric = isHistoric
        self.line = line
    }

    /// Whether `isoLanguage` names a language (or none): a 2- or 3-letter lower-case code, optionally followed by
    /// `-` and a variant (`zh-CN`, `sr-Latn`). Everything else GeoNames puts in that column is a pseudo-code for data
    /// that is not a name: `link` (URLs), `post` (postal codes), `iata`, `icao`, `faac`, `tcid`, `unlc`, `abbr`,
    /// `wkdt` (Wikidata ids), `fr_1793`, …
    public var isName: Bool {
        let code = isoLanguage.utf8
        guard !code.isEmpty else { return true }
        let base = code.prefix { $0 != UInt8(ascii: "-") }
        guard (2...3).contains(base.count), base.allSatisfy({ $0 &- UInt8(ascii: "a") < 26 }) else { return false }
        let variant = code.dropFirst(base.count)
        return variant.isEmpty || (variant.count > 1 && variant.dropFirst().allSatisfy {
            $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "A") < 26 || $0 &- UInt8(ascii: "0") < 10
        })
    }
}
