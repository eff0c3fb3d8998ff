import ArgumentParser

/// The exit codes of every command, in one place: the help texts and the executable take them from here.
public enum CommandExit: Int32, Sendable {
    /// The command did what it was asked.
    case success = 0
    /// It could not, or (for `check`) found the bundle breaks the contract; `Error: …` on stderr says why.
    case failure = 1
    /// `check` only: the path could not be checked at all (missing, not a bundle file, unreadable).
    case couldNotCheck = 2
    /// Bad usage: an unknown or missing option, a malformed value (ArgumentParser's EX_USAGE).
    case usage = 64

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The "Exit codes" paragraph of a command's `--help`: each code this command uses and what it means for it.
    static func help(_ meanings: [(CommandExit, String)]) -> String {
        let usage = "bad usage: an unknown, missing or malformed option or argument"
        let entries = (meanings + [(.usage, usage)]).map { entry($0.0, $0.1) }
        return "Exit codes:\n" + entries.joined(separator: "\n")
    }

    /// One code and its meaning in lines of at most 79 columns, continuation lines indented under the meaning
    /// (help is 80 wide, and ArgumentParser would wrap a longer line to column 0).
    private static func entry(_ code: CommandExit, _ meaning: String) -> String {
        var lines = ["  " + String(code.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0)]
        for (index, word) in meaning.split(separator: " ").enumerated() {
            if index > 0, lines[lines.count - 1].count + 1 + word.count > 79 {
                lines.append(String(repeating: " ", count: 6) + word)
            } else {
                lines[lines.count - 1] += (index == 0 ? "" : " ") + word
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A command that failed with a known exit code; the executable prints `Error: <message>` and exits with it.
struct CommandFailure: Error, CustomStringConvertible {
    var exit: CommandExit
    var description: String
}
