import AIPCommands
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct CheckCommandTests {
    @Test func findingsAndUncheckablePathsExitWith1() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let database = out.appendingPathComponent("airports.db")
        #expect(await exitCode(["check", database.path]) == 0)
        #expect(await exitCode(["check", "--json", out.path]) == 0)
        try await DatabaseQueue(path: database.path).write { try $0.execute(sql: "ALTER TABLE airports DROP COLUMN keywords") }
        #expect(await exitCode(["check", database.path]) == 1)
        #expect(await exitCode(["check", folder.url.appendingPathComponent("nowhere").path]) == 1)
        #expect(await exitCode(["check", "--reference", database.path, out.path]) == 1)
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/reference/airports_small.db"))
    func referenceWithOnly013DifferencesPasses() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        for path in [out, out.appendingPathComponent("airports.db")] {
            #expect(await exitCode(["check", path.path, "--reference", SharedFixtures.url("reference/airports_small.db").path]) == 0)
        }
    }
}
