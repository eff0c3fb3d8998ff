import AIPCommands
import Foundation

/// What one run of `aipbundle ARGUMENTS` printed, and its exit code: the executable's own entry point
/// (``AIPBundleCommand/run(_:console:)``), in-process, with stdout and stderr captured apart.
struct CommandRun: Sendable {
    var code: Int32
    var stdout: String
    var stderr: String

    /// stdout's lines (the result line, or the lines of the JSON document).
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// The message of the `Error: …` line on stderr (the first, with what follows it), or all of stderr.
    var errorMessage: String {
        guard let range = stderr.range(of: "Error: ") else { return stderr }
        return String(stderr[range.upperBound...]).trimmingCharacters(in: .newlines)
    }
}

/// The text a run wrote on each stream.
private final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func output(_ text: String) { lock.withLock { out += text } }
    func error(_ text: String) { lock.withLock { err += text } }
    var texts: (String, String) { lock.withLock { (out, err) } }
}

/// Runs `aipbundle ARGUMENTS` in-process; `terminal` makes stderr behave as a terminal (the live status line).
func aipbundle(_ arguments: [String], terminal: Bool = false) async -> CommandRun {
    let capture = Capture()
    let console = Console(standardOutput: capture.output, standardError: capture.error, errorIsTerminal: terminal)
    let code = await AIPBundleCommand.run(arguments, console: console)
    let (stdout, stderr) = capture.texts
    return CommandRun(code: code, stdout: stdout, stderr: stderr)
}

/// A run that did not exit 0; its description is the message on stderr.
struct CommandRunError: Error, CustomStringConvertible {
    var run: CommandRun
    var description: String { run.errorMessage }
}

/// Runs `aipbundle ARGUMENTS` in-process, as the executable would; throws when it does not exit 0.
@discardableResult
func runCommand(_ arguments: [String]) async throws -> CommandRun {
    let run = await aipbundle(arguments)
    guard run.code == 0 else { throw CommandRunError(run: run) }
    return run
}

/// The exit code the executable would end with for `arguments`.
func exitCode(_ arguments: [String]) async -> Int32 {
    await aipbundle(arguments).code
}
