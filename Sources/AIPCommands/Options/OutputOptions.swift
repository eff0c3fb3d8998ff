import ArgumentParser
import Logging

/// How much a command says and in what form; every command has these, through `@OptionGroup`.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print the result as one JSON document on stdout (for CI), also when the command fails.")
    var json = false

    @Flag(name: .shortAndLong, help: "Print only errors on stderr.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print debug detail on stderr.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose exclude each other; give one") }
    }

    /// The lowest level that reaches stderr.
    var logLevel: Logger.Level {
        quiet ? .error : verbose ? .debug : .info
    }
}
