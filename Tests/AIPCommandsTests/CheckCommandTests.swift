import AIPBundleKit
import AIPCommands
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GRDB
import TestSupport
import Testing

@Suite struct CheckCommandTests {
    @Test func findingsExitWith1AndUncheckablePathsWith2() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let database = out.appendingPathComponent("airports.db")
        #expect(await exitCode(["check", database.path]) == 0)
        #expect(await exitCode(["check", "--json", out.path]) == 0)
        try await DatabaseQueue(path: database.path).write { try $0.execute(sql: "ALTER TABLE airports DROP COLUMN keywords") }
        #expect(await exitCode(["check", database.path]) == 1)
        #expect(await exitCode(["check", folder.url.appendingPathComponent("nowhere").path]) == 2)
        #expect(await exitCode(["check", "--reference", database.path, out.path]) == 1)
        #expect(await exitCode(["check", "--reference", folder.url.appendingPathComponent("nowhere.db").path, out.path]) == 2)
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

    /// Paths `check` cannot look at end with a sentence a person can act on and exit 2, at once (a FIFO is never
    /// opened); a missing argument is usage (64).
    @Test func uncheckablePathsGiveAnActionableErrorAndExit2() async throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("fifo/airports.db")
        try FileManager.default.createDirectory(at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let directory = folder.url.appendingPathComponent("dir/airports.db")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        for (path, message) in [(fifo.path, "\(fifo.path) is a FIFO (named pipe), expected an SQLite file"),
                                (directory.path, "\(directory.path) is a directory, expected an SQLite file"),
                                (empty.path, "\(empty.path) is not a bundle: it holds no bundle file (expected \(BundleFiles.all.map(\.name).joined(separator: ", ")))"
                                    + "; give the --out folder of `aipbundle build`")] {
            let run = await aipbundle(["check", path])
            #expect(run.code == 2 && run.errorMessage == message && run.stdout.isEmpty, "\(run)")
        }
        #expect(await exitCode(["check"]) == 64)
    }
}
