import AIPReaders

/// GeoNames records in, `cities` rows out: scoping, repeated ids, the population threshold, and the names the app's
/// lookups search.
///
/// A function of its inputs: rows come out in geonameid order and findings by file and line.
public struct CitiesStage: Stage {
    public static let name = "cities"
    public static let upstream: [String] = []

    public var scope: CitiesScope

    public init(settings: CitiesScope = CitiesScope()) {
        scope = settings
    }

    /// What the stage produced.
    public struct Output: StageOutput {
        /// Sorted by geonameid.
        public var cities: [CityRow]
        public var findings: [Finding]
        public var inputs: [InputSummary] = []
        /// `cities_by_country`: rows written per ISO code.
        public var counts: [String: [String: Int]] = [:]
    }

    /// The filter to read the place dump with: populated places of `countries` with at least `minPopulation`
    /// inhabitants, judged on the raw fields. A population that is not a number passes, so that the reader rejects
    /// the row with a finding instead of dropping it unseen. Filtering the small places here, not after reading,
    /// is what keeps a whole-world dump's memory small: most of Europe's places are villages.
    public static func includes(_ countries: Set<String>, minPopulation: Int) -> @Sendable (GeoNamesPlaceKey) -> Bool {
        { key in key.featureClass == "P" && countries.contains(key.countryCode) && (key.population.map { $0 >= minPopulation } ?? true) }
    }

    /// Builds the rows from a place dump read with ``includes(_:minPopulation:)`` and, when there is one, `alternateNamesV2.txt`.
    ///
    /// A repeated geonameid is a `row.duplicate_key` finding and only its first row is used (among the rows the
    /// filter kept). Places below ``CitiesScope/minPopulation`` are left out without a finding (most of the world's
    /// places are small).
    /// A place with rows in `alternateNames` takes its alternate names from there (names only: pseudo-codes such as
    /// `link` or `post` are skipped, historic names unless ``CitiesScope/includeHistoricNames``); any other keeps those
    /// of its own `alternatenames` column.
    ///
    /// `places` is consumed: its rows are released once the kept ones are copied out, so that a whole dump's places
    /// and the rows made from them are not all held at once (a build's memory peak).
    public func run(places: consuming GeoNamesPlacesFile, alternateNames: [GeoNamesAlternateName] = []) async -> Output {
        var (kept, repeats) = SourceKeys.keepingFirst(places.places, key: \.geonameid, line: \.line, file: places.fileName,
                                                      column: "geonameid", firstLines: places.firstLines)
        var findings = places.findings + repeats
        places.places = []
        var namesByPlace: [Int: [String]] = [:]
        for alternate in alternateNames where alternate.isName && (scope.includeHistoricNames || !alternate.isHistoric) {
            namesByPlace[alternate.geonameid, default: []].append(alternate.name)
        }
        kept.removeAll { $0.population < scope.minPopulation }
        var byCountry: [String: Int] = [:]
        for place in kept {
            findings += place.findings
            byCountry[place.countryCode, default: 0] += 1
        }
        var cities = await Self.rows(for: kept, alternateNames: namesByPlace)
        cities.sort { $0.geonameid < $1.geonameid }
        return Output(cities: cities, findings: findings.sorted(), counts: ["cities_by_country": byCountry])
    }

    /// The rows of `places`, in their order, built in parallel chunks: folding half a million names is most of the
    /// stage's time, and the build gives the stage every core.
    static func rows(for places: [GeoNamesPlace], alternateNames: [Int: [String]]) async -> [CityRow] {
        let chunkSize = 4_096
        return await withTaskGroup(of: (Int, [CityRow]).self) { group in
            for start in stride(from: 0, to: places.count, by: chunkSize) {
                let chunk = places[start..<min(start + chunkSize, places.count)]
                group.addTask {
                    (start, chunk.map { row(for: $0, alternateNames: alternateNames[$0.geonameid] ?? $0.alternateNames) })
                }
            }
            var parts: [(Int, [CityRow])] = []
            for await part in group { parts.append(part) }
            return parts.sorted { $0.0 < $1.0 }.flatMap(\.1)
        }
    }

    /// The row of `place`: its alternate names (each once, in order) followed by the ASCII spellings of the accented
    /// ones and of the name, when new; its lookup names folded, each once, sorted.
    static func row(for place: GeoNamesPlace, alternateNames: [String]) -> CityRow {
        var names: [String] = []
        var seen = Set<String>(minimumCapacity: alternateNames.count + 2)
        for name in alternateNames where !name.isEmpty && seen.insert(name).inserted { names.append(name) }
        // The app's NOCASE and LIKE fold ASCII letters only: `Malmo` or `MUNCHEN` find a city only through these.
        var lookup: [String] = []
        lookup.reserveCapacity(names.count + 2)
        var asciiSpellings = place.asciiName.map { [$0] } ?? []
        for name in [place.name] + names {
            let forms = NameFolding.forms(name)
            lookup.append(forms.folded)
            if let ascii = forms.asciiSpelling { asciiSpellings.append(ascii) }
        }
        for ascii in asciiSpellings where ascii != place.name && seen.insert(ascii).inserted {
            names.append(ascii)
            lookup.append(NameFolding.folded(ascii))
        }
        return CityRow(
            geonameid: place.geonameid, name: place.name, asciiName: place.asciiName, latitudeDeg: place.latitudeDeg,
            longitudeDeg: place.longitudeDeg, countryCode: place.countryCode, admin1Code: place.admin1Code,
            featureCode: place.featureCode, population: place.population,
            alternateNames: names.isEmpty ? nil : names.joined(separator: ","),
            lookupNames: uniqueSortedBytes(lookup))
    }

    /// `names` sorted by their UTF-8 bytes, each byte sequence once, without "": the `city_names` keys, which SQLite
    /// compares as bytes. (A `Set<String>` hashed every name through its Unicode normalization, the stage's costliest
    /// step; folded names are composed by ``NameFolding``, so equal names are equal bytes.)
    static func uniqueSortedBytes(_ names: [String]) -> [String] {
        var sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var kept = 0
        for index in sorted.indices where !sorted[index].isEmpty && (kept == 0 || !sorted[index].utf8.elementsEqual(sorted[kept - 1].utf8)) {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeSubrange(kept...)
        return sorted
    }
}
