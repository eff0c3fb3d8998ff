import AIPReaders

extension AirportsStage {
    /// Reads `ourairports/airports.csv` and `runways.csv` (plain or `.gz`) on two cores and builds the rows.
    ///
    /// - Throws: ``SourceError`` for an unusable file; ``StageError`` when no airport is in scope, because an empty
    ///   `airports.db` must never reach pilots.
    public func run(_ context: StageContext) async throws -> Output {
        let sources = context.sources
        let include = includes
        // The two files are independent: parse them on both cores.
        async let airportsRead = OurAirportsReader.readAirports(sources.file("ourairports/airports.csv"), include: include)
        async let runwaysRead = OurAirportsReader.readRunways(sources.file("ourairports/runways.csv"))
        let (airports, runways) = try await (airportsRead, runwaysRead)
        context.progress("\(Self.name): read \(airports.rowCount) rows of \(airports.fileName), \(runways.rowCount) of \(runways.fileName)")
        var output = try run(airports: airports, runways: runways)
        guard !output.airports.isEmpty else {
            throw StageError(stage: Self.name, reason:
                "no airport of \(airports.fileName) is in scope (ICAO prefixes \(scope.icaoPrefixes.joined(separator: ", "))); refusing to publish an empty airports.db")
        }
        output.inputs = [
            InputSummary(file: airports.fileName, rows: airports.rowCount, bytes: airports.byteCount),
            InputSummary(file: runways.fileName, rows: runways.rowCount, bytes: runways.byteCount),
        ]
        return output
    }
}
