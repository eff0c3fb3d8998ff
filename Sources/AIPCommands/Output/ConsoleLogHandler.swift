import Logging

/// swift-log's handler for the CLI: each message one plain line on stderr (through ``Console``, so it never
/// collides with the live status line). No timestamps, no label: a CI log of the same run diffs clean.
/// Info and notice lines are the message alone; others say their level first (`warning: …`, `error: …`,
/// `debug: …`); metadata follows as `key=value`, sorted.
struct ConsoleLogHandler: LogHandler {
    let console: Console
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(console: Console, level: Logger.Level) {
        self.console = console
        logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        console.line(Self.format(level: event.level, message: "\(event.message)", metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
    }

    static func format(level: Logger.Level, message: String, metadata: Logger.Metadata) -> String {
        let prefix = switch level {
        case .info, .notice: ""
        default: "\(level): "
        }
        let fields = metadata.keys.sorted().map { " \($0)=\(metadata[$0]!)" }.joined()
        return prefix + message + fields
    }
}
