import AIPFindings
import AIPJSON
import AIPReaders
import Foundation

extension AirportsStage {
    /// The `border_crossing_points.source` of rows from border crossing lists, and its `airports.sources` tag.
    public static let borderSource = "border_crossing_csv"
    public static let borderSourceTag = "border_crossing"

    /// Turns border crossing lists into `border_crossing_points` rows, after the airports are final.
    ///
    /// - A row with a four-letter ICAO code names that airport (`matched_airport_icao` the same, score 1.0). An ICAO
    ///   code that is not an airport of the bundle (out of scope, or renamed since the list was written) is matched by
    ///   name as below, and reported (`border.icao_replaced`); without a single match the row is reported
    ///   (`border.unknown_airport`) and not used: RZFlight would count a crossing it cannot place.
    /// - A row without a usable ICAO code is matched by name to an airport of its country: the folded name (case,
    ///   accents and punctuation ignored) of `Name` or `Airfield Name` equal to the airport's (score 1.0), or equal once
    ///   words such as "airport" are dropped (0.8). Only a single candidate is a match; otherwise the row is reported.
    /// - A country name that maps to no ISO-2 code is reported (`border.unknown_country`).
    /// - Rows repeating an (ICAO, country) pair keep the first (`row.duplicate_key`).
    public func merge(borderCrossings files: [BorderCrossingFile], into output: inout Output, ids: inout AirportsRowIds) throws(IdCarryOverError) {
        var findings: [Finding] = []
        var airportIndex: [String: Int] = [:]
        var byCountry: [String: [Int]] = [:]
        for (index, airport) in output.airports.enumerated() {
            airportIndex[airport.icaoCode] = index
            if let country = airport.isoCountry { byCountry[country, default: []].append(index) }
        }
        // Each airport's name is folded once, for the first row of its country that is matched by name.
        var namesByCountry: [String: [FoldedName]] = [:]
        func names(in country: String) -> [FoldedName] {
            if let names = namesByCountry[country] { return names }
            let names = (byCountry[country] ?? []).compactMap { index in output.airports[index].name.map { FoldedName(index: index, name: $0) } }
            namesByCountry[country] = names
            return names
        }
        var rows: [(key: RowKey, row: BorderCrossingPointRow)] = []
        var firstLine: [RowKey: (file: String, line: Int)] = [:]
        for file in files {
            findings += file.findings
            for record in file.records {
                func reject(_ code: FindingCode, _ column: String?, _ value: String?, _ reason: String) {
                    findings.append(Finding(file: record.file, line: record.line, code: code, column: column, value: value, reason: reason,
                                            action: .rowRejected))
                }
                guard let country = CountryNames.iso2(for: record.country) else {
                    reject(.borderUnknownCountry, "Country", record.country, "is not a country name the build knows; row not used")
                    continue
                }
                var icao: String?
                var score = 1.0
                let written = record.icao?.uppercased()
                if let written, Self.isICAO(written), airportIndex[written] != nil {
                    icao = written
                } else {
                    let candidates = Self.nameMatches(record, among: names(in: country))
                    if let written, Self.isICAO(written) {
                        // A code the bundle lacks: out of scope, or renamed since the list was written (LELO is now
                        // LERJ). Only a single airport of the country with the row's name stands in for it.
                        guard candidates.count == 1, let match = candidates.first else {
                            reject(.borderUnknownAirport, "ICAO", written,
                                   "is not an airport of the bundle (out of scope, renamed or unknown), and no single airport of \(country) has the row's name; row not used")
                            continue
                        }
                        findings.append(Finding(file: record.file, line: record.line, code: .borderICAOReplaced, column: "ICAO", value: written,
                                                reason: "is not an airport of the bundle; \(output.airports[match.index].icaoCode) of \(country) has the row's name and is used instead",
                                                action: .fieldCleared))
                        icao = output.airports[match.index].icaoCode
                        score = match.score
                    } else {
                        if let written = record.icao {
                            findings.append(Finding(file: record.file, line: record.line, code: .borderInvalidICAO, column: "ICAO", value: written,
                                                    reason: "is not a four-letter ICAO code; matching by name instead", action: .fieldCleared))
                        }
                        guard candidates.count == 1, let match = candidates.first else {
                            let why = candidates.isEmpty ? "matches no airport of \(country) by name"
                                : "matches several airports of \(country) by name (\(candidates.map { output.airports[$0.index].icaoCode }.sorted().joined(separator: ", ")))"
                            reject(candidates.isEmpty ? .borderNoMatch : .borderAmbiguousMatch, "Name", record.name, "\(why); row not used")
                            continue
                        }
                        icao = output.airports[match.index].icaoCode
                        score = match.score
                    }
                }
                guard let icao else { continue }
                let key = RowKey(icao, country)
                if let first = firstLine[key] {
                    reject(.rowDuplicateKey, "ICAO", icao, "repeats \(icao) in \(country) of \(first.file) line \(first.line); only the first row is used")
                    continue
                }
                firstLine[key] = (record.file, record.line)
                output.airports[airportIndex[icao]!].sources.append(Self.borderSourceTag)
                rows.append((key, BorderCrossingPointRow(
                    id: 0, icaoCode: icao, countryISO: country, airportName: record.name, isAirport: Self.isAirport(record.type),
                    source: Self.borderSource, extractionMethod: "csv_parsing", metadataJSON: Self.json(record.originalRow),
                    matchedAirportICAO: icao, matchScore: score)))
            }
        }
        for index in output.airports.indices {
            output.airports[index].sources = Array(Set(output.airports[index].sources)).sorted()
        }
        rows.sort { $0.key < $1.key }
        output.borderCrossingPoints = try ids.borderCrossingPoints.numbering(rows, id: \.id)
        output.findings = (output.findings + findings).sorted()
        output.counts["border_crossing_points_by_country"] = Dictionary(grouping: output.borderCrossingPoints, by: \.countryISO).mapValues(\.count)
        output.counts["border_rows"] = [
            "read": files.reduce(0) { $0 + $1.rowCount }, "written": output.borderCrossingPoints.count,
            "not_used": files.reduce(0) { $0 + $1.rowCount } - output.borderCrossingPoints.count,
        ]
    }

