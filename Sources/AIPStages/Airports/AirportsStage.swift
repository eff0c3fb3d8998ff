import AIPReaders

/// OurAirports records in, `airports` and `runways` rows out: scoping, de-duplication and the runway join; then eAIP
/// pages and border crossing lists merged in (`aip_entries`, `procedures`, `border_crossing_points`), and the
/// navigation data (`waypoints`, `firs`: ``Navdata``).
///
/// A function of its inputs: rows come out sorted (airports by ICAO code, runways by id) and findings by file
/// and line, so the same inputs always give the same output.
public struct AirportsStage: Stage {
    public static let name = "airports"
    public static let upstream: [String] = []
    /// The source tag OurAirports rows carry in `airports.sources` (the name euro_aip gives this source).
    public static let sourceTag = "worldairports"

    public var scope: AirportsScope

    public init(settings: AirportsScope = AirportsScope()) {
        scope = settings
    }

    /// What the stage produced.
    public struct Output: StageOutput {
        public var airports: [AirportRow]
        public var runways: [RunwayRow]
        /// Rows the readers rejected (scope cannot be known for them), fields cleared in the rows kept, and the
        /// stage's own findings (duplicates, orphan runways), sorted by file and line.
        public var findings: [Finding]
        public var inputs: [InputSummary] = []
        /// From eAIP pages (``merge(pages:into:ids:)``), sorted by id.
        public var aipEntries: [AIPEntryRow] = []
        public var procedures: [ProcedureRow] = []
        /// From border crossing lists (``merge(borderCrossings:into:ids:)``), sorted by id.
        public var borderCrossingPoints: [BorderCrossingPointRow] = []
        /// Navaids in scope, sorted by name then OurAirports id (``Navdata``).
        public var waypoints: [WaypointRow] = []
        /// FIR boundaries in scope, sorted by ICAO code.
        public var firs: [FIRRow] = []
        /// Pages used per source tag, procedures per type, border crossing points per country, waypoints per type
        /// and FIR, idents RZFlight shadows.
        public var counts: [String: [String: Int]] = [:]
    }

    /// Builds the rows. `airports` should have been read with ``includes(_:)`` as its filter.
    ///
    /// - Throws: ``SourceError`` when most runways that matter (those of airports in scope, those pointing at no
    ///   airport, and unreadable ones) are rejected: every runway pointing at no airport means a broken file.
    public func run(airports: OurAirportsAirportsFile, runways: OurAirportsRunwaysFile) throws(SourceError) -> Output {
        var findings = airports.findings + runways.findings
        let inScope = airports.airports.filter { scope.includes(icao: $0.resolvedICAO, type: $0.type) }
        let (uniqueAirports, repeatedAirportIDs) = SourceKeys.keepingFirst(
            inScope, key: \.id, line: \.line, file: airports.fileName, column: "id", firstLines: airports.firstLines)
        let (kept, duplicateFindings) = Self.resolveDuplicates(uniqueAirports, file: airports.fileName)
        findings += repeatedAirportIDs + duplicateFindings

        var icaoByAirportID: [Int: String] = [:]
        var airportRows: [AirportRow] = []
        airportRows.reserveCapacity(kept.count)
        for airport in kept {
            icaoByAirportID[airport.id] = airport.resolvedICAO
            findings += airport.findings
            airportRows.append(Self.row(for: airport))
        }

        // Runway ids are the rows' keys; nothing refers to them, so only the runways written must be unique (checking
        // these few thousand rather than the whole world's keeps the stage fast).
        var runwayRows: [RunwayRow] = []
        var writtenLine: [Int: Int] = [:]
        var repeated = 0
        var unknownAirport = 0
        var withRunways = Set<Int>()
        for runway in runways.runways {
            if let icao = icaoByAirportID[runway.airportRef] {
                if let first = writtenLine.updateValue(runway.line, forKey: runway.id) {
                    writtenLine[runway.id] = first
                    repeated += 1
                    findings.append(SourceKeys.repeatFinding(file: runways.fileName, line: runway.line, column: "id", key: runway.id, firstLine: first))
                    continue
                }
                findings += runway.findings
                runwayRows.append(Self.row(for: runway, airportICAO: icao))
                withRunways.insert(runway.airportRef)
            } else if airports.firstLines[runway.airportRef] == nil {
                unknownAirport += 1
                findings.append(Finding(
                    file: runways.fileName, line: runway.line, code: .rowUnknownReference, column: "airport_ref", value: String(runway.airportRef),
                    reason: "matches no airport id in \(airports.fileName)", action: .rowRejected))
            }
            // Otherwise the runway belongs to an airport out of scope: not a defect, nothing to report.
        }
        let unreadable = runways.findings.count { $0.action == .rowRejected }
        try BadRowRule.check(file: runways.fileName, relevantRows: runwayRows.count + repeated + unknownAirport + unreadable,
                             rejectedRows: repeated + unknownAirport + unreadable, rows: "runways of airports in scope, of no airport, or unreadable")
        findings += Self.floorFindings(kept: kept, withRunways: withRunways, runwaysRead: runways.runways.count, orphanRunways: unknownAirport,
                                       airportsFile: airports.fileName, runwaysFile: runways.fileName)
        airportRows.sort { $0.icaoCode < $1.icaoCode }
        runwayRows.sort { $0.id < $1.id }
        return Output(airports: airportRows, runways: runwayRows, findings: findings.sorted())
    }

    /// The filter to read `airports.csv` with, so rows out of scope are never decoded.
    public func includes(_ key: OurAirportsAirportKey) -> Bool {
        scope.includes(icao: key.resolvedICAO, type: key.type)
    }
}
