import AIPContract
import AIPReaders

/// The ids of the rows that have no source key, carried over from the previous bundle by natural key.
public struct AirportsRowIds: Sendable {
    /// Natural key: airport, section, field, source.
    public var aipEntries: IdAllocator
    /// Natural key: airport, name, procedure type.
    public var procedures: IdAllocator
    /// Natural key: ICAO code, country.
    public var borderCrossingPoints: IdAllocator

    public init(aipEntries: IdAllocator = IdAllocator(), procedures: IdAllocator = IdAllocator(),
                borderCrossingPoints: IdAllocator = IdAllocator()) {
        self.aipEntries = aipEntries
        self.procedures = procedures
        self.borderCrossingPoints = borderCrossingPoints
    }

    /// Allocators seeded from the previous bundle's `airports.db` (``StageContext/idAllocator(for:)``).
    public static func carried(in context: StageContext) throws(IdCarryOverError) -> AirportsRowIds {
        AirportsRowIds(
            aipEntries: try context.idAllocator(for: AirportsContract.AIPEntries.naturalKey),
            procedures: try context.idAllocator(for: AirportsContract.Procedures.naturalKey),
            borderCrossingPoints: try context.idAllocator(for: AirportsContract.BorderCrossingPoints.naturalKey))
    }
}

extension AirportsStage {
    /// Adds aerodrome documents (eAIP pages and PDF chapters) to the airports and runways already in `output`: AIP
    /// entries, procedures, the document's source tag, and an airport row for an aerodrome OurAirports did not give.
    ///
    /// Precedence, when several pages describe one aerodrome:
    /// - pages of different sources (tags) are all used: their entries differ by `source`, except that an item an
    ///   eAIP page gives is not taken from a PDF chapter (see ``catalogued(_:)``); a procedure (airport,
    ///   name, type) both list is taken from the source whose tag sorts first; a PDF chapter's charts (`aip_pdf`)
    ///   are used only for an aerodrome no eAIP page lists charts for (a chapter names its SIDs by route, an eAIP
    ///   page by chart, so both together would list each departure twice);
    /// - of the documents of one source, the one with the latest effective date wins (one without a date is the
    ///   oldest); on the same date, the first in byte-wise path order. The others are reported
    ///   (`aip.document_superseded`) and not used.
    ///
    /// An airport row made from a document (out of the OurAirports scope) takes the name of the first document in
    /// that order, its ARP position and its elevation (AD 2.2 item 3, NULL when unreadable); without a readable
    /// position the document cannot be placed and is reported (`aip.no_position`).
    public func merge(pages: [AerodromeDocument], into output: inout Output, ids: inout AirportsRowIds) async throws(IdCarryOverError) {
        var findings: [Finding] = []
        let winners = Self.precedence(pages, findings: &findings)
        let used = Self.placed(winners, in: &output.airports, findings: &findings)
        var runwayEnds: [String: Set<String>] = [:]
        for runway in output.runways {
            for ident in [runway.leIdent, runway.heIdent].compactMap({ $0 }) { runwayEnds[runway.airportICAO, default: []].insert(ident) }
        }
        // Items and procedures need nothing from each other: one core makes each (this merge is the longest step the
        // build runs on one core).
        let entryIds = ids.aipEntries
        async let entriesMade = Self.entryRows(of: used, ids: entryIds)
        let proceduresMade = Self.procedureRows(of: used, runwayEnds: runwayEnds, ids: ids.procedures)
        // The entries' error first when both run out of ids, as when they were made first.
        let entries = try await entriesMade.get()
        let procedures = try proceduresMade.get()
        (output.aipEntries, ids.aipEntries) = (entries.rows, entries.ids)
        (output.procedures, ids.procedures) = (procedures.rows, procedures.ids)
        output.airports.sort { $0.icaoCode < $1.icaoCode }
        output.findings = (output.findings + findings + entries.findings + procedures.findings).sorted()
        output.counts["eaip_pages"] = Dictionary(grouping: winners, by: \.sourceTag).mapValues(\.count)
        output.counts["procedures_by_type"] = Dictionary(grouping: output.procedures, by: \.procedureType).mapValues(\.count)
    }

    /// Rows made from documents, numbered, with the allocator that numbered them and the findings made on the way.
    struct NumberedRows<Row: Sendable>: Sendable {
        var rows: [Row]
        var ids: IdAllocator
        var findings: [Finding]
    }

