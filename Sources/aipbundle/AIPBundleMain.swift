import AIPCommands
import Foundation

/// The executable only dispatches; the commands live in AIPCommands so tests can drive them in-process, through
/// the same ``AIPBundleCommand/run(_:console:)`` (which also gives `--json` usage errors their JSON document).
@main
enum AIPBundleMain {
    static func main() async {
        exit(await AIPBundleCommand.run(Array(CommandLine.arguments.dropFirst())))
    }
}
