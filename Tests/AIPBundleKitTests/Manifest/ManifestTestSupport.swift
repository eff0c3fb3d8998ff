import AIPBundleKit
import AIPManifest
import Foundation
import GRDB
import TestSupport

/// A bundle folder as the build leaves it: the sample airports.db, a rules.json and their manifest.json.
func writeSampleBundle(in folder: TemporaryFolder) throws -> Manifest {
    let airports = try writeSampleDatabase(in: folder)
    let rules = try folder.write("{\"rules\":[]}\n", to: "rules.json")
    let manifest = try Manifest.make(
        bundleVersion: "2026.12.1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0.1.0-test",
        files: [(name: "airports.db", url: airports, kind: .sqlite), (name: "rules.json", url: rules, kind: .json)],
        inputs: [])
    try manifest.jsonData().write(to: folder.url.appendingPathComponent(Manifest.fileName))
    return manifest
}

/// Creates a database at `relativePath` in `folder` with the given SQL and returns its URL.
func makeDatabase(in folder: TemporaryFolder, _ relativePath: String, _ sql: String) throws -> URL {
    let url = folder.url.appendingPathComponent(relativePath)
    try DatabaseQueue(path: url.path).write { try $0.execute(sql: sql) }
    return url
}

/// The logical hash of the database at `url` after running `sql` on it.
func logicalHash(of url: URL, after sql: String) throws -> String {
    try DatabaseQueue(path: url.path).writeWithoutTransaction { try $0.execute(sql: sql) }
    return try SQLiteContentHash(fileAt: url).sha256
}
