import AIPCommands
import ArgumentParser

/// The executable only dispatches; the commands live in AIPCommands so tests can drive them in-process.
/// (ArgumentParser's async `main()` is not chosen for a root command from another module on Linux, so this
/// does what it would: parse, run, exit with the error's code.)
@main
enum AIPBundleMain {
    static func main() async {
        do {
            var command = try AIPBundleCommand.parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            AIPBundleCommand.exit(withError: error)
        }
    }
}
