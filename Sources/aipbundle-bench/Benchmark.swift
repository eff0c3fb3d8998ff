import Foundation

/// One thing measured: set up once, run repeatedly, report what one run processed.
protocol Benchmark {
    var name: String { get }
    /// Runs the work once; returns what it processed, for rates.
    func run() throws -> Work
}

/// What one run processed: rows and bytes (either may be zero), the documents they came from (zero when the
/// case reads no documents one by one), and the pages read of them (zero for documents without pages).
struct Work {
    var rows = 0
    var bytes = 0
    var documents = 0
    var pages = 0
}

/// Times `benchmark`: one warm-up run discarded, then `runs` timed runs; prints median and min.
func measure(_ benchmark: some Benchmark, runs: Int) throws {
    _ = try benchmark.run()
    var seconds: [Double] = []
    var work = Work()
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        work = try benchmark.run()
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    seconds.sort()
    let median = seconds[seconds.count / 2], best = seconds[0]
    var line = String(format: "%-28@ median %8.2f ms  min %8.2f ms", benchmark.name, median * 1000, best * 1000)
    if work.rows > 0 { line += String(format: "  %10.0f rows/s", Double(work.rows) / median) }
    if work.bytes > 0 { line += String(format: "  %7.1f MB/s", Double(work.bytes) / median / 1_000_000) }
    if work.documents > 0 { line += String(format: "  %7.1f ms/doc", median * 1000 / Double(work.documents)) }
    // Paged documents (AIP PDF chapters): chapters per second, and how many pages of each were read.
    if work.documents > 0 && work.pages > 0 {
        line += String(format: "  %6.1f chapters/s  %4.1f pages/chapter", Double(work.documents) / median, Double(work.pages) / Double(work.documents))
    }
    print(line)
}

/// Peak resident memory of this process so far, in MB.
func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #if os(Linux)
    return Double(usage.ru_maxrss) / 1024  // KiB on Linux
    #else
    return Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
    #endif
}
