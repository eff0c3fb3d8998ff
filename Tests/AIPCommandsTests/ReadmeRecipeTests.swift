import Foundation
import TestSupport
import Testing

/// The README's "Update recipe", run as written: its one `sh` block, with the built `aipbundle` first on PATH, in an
/// empty folder where `Fixtures` is the repository's. A recipe that drifts from the CLI fails here.
@Suite struct ReadmeRecipeTests {
    /// The commands of the README's `## Update recipe` section: its first fenced `sh` block.
    static func recipe() throws -> String {
        let readme = try String(contentsOf: SharedFixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Update recipe\n").dropFirst().first, "README has no '## Update recipe'")
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first, "the recipe has no ```sh block")
        return try #require(block.components(separatedBy: "\n```").first)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ExecutableTests.executable.path),
                   "the aipbundle executable is not built beside the tests"))
    func theUpdateRecipeRunsAsWritten() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("Fixtures"),
                                                   withDestinationURL: SharedFixtures.packageRoot.appendingPathComponent("Fixtures"))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = ExecutableTests.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let run = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-euo", "pipefail", "-c", try Self.recipe()],
                                 in: folder.url, environment: environment)
        #expect(run.code == 0, "\(run.stderr)")
        // What the recipe promises: the device reached the new version, and the channel names it as the latest.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("device/manifest.json"))) as? [String: Any]
        #expect(manifest?["bundle_version"] as? String == "2613")
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("channel/index.json"))) as? [String: Any]
        #expect(index?["latest"] as? String == "2613")
    }
}
