import AIPPipeline
import AIPReaders
import AIPStages
import Foundation

/// eAIP pages: parsing one core against both, one EGMC-sized page alone, and the whole airports stage with pages.
///
/// The pages are the two real ones of `../shared/fixtures/eaip` (else the synthetic `Fixtures/sources/eaip`), each
/// copied `copies` times under other ICAO codes, so a run parses as many pages as a national AIP has aerodromes.
struct EAIPBenchmark: Benchmark {
    enum Mode {
        /// Every page, read by this many workers.
        case pages(workers: Int)
        /// The largest page alone (EGMC, 290 KB), parsed in this process.
        case largestPage
        /// `AirportsStage.run` on OurAirports 2026 plus every page and the border list.
        case stage
    }

    let mode: Mode
    let corpus: EAIPCorpus

    var name: String {
        switch mode {
        case .pages(let workers): "eaip-pages-\(workers)-core\(workers == 1 ? "" : "s")"
        case .largestPage: "eaip-page-largest"
        case .stage: "airports-stage-with-eaip"
        }
    }

    func run() throws -> Work {
        switch mode {
        case .pages(let workers):
            let tree = corpus.tree, paths = corpus.paths
            let results = try blocking { try await EAIPReader.read(paths, in: tree, workers: workers) }
            guard results.allSatisfy({ $0.result.page != nil }) else { throw BenchmarkError("a benchmark page was not read") }
            return Work(rows: results.count, bytes: results.reduce(0) { $0 + $1.byteCount })
        case .largestPage:
            let result = EAIPReader.read(corpus.largest)
            guard result.page != nil else { throw BenchmarkError("the largest page was not read") }
            return Work(rows: 1, bytes: corpus.largest.bytes.count)
        case .stage:
            let context = StageContext(sources: corpus.tree, stamp: BuildStamp(version: "bench", airac: AIRACCycle(effectiveDate: "2026-11-26")!,
                                                                                timestamp: "2026-11-26T00:00:00"))
            let output = try blocking { try await AirportsStage().run(context) }
            return Work(rows: output.airports.count + output.runways.count + output.aipEntries.count + output.procedures.count
                        + output.borderCrossingPoints.count)
        }
    }
}

/// A source tree for the eAIP cases: OurAirports linked, `copies` × each page under new ICAO codes, the border list.
struct EAIPCorpus {
    let tree: SourceTree
    let paths: [String]
    let largest: SourceFile
    let pageBytes: Int

    /// - Parameters:
    ///   - pages: folder of real pages (`EGMC`, `LFAQ` … in their file names); the synthetic fixtures when missing.
    ///   - border: the border crossing list to include, when it exists.
    init(pages: URL, fallback: URL, border: URL, ourairports: URL, copies: Int, in scratch: URL) throws {
        let manager = FileManager.default
        let root = scratch.appendingPathComponent("eaip-sources")
        try manager.createDirectory(at: root.appendingPathComponent("eaip"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: root.appendingPathComponent("ourairports"), withDestinationURL: ourairports.standardizedFileURL)
        if manager.fileExists(atPath: border.path) {
            try manager.createDirectory(at: root.appendingPathComponent("border"), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: root.appendingPathComponent("border/\(border.lastPathComponent)"), withDestinationURL: border.standardizedFileURL)
        }
        let folder = manager.fileExists(atPath: pages.path) ? pages : fallback
        let originals = try SourceTree(root: folder).files(under: ".", extensions: ["html"])
        var paths: [String] = []
        var largest: (Data, String)?
        var total = 0
        for (pageIndex, original) in originals.enumerated() {
            let data = try Data(contentsOf: folder.appendingPathComponent(original))
            let name = (original as NSString).lastPathComponent
            // The ICAO code is the four letters after "AD-2." in the page's file name (EG-AD-2.EGMC-en-GB.html).
            guard let range = name.range(of: "AD-2.") else { continue }
            let icao = String(name[range.upperBound...].prefix(4))
            if largest == nil || data.count > largest!.0.count { largest = (data, "eaip/\(name)") }
            let text = String(decoding: data, as: UTF8.self)
            for copy in 0..<copies {
                let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
                let code = "\(icao.prefix(1))Z\(letters[(pageIndex * 7 + copy / 26) % 26])\(letters[copy % 26])"
                let bytes = Data(text.replacingOccurrences(of: icao, with: code).utf8)
                let path = "eaip/\(code).html"
                try bytes.write(to: root.appendingPathComponent(path))
                paths.append(path)
                total += bytes.count
            }
        }
        guard let largest else { throw BenchmarkError("no eAIP page in \(folder.path)") }
        tree = SourceTree(root: root)
        self.paths = paths.sorted()
        self.largest = SourceFile(displayName: largest.1, bytes: largest.0)
        pageBytes = total
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs async work to completion from the synchronous benchmark loop.
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// The result of the task `blocking` waits for; written once, before the semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