    /// Adds each document's source tag to its airport, or makes an airport row from the document for an aerodrome
    /// OurAirports did not give; returns the documents that are used (one that cannot be placed is reported instead).
    static func placed(_ winners: [AerodromeDocument], in airports: inout [AirportRow], findings: inout [Finding]) -> [AerodromeDocument] {
        var airportIndex: [String: Int] = [:]
        for (index, airport) in airports.enumerated() { airportIndex[airport.icaoCode] = index }
        var used: [AerodromeDocument] = []
        used.reserveCapacity(winners.count)
        for page in winners {
            let tag = page.sourceTag
            if let index = airportIndex[page.icao] {
                if !airports[index].sources.contains(tag) { airports[index].sources = (airports[index].sources + [tag]).sorted() }
            } else if let position = page.arpText.flatMap(ARPPosition.parse) {
                airportIndex[page.icao] = airports.count
                airports.append(AirportRow(
                    icaoCode: page.icao, name: page.name, type: nil, latitudeDeg: position.latitudeDeg, longitudeDeg: position.longitudeDeg,
                    elevationFt: page.entries.first { $0.section == 2 && $0.itemNumber == 3 }
                        .flatMap { AerodromeElevation.feet(in: $0.value) }.map(Double.init), continent: nil, isoCountry: nil, isoRegion: nil, municipality: nil, scheduledService: nil,
                    gpsCode: nil, iataCode: nil, localCode: nil, homeLink: nil, wikipediaLink: nil, keywords: nil, sources: [tag]))
            } else {
                findings.append(Finding(file: page.file, location: .record("AD 2.2 row 1"), code: .aipNoPosition, value: page.arpText,
                                        reason: "\(page.icao) is not in OurAirports' scope and its ARP position cannot be read; the document is not used",
                                        action: .rowRejected))
                continue
            }
            used.append(page)
        }
        return used
    }

    /// The `aip_entries` rows of the documents used (in ``precedence(_:findings:)`` order), numbered in row order: per
    /// airport and source, section by section, in item order.
    static func entryRows(of documents: [AerodromeDocument], ids: IdAllocator) -> Result<NumberedRows<AIPEntryRow>, IdCarryOverError> {
        var findings: [Finding] = []
        let count = documents.reduce(0) { $0 + $1.entries.count }
        // Each row with its key and its place (section, item number), in document order.
        var rows: [AIPEntryRow] = [], keys: [RowKey] = [], places: [(section: Int, item: Int)] = []
        rows.reserveCapacity(count)
        keys.reserveCapacity(count)
        places.reserveCapacity(count)
        var entryKeys = Set<RowKey>(minimumCapacity: count)
        // The items eAIP pages give, by the page giving them: a PDF chapter's reading of them is left out.
        var eaipItems: [RowKey: String] = [:]
        eaipItems.reserveCapacity(count)
        for page in documents {
            for entry in page.entries {
                guard let row = Self.entryRow(entry, page: page, findings: &findings) else { continue }
                let itemKey = Self.itemKey(row)
                if page.family == .aipPDF {
                    if let eaipFile = eaipItems[itemKey] {
                        findings.append(Self.itemSuperseded(entry, row: row, page: page, eaipFile: eaipFile))
                        continue
                    }
                } else if eaipItems[itemKey] == nil {
                    eaipItems[itemKey] = page.file
                }
                let key = RowKey(row.airportICAO, row.section, row.field, row.source)
                guard entryKeys.insert(key).inserted else {
                    findings.append(Finding(file: page.file, location: .record(entry.location), code: .rowDuplicateKey, column: AirportsContract.AIPEntries.field.name,
                                            value: row.field, reason: "repeats a label of AD 2.\(entry.section); only the first item is used",
                                            action: .rowRejected))
                    continue
                }
                rows.append(row)
                keys.append(key)
                places.append((entry.section, entry.itemNumber ?? 100))
            }
        }
        // Sorted by index, then moved into that order: copying thirty thousand rows of a dozen strings (retaining each
        // on one core while the other core's procedures retained the same pages' strings) was most of this step.
        let order = rows.indices.sorted { a, b in
            (rows[a].airportICAO, rows[a].source, places[a].section, places[a].item, rows[a].field)
                < (rows[b].airportICAO, rows[b].source, places[b].section, places[b].item, rows[b].field)
        }
        rows.arrange(order)
        keys.arrange(order)
        var ids = ids
        do {
            try ids.number(&rows, keys: keys, id: \.id)
            return .success(NumberedRows(rows: rows, ids: ids, findings: findings))
        } catch {
            return .failure(error)
        }
    }

