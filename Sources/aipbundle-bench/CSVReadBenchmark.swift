import AIPReaders
import AIPStages
import Foundation

/// Parsing OurAirports files: each alone, and both at once on two threads as the build does.
struct CSVReadBenchmark: Benchmark {
    enum Mode { case airports, runways, both }
    let mode: Mode
    let airports: SourceFile
    let runways: SourceFile

    var name: String {
        switch mode {
        case .airports: "csv-read airports.csv"
        case .runways: "csv-read runways.csv"
        case .both: "csv-read both (concurrent)"
        }
    }

    func run() throws -> Work {
        let stage = AirportsStage()
        switch mode {
        case .airports:
            let file = try OurAirportsReader.readAirports(airports, include: stage.includes)
            return Work(rows: file.rowCount, bytes: file.byteCount)
        case .runways:
            let file = try OurAirportsReader.readRunways(runways)
            return Work(rows: file.rowCount, bytes: file.byteCount)
        case .both:
            // Two threads, one file each, as the build's two concurrent tasks.
            let results = UnsafeMutableBufferPointer<Result<Work, any Error>>.allocate(capacity: 2)
            defer { results.deallocate() }
            nonisolated(unsafe) let slots = results
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                slots.initializeElement(at: index, to: Result {
                    if index == 0 {
                        let file = try OurAirportsReader.readAirports(airports, include: stage.includes)
                        return Work(rows: file.rowCount, bytes: file.byteCount)
                    }
                    let file = try OurAirportsReader.readRunways(runways)
                    return Work(rows: file.rowCount, bytes: file.byteCount)
                })
            }
            let (first, second) = (try results[0].get(), try results[1].get())
            return Work(rows: first.rows + second.rows, bytes: first.bytes + second.bytes)
        }
    }
}
