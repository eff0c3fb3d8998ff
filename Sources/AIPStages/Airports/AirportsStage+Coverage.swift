import AIPContract
import AIPFindings
import AIPReaders

extension AirportsStage {
    /// How much of one state the bundle covers: a state that drops out (a source gone quiet, a new layout) shows as
    /// a number in `report.json`, not as a silent gap.
    struct StateCoverage: Sendable, Equatable {
        /// Aerodromes in the bundle.
        var aerodromes = 0
        /// Of those, with AIP entries from an eAIP page, and from a PDF chapter.
        var withEAIP = 0
        var withPDF = 0
        /// AD 2.2–2.5 catalogue items written, against the template's count for each aerodrome with AIP entries.
        var itemsRead = 0
        var itemsExpected = 0
        /// Aerodromes whose customs item (AD 2.3 item 2) is given: what the notifications stage reads its rules from.
        var withCustoms = 0
        var withProcedures = 0

        /// Aerodromes with AIP entries of any source.
        var withAIP = 0
    }

    /// The state of an aerodrome made from a document alone (OurAirports has no row, so no country).
    static let unknownState = "??"

    /// Coverage per state (ISO 3166 code) of the rows made.
    static func stateCoverage(of output: Output) -> [String: StateCoverage] {
        let template = AIPFieldCatalogue.names.keys.count { AerodromeDocument.itemSections.contains($0 / 100) }
        var items: [String: Set<Int>] = [:], eaip = Set<String>(), pdf = Set<String>()
        for entry in output.aipEntries {
            if let id = entry.stdFieldID { items[entry.airportICAO, default: []].insert(id) }
            if entry.source == AerodromeDocumentFamily.aipPDF.sourceTag(icao: entry.airportICAO) { pdf.insert(entry.airportICAO) } else { eaip.insert(entry.airportICAO) }
        }
        let procedures = Set(output.procedures.map(\.airportICAO))
        var coverage: [String: StateCoverage] = [:]
        for airport in output.airports {
            let icao = airport.icaoCode
            var state = coverage[airport.isoCountry ?? unknownState, default: StateCoverage()]
            state.aerodromes += 1
            if eaip.contains(icao) { state.withEAIP += 1 }
            if pdf.contains(icao) { state.withPDF += 1 }
            if eaip.contains(icao) || pdf.contains(icao) {
                state.withAIP += 1
                state.itemsExpected += template
                state.itemsRead += items[icao]?.count { AerodromeDocument.itemSections.contains($0 / 100) } ?? 0
            }
            if items[icao]?.contains(Int(NotificationsStage.customsFieldID)) == true { state.withCustoms += 1 }
            if procedures.contains(icao) { state.withProcedures += 1 }
            coverage[airport.isoCountry ?? unknownState] = state
        }
        return coverage
    }

    /// The coverage as the report's counts: one tally per measure, by state.
    static func coverageCounts(_ coverage: [String: StateCoverage]) -> [String: [String: Int]] {
        let measures: [(String, KeyPath<StateCoverage, Int>)] = [
            ("aerodromes", \.aerodromes), ("aerodromes_with_aip", \.withAIP), ("aerodromes_with_eaip", \.withEAIP),
            ("aerodromes_with_pdf", \.withPDF), ("items_read", \.itemsRead), ("items_expected", \.itemsExpected),
            ("aerodromes_with_customs", \.withCustoms), ("aerodromes_with_procedures", \.withProcedures),
        ]
        return Dictionary(uniqueKeysWithValues: measures.map { name, measure in
            ("coverage_" + name, coverage.mapValues { $0[keyPath: measure] })
        })
    }

    /// Aerodromes with AIP entries per state in the previous bundle; empty when it has no `airports.db`.
    static func previousAIPAerodromes(_ previous: BundleContents) throws -> [String: Int] {
        let file = AirportsContract.fileName
        guard let airports = try previous.table(AirportsContract.Airports.table.name, in: file),
              let entries = try previous.table(AirportsContract.AIPEntries.table.name, in: file),
              let icao = airports.index(of: AirportsContract.Airports.icaoCode.name),
              let country = airports.index(of: AirportsContract.Airports.isoCountry.name),
              let entryICAO = entries.index(of: AirportsContract.AIPEntries.airportICAO.name) else { return [:] }
        let state = Dictionary(airports.rows.compactMap { row in row[icao].text.map { ($0, row[country].text ?? unknownState) } }) { first, _ in first }
        let covered = Set(entries.rows.compactMap { $0[entryICAO].text })
        return Dictionary(grouping: covered.compactMap { state[$0] }) { $0 }.mapValues(\.count)
    }

    /// A warning for each state with more than a tenth fewer aerodromes with AIP entries than before.
    static func coverageDrops(_ coverage: [String: StateCoverage], previous: [String: Int]) -> [Finding] {
        previous.keys.sorted().compactMap { state in
            let before = previous[state]!, now = coverage[state]?.withAIP ?? 0
            guard now * 10 < before * 9 else { return nil }
            return Finding(file: AirportsContract.fileName, location: .record(state), code: .aipCoverageDropped, value: "\(before) → \(now)",
                           reason: "\(state): \(now) aerodromes with AIP entries, against \(before) in the previous bundle",
                           action: .warning)
        }
    }
}
