import ArgumentParser

extension AIPBundleCommand {
    /// Runs `aipbundle ARGUMENTS` as the executable does, writing to `console`, and returns the exit code
    /// (``CommandExit``): parse, run, then help on stdout, a usage error (exit 64) or `Error: …` on stderr.
    /// With `--json`, a usage error also gets its JSON document on stdout, as every other failure does.
    public static func run(_ arguments: [String], console: Console = .standard) async -> Int32 {
        do {
            try await Console.$current.withValue(console) { try await parseAndRun(arguments) }
            return CommandExit.success.rawValue
        } catch let failure as CommandFailure {
            console.line("Error: \(failure.description)")
            return failure.exit.rawValue
        } catch {
            let code = exitCode(for: error).rawValue
            let text = fullMessage(for: error)
            if code == CommandExit.success.rawValue {
                // --help, --version: asked for, so on stdout.
                if !text.isEmpty { console.result(text) }
                return code
            }
            if code == CommandExit.usage.rawValue, arguments.contains("--json") {
                let name = subcommandNames.contains(arguments.first ?? "") ? arguments[0] : "aipbundle"
                // A document of plain strings always encodes; were it not to, the usage error below still says it all.
                if let json = try? CommandDocument(command: name, exit: .usage, error: message(for: error)).text() {
                    console.result(json)
                }
            }
            if !text.isEmpty { console.line(text) }
            if code == CommandExit.usage.rawValue, subcommandNames.contains(arguments.first ?? ""), arguments.contains("--version") {
                console.line("Hint: a bundle's version is --bundle-version; --version is only `aipbundle --version`.")
            }
            return code
        }
    }

    /// The names of the subcommands (`build`, `check`, …).
    static var subcommandNames: [String] {
        var names: [String] = []
        for command in configuration.subcommands {
            if let name = command.configuration.commandName { names.append(name) }
        }
        return names
    }

    /// Parses `arguments` and runs the command they name (ArgumentParser's own `main()` does the same).
    private static func parseAndRun(_ arguments: [String]) async throws {
        var command = try parseAsRoot(arguments)
        if var command = command as? any AsyncParsableCommand {
            try await command.run()
        } else {
            try command.run()
        }
    }
}
