import AIPBuild
import AIPBundleKit
import AIPContract
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation

/// The stage alone (scope, duplicates, join) on already-parsed files.
struct AirportsStageBenchmark: Benchmark {
    let name = "airports-stage"
    let airports: OurAirportsAirportsFile
    let runways: OurAirportsRunwaysFile

    func run() throws -> Work {
        let output = try AirportsStage().run(airports: airports, runways: runways)
        return Work(rows: output.airports.count + output.runways.count)
    }
}

/// Writing airports.db (in memory, serialized, one write) from the stage's rows.
struct AirportsWriteBenchmark: Benchmark {
    let name = "airports-write"
    let output: AirportsStage.Output
    let folder: URL

    func run() throws -> Work {
        let url = folder.appendingPathComponent(AirportsContract.fileName)
        // Absent before the first run: nothing to remove is the normal case.
        try? FileManager.default.removeItem(at: url)
        let stamp = BuildStamp(version: "bench", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
        let bytes = try AirportsDatabaseWriter.write(output, to: url, stamp: stamp).count
        return Work(rows: output.airports.count + output.runways.count, bytes: bytes)
    }
}
