import Foundation
import GRDB
import TestSupport
import Testing

/// A previous bundle whose `sqlite_sequence` mark is at `Int64.max` ends the build with a message, not a trap or
/// SQLite's "database or disk is full".
@Suite struct ExhaustedIdsCommandTests {
    @Test(arguments: ["airac_updates", "aip_entries"])
    func anExhaustedIdSpaceStopsTheBuildWithTheFix(_ table: String) async throws {
        let folder = try TemporaryFolder()
        let built = folder.url.appendingPathComponent("built"), previous = folder.url.appendingPathComponent("previous")
        let sources = SharedFixtures.fixtureSources.path
        try await runCommand(["build", "--sources", sources, "--out", built.path, "--airac", "2026-11-26"])
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        for name in try publishedFiles(in: built).keys {
            try FileManager.default.copyItem(at: built.appendingPathComponent(name).resolvingSymlinksInPath(), to: previous.appendingPathComponent(name))
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        try await DatabaseQueue(path: previous.appendingPathComponent("airports.db").path, configuration: configuration).write { db in
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = ? WHERE name = ?", arguments: [Int64.max, table])
            // A row whose key comes again in the build: it needs a new id (airac_updates: the next cycle's row does).
            if table != "airac_updates" { try db.execute(sql: "DELETE FROM \(table) WHERE id = (SELECT max(id) FROM \(table))") }
        }
        let out = folder.url.appendingPathComponent("out")
        let run = await aipbundle(["build", "--sources", sources, "--out", out.path, "--previous", previous.path, "--airac", "2026-12-24"])
        #expect(run.code == 1)
        #expect(run.errorMessage.contains("table \(table) has used every id up to 9223372036854775807, so a new row cannot get one. "
                                          + "Build once into a new, empty --out folder without --previous (a first build)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("airports.db").path))
    }
}
