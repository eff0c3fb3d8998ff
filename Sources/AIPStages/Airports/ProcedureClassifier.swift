import AIPReaders

/// Decides what an AD 2.24 chart is, from the words of its title: tokens, never substrings, so `RNAV5 … STANDARD
/// ARRIVAL CHART` is an arrival (not an RNAV approach) and `STAR` inside `STANDARD` means nothing.
///
/// Titles are split into upper-case tokens at every character that is not a letter or a digit:
/// `INSTRUMENT APPROACH CHART ILS/DME/NDB(L) RWY 05 (CAT A,B,C) - ICAO` gives `INSTRUMENT APPROACH CHART ILS DME NDB L
/// RWY 05 CAT A B C ICAO`; `AD_2_LFAQ_IAC_RWY26_FNA_RNP` gives `AD 2 LFAQ IAC RWY26 FNA RNP`.
///
/// - approach: `INSTRUMENT APPROACH` (MakeAIP) or `IAC` (French SIA); its type is the first token naming a kind of
///   approach (ILS, LOC, RNP, RNAV, VOR, NDB, LDA, SDF, SRA, GLS, PAR);
/// - departure: `SID`, or `STANDARD DEPARTURE`; arrival: `STAR`, or `STANDARD ARRIVAL`;
/// - coding tables and data sheets (`CODING`, `DATA`) describe procedures already listed as charts: not procedures;
/// - other charts known not to be procedures (aerodrome, parking, visual, obstacle charts…) are `.other`;
/// - anything else is `.unrecognized`, for the stage to report.
public enum ProcedureClassifier {
    /// What a chart is.
    public enum Kind: Sendable, Equatable {
        case procedure(Procedure)
        /// A chart, but not a procedure (aerodrome chart, coding table…).
        case other
        /// Nothing in the title says what it is.
        case unrecognized
    }

    /// A procedure chart, as its title describes it.
    public struct Procedure: Sendable, Equatable {
        /// approach, departure or arrival.
        public var type: String
        public var approachType: String?
        /// Two digits (`"05"`), when the chart names exactly one runway.
        public var runwayNumber: String?
        /// L, R or C.
        public var runwayLetter: String?
        /// The title without its chart-kind words (`ILS/DME/NDB(L) RWY 05 (CAT A,B,C)`, `RWY26 NDB`).
        public var name: String
    }

    /// Approach kinds, as RZFlight and the contract spell them; the first eight are RZFlight's typed approaches.
    public static let approachTypes: [String] = ["ILS", "RNP", "RNAV", "VOR", "NDB", "LOC", "LDA", "SDF", "SRA", "GLS", "PAR"]
    /// The approach types RZFlight ranks; an approach of another type counts as untyped there.
    public static let rankedApproachTypes: Set<String> = ["ILS", "RNP", "RNAV", "VOR", "NDB", "LOC", "LDA", "SDF"]

    /// Words of charts that are not procedures.
    private static let otherChartWords: Set<String> = [
        "ADC", "PDC", "GMC", "VAC", "AOC", "PATC", "MSA", "VFR", "LANDING", "PARKING", "DOCKING", "GROUND", "MOVEMENT",
        "OBSTACLE", "TERRAIN", "VISUAL", "ZONE", "SURVEILLANCE", "RADAR", "HELICOPTER", "HOLD", "HOLDING", "AREA", "ENVIRONMENTAL",
        "NOISE", "BIRD", "ARC", "TMA", "CTR", "AERODROME", "AIRCRAFT", "HELIPORT",
    ]