    /// The `procedures` rows of the charts of the documents used (in ``precedence(_:findings:)`` order), numbered by
    /// ``numbered(_:ids:)``; a runway the airport lacks is cleared and reported.
    static func procedureRows(of documents: [AerodromeDocument], runwayEnds: [String: Set<String>],
                              ids: IdAllocator) -> Result<NumberedRows<ProcedureRow>, IdCarryOverError> {
        var findings: [Finding] = []
        var procedures: [RowKey: ProcedureRow] = [:]
        var eaipProcedureICAOs = Set<String>()
        for page in documents {
            // A PDF chapter's charts only stand in for an aerodrome no eAIP page gives procedures for.
            if page.family != .aipPDF, !page.charts.isEmpty { eaipProcedureICAOs.insert(page.icao) }
            for chart in page.charts where page.family != .aipPDF || !eaipProcedureICAOs.contains(page.icao) {
                guard var row = Self.procedureRow(chart, page: page, findings: &findings) else { continue }
                if let ident = row.runwayIdent, let ends = runwayEnds[page.icao], !ends.contains(ident) {
                    findings.append(Finding(file: page.file, location: .record(chart.location), code: .procedureUnknownRunway, column: AirportsContract.Procedures.runwayIdent.name,
                                            value: ident, reason: "is no runway end of \(page.icao) (\(ends.sorted().joined(separator: ", "))); runway left NULL",
                                            action: .fieldCleared))
                    (row.runwayIdent, row.runwayNumber, row.runwayLetter) = (nil, nil, nil)
                }
                // One chart listed twice (or by two sources) is one procedure: the first seen, in tag order.
                let key = RowKey(row.airportICAO, row.name, row.procedureType)
                if procedures[key] == nil { procedures[key] = row }
            }
        }
        var ids = ids
        do {
            let rows = try Self.numbered(Array(procedures.values), ids: &ids)
            return .success(NumberedRows(rows: rows, ids: ids, findings: findings))
        } catch {
            return .failure(error)
        }
    }

    /// The document of each (aerodrome, source) that is used, sorted by ICAO code, eAIP before PDF, then tag; the others
    /// become findings.
    static func precedence(_ pages: [AerodromeDocument], findings: inout [Finding]) -> [AerodromeDocument] {
        let groups = Dictionary(grouping: pages) { RowKey($0.icao, $0.sourceTag) }
        var winners: [AerodromeDocument] = []
        for (_, group) in groups {
            let ordered = group.sorted { a, b in
                if a.effectiveDate != b.effectiveDate { return (a.effectiveDate ?? "") > (b.effectiveDate ?? "") }
                return a.file.utf8.lexicographicallyPrecedes(b.file.utf8)
            }
            winners.append(ordered[0])
            for loser in ordered.dropFirst() {
                findings.append(Finding(file: loser.file, location: .file, code: .aipDocumentSuperseded, value: loser.effectiveDate,
                                        reason: "\(loser.icao) (\(loser.sourceTag)) is also described by \(ordered[0].file), effective \(ordered[0].effectiveDate ?? "undated"), which is used",
                                        action: .rowRejected))
            }
        }
        // eAIP pages before PDF chapters: an eAIP page gives a new airport's name, and its charts replace a PDF's.
        return winners.sorted { ($0.icao, $0.family == .aipPDF ? 1 : 0, $0.sourceTag) < ($1.icao, $1.family == .aipPDF ? 1 : 0, $1.sourceTag) }
    }

    /// The `aip_entries` row of one item (id set later); an item number outside the catalogue keeps no standard field.
    static func entryRow(_ entry: AerodromeEntry, page: AerodromeDocument, findings: inout [Finding]) -> AIPEntryRow? {
        guard let section = AIPFieldCatalogue.sectionNames[entry.section] else { return nil }
        let id = AIPFieldCatalogue.id(section: entry.section, item: entry.itemNumber)
        if id == nil, let item = entry.itemNumber {
            findings.append(Finding(file: page.file, location: .record(entry.location), code: .aipItemNotInCatalogue,
                                    value: String(item), reason: "AD 2.\(entry.section) item \(item) is not in the standard field catalogue; kept without a standard field",
                                    action: .fieldCleared))
        }
        let stdField = id.flatMap { AIPFieldCatalogue.names[$0] }
        // A row with no label is named by its standard field, when it has one; otherwise it cannot be keyed.
        guard let field = entry.field.isEmpty ? stdField : entry.field else {
            findings.append(Finding(file: page.file, location: .record(entry.location), code: .aipItemUnlabelled,
                                    reason: "has neither a label nor a catalogued item number; not used", action: .rowRejected))
            return nil
        }
        return AIPEntryRow(
            id: 0, airportICAO: page.icao, section: section, field: field, value: entry.value, stdField: stdField, stdFieldID: id,
            mappingScore: id == nil ? nil : 1.0, altField: entry.altField, altValue: entry.altValue, source: page.sourceTag, sourcePriority: 0)
    }

