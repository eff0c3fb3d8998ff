import AIPReaders

extension AirportsStage {
    /// Pages are parsed by this many tasks: the build machines have two cores.
    static let pageWorkers = 2

    /// Reads `ourairports/airports.csv` and `runways.csv` (plain or `.gz`) on two cores and builds the rows, then
    /// merges in the eAIP pages of `eaip/` and the AIP PDF chapters of `aip-pdf/` (any depth, parsed on both cores),
    /// the border crossing lists of `border/`, and the navigation data (navaids, FIR boundaries; read meanwhile).
    ///
    /// - Throws: ``SourceError`` for an unusable file; ``StageError`` when no airport is in scope, because an empty
    ///   `airports.db` must never reach pilots.
    public func run(_ context: StageContext) async throws -> Output {
        let sources = context.sources
        let pagePaths = try sources.files(under: "eaip", extensions: ["html", "htm", "xhtml"])
        let pdfPaths = try sources.files(under: "aip-pdf", extensions: ["pdf"])
        let borderPaths = try sources.files(under: "border", extensions: ["csv"])
        let chartPaths = try Self.chartHeadingPaths(sources)
        // The files are independent: parse them on both cores.
        async let ourAirportsRead = ourAirportsRows(sources, progress: context.progress)
        async let pagesRead = EAIPReader.read(pagePaths, in: sources, workers: Self.pageWorkers)
        let extract = context.extractPDFText
        // Each chapter's name and size beside its reading, not its bytes: 1,400 chapters kept whole held 250 MB.
        async let pdfsRead = sources.mapEach(pdfPaths, workers: Self.pageWorkers) { file in
            (name: file.displayName, bytes: file.bytes.count, result: try await AIPPDFReader.read(file, extract: extract))
        }
        async let navdataRead = Self.readNavdata(sources, scope: scope)
        var output = try await ourAirportsRead
        var ids = try AirportsRowIds.carried(in: context)
        let pages = try await pagesRead
        let pdfs = try await pdfsRead
        output.findings += pages.flatMap(\.result.findings) + pdfs.flatMap(\.result.findings)
        let pdfPages = pdfs.compactMap(\.result.page).map(Self.catalogued)
        let chapters = try Self.withChartHeadings(pdfPages.map(\.page), paths: chartPaths, in: sources)
        let documents = Self.plausiblyDated(pages.compactMap(\.result.page) + chapters.documents, cycle: context.stamp.airac,
                                            findings: &output.findings)
        try await merge(pages: documents, into: &output, ids: &ids)
        // AD 2.2 items mapped by label because their printed number disagrees with the catalogue, per document.
        output.counts["aip_pdf_items_remapped"] = Dictionary(pdfPages.filter { $0.remapped > 0 }.map { ($0.page.file, $0.remapped) }) { $0 + $1 }
        // Items of tables printed without numbers, placed by their label's words (Spain), per document.
        output.counts["aip_pdf_items_placed_by_label"] = Dictionary(pdfs.compactMap { pdf in
            pdf.result.itemsPlacedByLabel > 0 ? (pdf.name, pdf.result.itemsPlacedByLabel) : nil
        }) { $0 + $1 }
        // How well each chapter was read: AD 2.2–2.5 items found against the template's, per document and section.
        let coverage = Self.coverage(files: pdfs.map(\.name), pages: pdfPages.map(\.page))
        output.counts["aip_pdf_items_found"] = coverage.found
        output.counts["aip_pdf_items_expected"] = coverage.expected
        output.findings = (output.findings + coverage.findings).sorted()
        if let worst = Self.worstCoverage(coverage.documents) { context.progress(worst) }
        let borders = try borderPaths.map { try BorderCrossingReader.read(sources.file($0)) }
        try merge(borderCrossings: borders, into: &output, ids: &ids)
        if !pages.isEmpty || !pdfs.isEmpty || !borders.isEmpty {
            context.progress("\(Self.name): \(pages.count) eAIP pages, \(pdfs.count) AIP PDFs, \(borders.reduce(0) { $0 + $1.rowCount }) border crossing rows")
        }
        output.inputs += pages.map { InputSummary(file: $0.file, rows: ($0.result.page?.entries.count ?? 0) + ($0.result.page?.charts.count ?? 0),
                                                  bytes: $0.byteCount) }
        output.inputs += pdfs.map { InputSummary(file: $0.name, rows: ($0.result.page?.entries.count ?? 0) + ($0.result.page?.charts.count ?? 0),
                                                 bytes: $0.bytes) }
        output.inputs += borders.map { InputSummary(file: $0.fileName, rows: $0.rowCount, bytes: $0.byteCount) }
        output.inputs += chapters.inputs
        Self.merge(navdata: try await navdataRead, into: &output)
        // Per state: what a pilot gets of each country, and a warning where that fell since the previous bundle.
        let states = Self.stateCoverage(of: output)
        output.counts.merge(Self.coverageCounts(states)) { _, new in new }
        output.findings = (output.findings + Self.coverageDrops(states, previous: try Self.previousAIPAerodromes(context.previous))).sorted()
        return output
    }

    /// The rows of `ourairports/airports.csv` and `runways.csv` (plain or `.gz`) in scope, the two files read side by
    /// side. A function of its own because an `async let` keeps its value until its scope ends: the whole world's
    /// runways (20 MB) are not kept past the picking of the stage's.
    private func ourAirportsRows(_ sources: SourceTree, progress: @Sendable (String) -> Void) async throws -> Output {
        async let airportsRead = OurAirportsReader.readAirports(sources.file("ourairports/airports.csv"), include: includes)
        async let runwaysRead = OurAirportsReader.readRunways(sources.file("ourairports/runways.csv"))
        let (airports, runways) = try await (airportsRead, runwaysRead)
        progress("\(Self.name): read \(airports.rowCount) rows of \(airports.fileName), \(runways.rowCount) of \(runways.fileName)")
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
