import AIPBundleKit
import AIPContract
import AIPManifest
import Foundation

/// What `manifest.json` costs a build: the entry of `airports.db` (SHA-256 and logical content hash of the image its
/// writer holds, as the build makes it), and the SHA-256 of the input files (which the build computes on the second
/// core while the database is written).
struct ManifestBenchmark: Benchmark {
    enum Part { case database, inputs }
    let part: Part
    let database: Data
    let inputs: [URL]

    var name: String {
        switch part {
        case .database: "manifest airports.db"
        case .inputs: "manifest sha256 inputs"
        }
    }

    func run() throws -> Work {
        switch part {
        case .database:
            let file = try ManifestFile(contents: database, kind: .sqlite, name: AirportsContract.fileName)
            return Work(rows: file.tables?.values.reduce(0, +) ?? 0, bytes: file.bytes)
        case .inputs:
            let digests = try inputs.map { try FileDigest(fileAt: $0) }
            return Work(bytes: digests.reduce(0) { $0 + $1.bytes })
        }
    }
}
