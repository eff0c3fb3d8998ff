import Logging

/// What a running command writes besides its result: log lines and progress, all on stderr.
struct CommandLog: Sendable {
    let logger: Logger
    private let console: Console
    private let statusLine: StatusLine

    init(console: Console, level: Logger.Level) {
        self.console = console
        logger = Logger(label: "aipbundle") { _ in ConsoleLogHandler(console: console, level: level) }
        statusLine = StatusLine(console: console)
    }

    /// Long work in progress: the live status line on a terminal; elsewhere one plain info line, so a CI log shows
    /// where a slow or stuck run was, and `--quiet` hides it.
    func progress(_ text: String) {
        if console.errorIsTerminal && logger.logLevel <= .info {
            statusLine.show(text)
        } else {
            logger.info("\(text)")
        }
    }

    /// What a command is busy with, on a terminal only: off a terminal nothing, since the result line follows and
    /// says the same.
    func status(_ text: String) {
        if console.errorIsTerminal && logger.logLevel <= .info { statusLine.show(text) }
    }

    /// Ends the live status line, before the result is printed.
    func finishProgress() {
        statusLine.finish()
    }
}