    /// Classifies the chart titled `title` of aerodrome `icao` (its code is dropped from French file names).
    public static func classify(_ title: String, icao: String) -> Kind {
        // A title is a dozen tokens: looked through, not hashed into a set.
        let tokens = tokenize(title)
        if tokens.contains(where: { $0 == "CODING" || $0 == "DATA" || $0 == "CODE" }) { return .other }
        let type: String
        if contains(tokens, ["INSTRUMENT", "APPROACH"]) || tokens.contains("IAC") {
            type = "approach"
        } else if tokens.contains("SID") || contains(tokens, ["STANDARD", "DEPARTURE"]) || contains(tokens, ["INSTRUMENT", "DEPARTURE"]) {
            type = "departure"
        } else if tokens.contains("STAR") || contains(tokens, ["STANDARD", "ARRIVAL"]) || contains(tokens, ["INSTRUMENT", "ARRIVAL"]) {
            type = "arrival"
        } else {
            return tokens.contains(where: otherChartWords.contains) ? .other : .unrecognized
        }
        let runways = runwayIdents(tokens)
        let runway = runways.count == 1 ? runways[0] : nil
        return .procedure(Procedure(
            type: type, approachType: type == "approach" ? tokens.first { approachTypes.contains($0) } : nil,
            runwayNumber: runway.map { String($0.prefix(2)) }, runwayLetter: runway.flatMap { $0.count == 3 ? String($0.suffix(1)) : nil },
            name: displayName(title, icao: icao)))
    }

    /// Upper-case runs of ASCII letters and digits.
    static func tokenize(_ title: String) -> [String] {
        var tokens: [String] = []
        var current: [UInt8] = []
        for byte in title.utf8 {
            let upper = byte &- 97 < 26 ? byte &- 32 : byte
            if upper &- 65 < 26 || upper &- 48 < 10 {
                current.append(upper)
            } else if !current.isEmpty {
                tokens.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
        return tokens
    }

    /// Runway designators after `RWY`: `RWY 05`, `RWY08`, `RWY 05/23` (two), `RWY08-26` (two), `RWY 09L`.
    static func runwayIdents(_ tokens: [String]) -> [String] {
        var idents: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard token.hasPrefix("RWY") else { continue }
            if token.count > 3, let ident = designator(token.dropFirst(3)) { idents.append(ident) }
            // Designators that follow (`05`, `23` of `RWY 05/23`; `26` of `RWY08-26`).
            while index < tokens.count, let ident = designator(tokens[index][...]) {
                idents.append(ident)
                index += 1
            }
        }
        return idents
    }

    /// `05`, `5` (written `05`), `09L`: a runway designator 01–36 with an optional L/R/C.
    private static func designator(_ text: Substring) -> String? {
        var digits = text
        var letter = ""
        if let last = text.last, "LRC".contains(last) {
            letter = String(last)
            digits = text.dropLast()
        }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCII), let number = Int(digits), (1...36).contains(number) else {
            return nil
        }
        return (number < 10 ? "0\(number)" : "\(number)") + letter
    }

    private static func contains(_ tokens: [String], _ phrase: [String]) -> Bool {
        guard tokens.count >= phrase.count else { return false }
        return (0...(tokens.count - phrase.count)).contains { start in tokens[start..<(start + phrase.count)].elementsEqual(phrase) }
    }

    /// The title without the words that only say it is a chart: MakeAIP's `INSTRUMENT APPROACH CHART` and `- ICAO`;
    /// French SIA's `AD_2_<ICAO>_` and the chart code, underscores as spaces (`AD_2_LFAQ_IAC_RWY08_RNP` → `RWY08 RNP`).
    static func displayName(_ title: String, icao: String) -> String {
        var name = title.trimmingSpaces()
        let filePrefix = "AD_2_\(icao)_"
        if name.hasPrefix(filePrefix) {
            var parts = name.dropFirst(filePrefix.count).split(separator: "_")
            if let first = parts.first, ["IAC", "SID", "STAR"].contains(first), parts.count > 1 { parts.removeFirst() }
            return parts.joined(separator: " ")
        }
        let upper = name.uppercased()
        for prefix in ["INSTRUMENT APPROACH CHART - ICAO", "INSTRUMENT APPROACH CHART"] where upper.hasPrefix(prefix) {
            name = name.dropFirst(prefix.count).trimmingSpaces()
            break
        }
        for suffix in ["- ICAO", "-ICAO"] where name.hasSuffix(suffix) {
            name = name.dropLast(suffix.count).trimmingSpaces()
            break
        }
        return name.isEmpty ? title : name
    }
}
