import Foundation

/// Where a command's text goes: its one result (a line or a JSON document) on stdout, everything else on stderr.
///
/// On a terminal, stderr's last line can be a live status line (``StatusLine``); a log line written while it is
/// shown clears it, goes above it, and the status is drawn again, so the two never mix on one line. Commands take
/// the console from ``current``, which the executable leaves at the process's streams and tests replace to read
/// what a run printed.
public final class Console: @unchecked Sendable {
    /// The console of the running command.
    @TaskLocal static var current = Console.standard

    /// The process's stdout and stderr.
    public static let standard = Console(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) },
        errorIsTerminal: isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb")

    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether stderr is a terminal a person watches: only then is there a live status line.
    public let errorIsTerminal: Bool
    private let lock = NSLock()
    /// The status line shown at the bottom of the terminal, if any.
    private var status: String?

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
                errorIsTerminal: Bool = false) {
        writeOutput = standardOutput
        writeError = standardError
        self.errorIsTerminal = errorIsTerminal
    }

    /// Writes `text` and a newline on stdout.
    func result(_ text: String) {
        lock.withLock { writeOutput(text + "\n") }
    }

    /// Writes `text` and a newline on stderr, above the status line.
    func line(_ text: String) {
        lock.withLock {
            writeError((status == nil ? "" : Self.clearLine) + text + "\n" + (status ?? ""))
        }
    }

    /// Shows `text` as the live status line (a terminal only), or removes it when nil.
    func setStatus(_ text: String?) {
        guard errorIsTerminal else { return }
        lock.withLock {
            guard text != status else { return }
            writeError(Self.clearLine + (text ?? ""))
            status = text
        }
    }

    /// Carriage return and "erase to the end of the line".
    private static let clearLine = "\r\u{1B}[K"
}