    /// The `procedures` row of one chart (id set later), or nil for a chart that is no procedure.
    static func procedureRow(_ chart: AerodromeChart, page: AerodromeDocument, findings: inout [Finding]) -> ProcedureRow? {
        switch ProcedureClassifier.classify(chart.title, icao: page.icao) {
        case .other:
            return nil
        case .unrecognized:
            findings.append(Finding(file: page.file, location: .record(chart.location), code: .procedureUnrecognizedChart, value: chart.title,
                                    reason: "is a chart title the classifier does not understand; no procedure made from it", action: .rowRejected))
            return nil
        case .procedure(let procedure):
            let ident = procedure.runwayNumber.map { $0 + (procedure.runwayLetter ?? "") }
            return ProcedureRow(
                id: 0, airportICAO: page.icao, name: procedure.name, procedureType: procedure.type, approachType: procedure.approachType,
                runwayIdent: ident, runwayLetter: procedure.runwayLetter, runwayNumber: procedure.runwayNumber,
                source: page.sourceTag, authority: String(page.icao.prefix(2)) + "C", rawName: chart.title)
        }
    }

    /// Gives procedures their ids in row order: per airport approaches, then departures, then arrivals; approaches
    /// typed by RZFlight first. RZFlight reads `procedures` in rowid order and its "most precise approach" keeps the
    /// first of an untyped and a typed approach of one runway, so a carried-over untyped approach whose id is below a
    /// typed one of the same runway gets a new id, after it.
    static func numbered(_ procedures: [ProcedureRow], ids: inout IdAllocator) throws(IdCarryOverError) -> [ProcedureRow] {
        let typeRank = ["approach": 0, "departure": 1, "arrival": 2]
        func typed(_ row: ProcedureRow) -> Bool { row.approachType.map(ProcedureClassifier.rankedApproachTypes.contains) ?? false }
        // Type rank and typed-first looked up once per row, not at each comparison, and indices sorted, not rows.
        let ranks = procedures.map { typeRank[$0.procedureType] ?? 3 }, untyped = procedures.map { typed($0) ? 0 : 1 }
        let order = procedures.indices.sorted { a, b in
            if procedures[a].airportICAO != procedures[b].airportICAO { return procedures[a].airportICAO < procedures[b].airportICAO }
            if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
            if untyped[a] != untyped[b] { return untyped[a] < untyped[b] }
            let runwayA = procedures[a].runwayIdent ?? "", runwayB = procedures[b].runwayIdent ?? ""
            if runwayA != runwayB { return runwayA < runwayB }
            return procedures[a].name < procedures[b].name
        }
        var rows = order.map { procedures[$0] }
        for index in rows.indices {
            rows[index].id = try ids.id(for: RowKey(rows[index].airportICAO, rows[index].name, rows[index].procedureType))
        }
        var highestTyped: [RowKey: Int64] = [:]
        for row in rows where row.procedureType == "approach" && typed(row) {
            let runway = RowKey(row.airportICAO, row.runwayIdent)
            highestTyped[runway] = max(highestTyped[runway] ?? 0, row.id)
        }
        for index in rows.indices where rows[index].procedureType == "approach" && !typed(rows[index]) {
            let row = rows[index]
            if let highest = highestTyped[RowKey(row.airportICAO, row.runwayIdent)], row.id < highest {
                rows[index].id = try ids.renumber(RowKey(row.airportICAO, row.name, row.procedureType))
            }
        }
        // In order already unless an id was carried over or renumbered.
        if !zip(rows, rows.dropFirst()).allSatisfy({ $0.id < $1.id }) { rows.sort { $0.id < $1.id } }
        return rows
    }
}