    private static func isICAO(_ text: String) -> Bool {
        text.utf8.count == 4 && text.utf8.allSatisfy { $0 &- 65 < 26 }
    }

    /// Airport, Aerodrome, Airfield: true; Heliport and other kinds (ports, roads): false; no type: unknown.
    private static func isAirport(_ type: String?) -> Bool? {
        guard let type = type?.trimmingCharacters(in: .whitespaces).lowercased(), !type.isEmpty else { return nil }
        return ["airport", "aerodrome", "airfield"].contains(type)
    }

    /// Words that name the kind of place rather than the place.
    private static let genericWords: Set<String> = ["airport", "aerodrome", "airfield", "aeroport", "flughafen", "flugplatz",
                                                    "lufthavn", "flygplats", "lotnisko", "aeropuerto", "aeroporto", "international", "intl"]

    /// An airport's name as matched: folded, whole and without its generic words.
    struct FoldedName {
        var index: Int
        var whole: String
        var core: String

        init(index: Int, name: String) {
            self.index = index
            whole = AirportsStage.folded(name)
            core = AirportsStage.withoutGenericWords(whole)
        }
    }

    /// The airports among `candidates` whose folded name equals the record's, by index, with the best score.
    static func nameMatches(_ record: BorderCrossingRecord, among candidates: [FoldedName]) -> [(index: Int, score: Double)] {
        let wanted = [record.name, record.airfieldName].compactMap { $0 }.map(folded)
        let wantedCore = wanted.map(withoutGenericWords)
        var matches: [(index: Int, score: Double)] = []
        for candidate in candidates {
            if wanted.contains(candidate.whole) {
                matches.append((candidate.index, 1.0))
            } else if wantedCore.contains(candidate.core), !candidate.core.isEmpty {
                matches.append((candidate.index, 0.8))
            }
        }
        // An exact match beats looser ones.
        let best = matches.map(\.score).max()
        return matches.filter { $0.score == best }
    }

    static func folded(_ name: String) -> String {
        name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? String($0) : " " }.joined()
            .split(separator: " ").joined(separator: " ")
    }

    private static func withoutGenericWords(_ folded: String) -> String {
        folded.split(separator: " ").filter { !genericWords.contains(String($0)) }.joined(separator: " ")
    }

    /// The original row as a JSON object, keys in header order (values as written, empty ones as "").
    static func json(_ fields: [BorderCrossingRecord.Field]) -> String {
        let object = JSONValue.object(fields.map { ($0.column, .string($0.value)) })
        return String(decoding: JSONWriter.bytes(object, layout: .inline), as: UTF8.self)
    }
}
