import AIPBundleKit
import AIPReaders
import AIPStages
import Foundation

/// Runs the airports stage end to end: read both OurAirports files concurrently, build the rows, write
/// `airports.db` into the staging folder.
enum AirportsStageRunner {
    static func run(sources: SourceTree, settings: PipelineSettings, staging: StagingFolder, stamp: BuildStamp) async throws -> StageResult {
        let clock = ContinuousClock()
        let start = clock.now
        let stage = AirportsStage(scope: settings.airports)

        // The two files are independent: parse them on both cores.
        async let airportsRead = OurAirportsReader.readAirports(sources.file("ourairports/airports.csv"), include: stage.includes)
        async let runwaysRead = OurAirportsReader.readRunways(sources.file("ourairports/runways.csv"))
        let airports: OurAirportsAirportsFile, runways: OurAirportsRunwaysFile
        do {
            (airports, runways) = try await (airportsRead, runwaysRead)
        } catch let error as SourceError {
            throw BuildError.source(error)
        }
        let parsed = clock.now

        let output = stage.run(airports: airports, runways: runways)
        guard !output.airports.isEmpty else {
            throw BuildError.unusableResult(stage: "airports", reason:
                "no airport of \(airports.fileName) is in scope (ICAO prefixes \(stage.scope.icaoPrefixes.joined(separator: ", "))); refusing to publish an empty airports.db")
        }
        let databaseURL = staging.file(AirportsSchema.fileName)
        let size = try AirportsDatabaseWriter.write(output, to: databaseURL, stamp: stamp)
        let written = clock.now

        let report = BuildReport.Stage(
            stage: "airports",
            inputs: [
                .init(file: airports.fileName, rows: airports.rowCount, bytes: airports.byteCount),
                .init(file: runways.fileName, rows: runways.rowCount, bytes: runways.byteCount),
            ],
            rowsWritten: ["airports": output.airports.count, "runways": output.runways.count],
            findings: output.findings)
        return StageResult(report: report, outputs: [AirportsSchema.fileName], outputBytes: size,
                           parseTime: parsed - start, writeTime: written - parsed, wallTime: written - start)
    }
}
