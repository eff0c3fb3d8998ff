import Foundation
import TestSupport
import Testing

/// The built `aipbundle` executable itself, as a shell runs it: its exit code and its two streams. (`swift test`
/// builds it beside the test bundle.)
@Suite struct ExecutableTests {
    static let executable = Bundle.main.bundleURL.appendingPathComponent("aipbundle")

    /// Runs the executable with `arguments`.
    func run(_ arguments: [String]) throws -> ProcessRun {
        try runProcess(Self.executable, arguments)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: executable.path), "the aipbundle executable is not built beside the tests"))
    func exitCodesAndStreamsOfTheExecutable() async throws {
        // The review's case: --out forgotten, --version meant as the bundle version. Usage (64), nothing built.
        let typo = try run(["build", "--sources", SharedFixtures.fixtureSources.path, "--version", "2612"])
        #expect(typo.code == 64 && typo.stdout.isEmpty && typo.stderr.contains("Error: "), "\(typo)")
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("nowhere").path
        let check = try run(["check", "--json", missing])
        #expect(check.code == 2 && check.stderr == "Error: \(missing) does not exist\n")
        #expect(try schemaViolations(Data(check.stdout.utf8), schema: "check.schema.json") == [])
        let keys = try run(["keygen", "--out", folder.url.appendingPathComponent("keys").path, "--quiet"])
        #expect(keys.code == 0 && keys.stderr.isEmpty && keys.stdout.hasPrefix("wrote ") && keys.stdout.split(separator: "\n").count == 1)
    }
}
