import AIPErrorText
import ArgumentParser

/// A subcommand as every one behaves: logs and progress on stderr, then one result on stdout — a line, or with
/// `--json` a JSON document, which a failure also gets (`ok: false` and the error).
protocol ReportingCommand: AsyncParsableCommand {
    associatedtype Result: CommandResult
    var output: OutputOptions { get }
    /// Does the work, logging to `log`; throws when it cannot.
    func execute(_ log: CommandLog) async throws -> Result
    /// The exit code of an error `execute` threw.
    static func exit(for error: any Error) -> CommandExit
}

extension ReportingCommand {
    static func exit(for error: any Error) -> CommandExit { .failure }

    /// The body of every command's `run()`.
    func report() async throws {
        let console = Console.current
        let log = CommandLog(console: console, level: output.logLevel)
        let name = Self.configuration.commandName!
        let result: Result
        do {
            result = try await execute(log)
        } catch {
            log.finishProgress()
            let failure = CommandFailure(exit: Self.exit(for: error), description: ErrorText.sentence(error))
            if output.json {
                console.result(try CommandDocument(command: name, exit: failure.exit, error: failure.description).text())
            }
            throw failure
        }
        log.finishProgress()
        console.result(output.json ? try CommandDocument(command: name, exit: result.exit, result: result).text() : result.line)
        // The result already says what failed (check's findings): nothing more to print, only the exit code.
        if result.exit != .success { throw result.exit.exitCode }
    }
}
