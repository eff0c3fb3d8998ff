import AIPBuild
import Foundation
import GRDB
import TestSupport
import Testing

/// `build` meeting a previous bundle whose ids cannot carry over: it stops, naming the file, the table, what is
/// missing and the fix, and leaves `--out` as it was; `--renumber-ids` builds with fresh ids.
@Suite struct IdCarryOverBuildTests {
    static let arguments = ["build", "--only", "airports", "--sources", SharedFixtures.fixtureSources.path, "--airac", "2026-11-26"]

    /// `--out` built once from the fixture tree, then its `airports.db` edited by `sql` (the bundle a later build
    /// takes as previous), and the published files as they then are.
    static func previousBundle(_ folder: TemporaryFolder, editedBy sql: String) async throws -> (out: URL, files: [String: Data]) {
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(arguments + ["--out", out.path])
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).write { try $0.execute(sql: sql) }
        return (out, try publishedFiles(in: out))
    }

    static func ids(of table: String, in out: URL) async throws -> [Int64] {
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read {
            try Int64.fetchAll($0, sql: "SELECT id FROM \(table) ORDER BY id")
        }
    }

    /// Runs `build` and returns its error's message, or nil when it succeeded.
    static func failure(_ arguments: [String]) async -> String? {
        do {
            try await runCommand(arguments)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("a previous aip_entries without its key column field stops the build; --renumber-ids gives fresh ids")
    func renamedKeyColumn() async throws {
        let folder = try TemporaryFolder()
        let (out, before) = try await Self.previousBundle(folder, editedBy: "ALTER TABLE aip_entries RENAME COLUMN field TO field_x")
        let previousIDs = try await Self.ids(of: "aip_entries", in: out)
        let message = try #require(await Self.failure(Self.arguments + ["--out", out.path]))
        for part in ["airports.db", "table aip_entries lacks the column(s) field", "(airport_icao, section, field, source)", "--renumber-ids"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
        #expect(try publishedFiles(in: out) == before, "--out is left as it was")

        try await runCommand(Self.arguments + ["--out", out.path, "--renumber-ids"])
        let renumbered = try await Self.ids(of: "aip_entries", in: out)
        #expect(renumbered.count == previousIDs.count)
        #expect(renumbered.first! > previousIDs.last!, "every row gets a new id above every id the previous bundle used")
        #expect(await exitCode(["check", out.path]) == 0)
    }

    @Test("a previous airports.db without procedures stops the build; --renumber-ids builds it")
    func missingTable() async throws {
        let folder = try TemporaryFolder()
        let (out, before) = try await Self.previousBundle(folder, editedBy: "DROP TABLE procedures")
        let message = try #require(await Self.failure(Self.arguments + ["--out", out.path]))
        for part in ["airports.db", "has no table procedures", "(airport_icao, name, procedure_type)", "--renumber-ids"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
        #expect(try publishedFiles(in: out) == before, "--out is left as it was")

        try await runCommand(Self.arguments + ["--out", out.path, "--renumber-ids"])
        #expect(try await Self.ids(of: "procedures", in: out).isEmpty == false)
        #expect(await exitCode(["check", out.path]) == 0)
    }

    @Test("a previous airports.db that is not a database stops the build, --renumber-ids or not")
    func unreadableFile() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(Self.arguments + ["--out", out.path])
        try Data("not a database".utf8).write(to: out.appendingPathComponent("airports.db").resolvingSymlinksInPath())
        let before = try publishedFiles(in: out)
        let message = try #require(await Self.failure(Self.arguments + ["--out", out.path, "--renumber-ids"]))
        for part in ["airports.db cannot be read", "Restore the file", "--renumber-ids does not apply"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
        #expect(try publishedFiles(in: out) == before, "--out is left as it was")
    }

    @Test("a previous sqlite_sequence at Int64.max stops the build when a row needs a new id; a first build into a new folder starts over")
    func exhaustedIDs() async throws {
        let folder = try TemporaryFolder()
        // The newest entry is dropped from the previous bundle, so this build must hand its key a new id.
        let (out, before) = try await Self.previousBundle(folder, editedBy: """
            UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'aip_entries';
            DELETE FROM aip_entries WHERE id = (SELECT max(id) FROM aip_entries);
            """)
        let message = try #require(await Self.failure(Self.arguments + ["--out", out.path, "--renumber-ids"]))
        for part in ["airports.db", "table aip_entries has used every id up to 9223372036854775807", "a new, empty --out folder without --previous"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
        #expect(try publishedFiles(in: out) == before, "--out is left as it was")

        let fresh = folder.url.appendingPathComponent("fresh")
        try await runCommand(Self.arguments + ["--out", fresh.path])
        #expect(try await Self.ids(of: "aip_entries", in: fresh).first == 1)
    }
}
