import AIPBundleKit
import AIPManifest
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import GRDB
import TestSupport

let testStamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")

/// Writes airports.db for the sample CSV text into `folder` and returns its URL.
func writeSampleDatabase(in folder: TemporaryFolder, airports: String = SampleCSV.airports(), runways: String = SampleCSV.runways(),
                         name: String = "airports.db") throws -> URL {
    let stage = AirportsStage()
    let output = try stage.run(
        airports: try OurAirportsReader.readAirports(SourceFile(displayName: "airports.csv", bytes: Data(airports.utf8)), include: stage.includes),
        runways: try OurAirportsReader.readRunways(SourceFile(displayName: "runways.csv", bytes: Data(runways.utf8))))
    try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
    let url = folder.url.appendingPathComponent(name)
    try AirportsDatabaseWriter.write(output, to: url, stamp: testStamp)
    return url
}

/// A fresh, valid airports.db of the sample CSV text in `folder`, open, for a test to break.
func sampleDatabase(in folder: TemporaryFolder) throws -> (URL, DatabaseQueue) {
    let url = try writeSampleDatabase(in: folder)
    return (url, try DatabaseQueue(path: url.path))
}

/// Writes the `manifest.json` a build would publish for the registered bundle files in `folder`.
func writeManifest(in folder: URL, files: [BundleFile] = BundleFiles.all) throws {
    let present = files.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0.name).path) }
    let manifest = try Manifest.make(
        bundleVersion: "test", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "test",
        files: present.map { (name: $0.name, url: folder.appendingPathComponent($0.name), kind: $0.manifestKind) },
        inputs: [])
    try manifest.jsonData().write(to: folder.appendingPathComponent(Manifest.fileName))
}
