import Foundation

/// `europe`: one AIRAC build of all of Europe through the real `aipbundle build` process (issue 22): OurAirports,
/// 1,000 eAIP pages (the two real pages under other codes, as the eAIP cases make them), every AIP PDF of
/// `../shared/fixtures/aip-pdf`, the border list, a cities500 GeoNames dump, the rules sheets, and the notifications
/// read from the new `airports.db`.
///
/// Prints per run wall time, CPU time (user + system) and peak memory of the child, and per-stage wall times (parsed
/// from the build's own summary lines), then their medians. With `--baseline PATH`, runs alternate between the
/// binary under test and PATH, on the same tree, so machine load falls on both alike.
struct EuropeTree {
    /// Pages in the tree: half made from each real page.
    static let pages = 1_000

    let tree: URL

    /// Builds the tree in `scratch/europe`.
    init(data: URL, scratch: URL) throws {
        let manager = FileManager.default
        let root = scratch.appendingPathComponent("europe")
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        let corpus = try EAIPCorpus(pages: URL(fileURLWithPath: "../shared/fixtures/eaip"), fallback: URL(fileURLWithPath: "Fixtures/sources/eaip"),
                                    border: URL(fileURLWithPath: "../shared/fixtures/border/airfieldmap.csv"),
                                    ourairports: data.appendingPathComponent("ourairports-2026"), copies: Self.pages / 2, in: root)
        tree = corpus.tree.root
        func link(_ name: String, from folder: URL, into sub: String) throws {
            try manager.createDirectory(at: tree.appendingPathComponent(sub), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: tree.appendingPathComponent("\(sub)/\(name)"),
                                           withDestinationURL: folder.appendingPathComponent(name).standardizedFileURL)
        }
        let pdfs = URL(fileURLWithPath: "../shared/fixtures/aip-pdf")
        // Without ../shared there are no PDFs: the tree is then measured without them (the input line says how many).
        for name in (try? manager.contentsOfDirectory(atPath: pdfs.path))?.filter({ $0.hasSuffix(".pdf") }).sorted() ?? [] {
            try link(name, from: pdfs, into: "aip-pdf")
        }
        let geonames = data.appendingPathComponent("geonames-cities500")
        for name in ["cities500.txt", "countryInfo.txt"] { try link(name, from: geonames, into: "geonames") }
        try manager.copyItem(at: URL(fileURLWithPath: "Fixtures/sources/rules"), to: tree.appendingPathComponent("rules"))
        let pdfFolder = tree.appendingPathComponent("aip-pdf")
        let pdfCount = manager.fileExists(atPath: pdfFolder.path) ? try manager.contentsOfDirectory(atPath: pdfFolder.path).count : 0
        print("europe input: OurAirports 2026, \(corpus.paths.count) eAIP pages (\(corpus.pageBytes) bytes), \(pdfCount) AIP PDFs, "
              + "border list, GeoNames cities500, rules sheets (Fixtures); all four stages")
    }
}

/// Whole `aipbundle build` processes of one tree, timed run by run: `europe` (every stage of ``EuropeTree``) and
/// `ourairports-only` (`--only airports` of OurAirports alone), each alternated with `--baseline` when given.
struct BuildRuns {
    let name: String
    /// The arguments after the executable (`build --sources …`), without `--out`.
    let arguments: [String]
    let out: URL
    let log: URL

    init(name: String, arguments: [String], scratch: URL) {
        self.name = name
        self.arguments = arguments
        out = scratch.appendingPathComponent("\(name)-out")
        log = scratch.appendingPathComponent("\(name)-build.log")
    }

    /// One build of the tree by `executable` into a fresh `--out`.
    func build(_ executable: URL) throws -> EuropeRun {
        // Absent before the first run: nothing to remove is the normal case.
        try? FileManager.default.removeItem(at: out)
        let start = DispatchTime.now().uptimeNanoseconds
        let usage = try BuildProcessBenchmark.spawn([executable.path] + arguments + ["--out", out.path], stderrPath: log.path)
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return EuropeRun(wall: wall, usage: usage, stages: Self.stageSeconds(in: try String(contentsOf: log, encoding: .utf8)))
    }

    /// Stage name → seconds, from the summary lines `build` prints (`airports: … in 1.234 s; …`).
    static func stageSeconds(in log: String) -> [(String, Double)] {
        log.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix(" "), let colon = line.firstIndex(of: ":"), let time = line.range(of: " in ", options: .backwards),
                  let unit = line.range(of: " s;", range: time.upperBound..<line.endIndex),
                  let seconds = Double(line[time.upperBound..<unit.lowerBound]) else { return nil }
            return (String(line[..<colon]), seconds)
        }
    }

    /// Runs `runs` builds per executable (alternating when there are several, after one warm-up each); prints each
    /// run and the medians.
    func measure(_ executables: [(label: String, url: URL)], runs: Int) throws {
        for executable in executables { _ = try build(executable.url) }
        var results: [String: [EuropeRun]] = [:]
        for _ in 0..<runs {
            for executable in executables {
                let run = try build(executable.url)
                results[executable.label, default: []].append(run)
                print("\(name) \(executable.label): \(run.line)")
            }
        }
        var load = [Double](repeating: 0, count: 3)
        _ = getloadavg(&load, 3)
        for executable in executables {
            let all = results[executable.label] ?? []
            func median(_ value: (EuropeRun) -> Double) -> Double { all.map(value).sorted()[all.count / 2] }
            let stages = all.first?.stages.map(\.0) ?? []
            let stageMedians = stages.map { name in
                String(format: "%@ %.2f s", name, median { run in run.stages.first { $0.0 == name }?.1 ?? 0 })
            }
            print(String(format: "%@ %@ median of %d: wall %.2f s, CPU %.2f s, peak %.0f MB; stages: %@",
                         name, executable.label, all.count, median(\.wall), median(\.usage.cpuSeconds), median(\.usage.peakMemoryMB),
                         stageMedians.joined(separator: ", ")))
        }
        print(String(format: "load average after the %@ runs: %.2f %.2f %.2f", name, load[0], load[1], load[2]))
    }
}

/// One build: wall time, the child's CPU and memory, per-stage wall times.
struct EuropeRun {
    var wall: Double
    var usage: ProcessUsage
    var stages: [(String, Double)]

    var line: String {
        String(format: "wall %.2f s, CPU %.2f s, peak %.0f MB; ", wall, usage.cpuSeconds, usage.peakMemoryMB)
            + stages.map { String(format: "%@ %.2f s", $0.0, $0.1) }.joined(separator: ", ")
    }
}
