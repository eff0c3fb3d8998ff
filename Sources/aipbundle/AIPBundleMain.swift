import AIPCommands
import ArgumentParser

/// The executable only dispatches; the commands live in AIPCommands so tests can drive them in-process.
/// (ArgumentParser's own async `main()` is not picked from another module on Linux, hence this loop.)
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
