import AIPJSON

/// What a command returns: its result line for a person, its fields for the `--json` document.
protocol CommandResult: Encodable, Sendable {
    /// The one line printed on stdout without `--json`: what was done, and where.
    var line: String { get }
    /// How the command ends: success, or (for `check`) failure because of findings.
    var exit: CommandExit { get }
}

extension CommandResult {
    var exit: CommandExit { .success }
}

/// The `--json` document of a command on stdout: `format`, `command`, `ok` and `exit_code` in every one, then the
/// command's own fields, or `error` (the message also printed on stderr) when it failed. The shapes are
/// `docs/schemas/<command>.schema.json`.
struct CommandDocument: Encodable {
    /// Raised when a field changes meaning or goes away; new fields may appear within a format.
    static let format = 1

    var command: String
    var exit: CommandExit
    var result: (any CommandResult)?
    var error: String?

    private enum Key: String, CodingKey {
        case format, command, ok, error
        case exitCode = "exit_code"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(command, forKey: .command)
        try container.encode(exit == .success, forKey: .ok)
        try container.encode(exit.rawValue, forKey: .exitCode)
        try container.encodeIfPresent(error, forKey: .error)
        // The command's fields go into the same object.
        try result?.encode(to: encoder)
    }

    /// The document as printed: indented, as every JSON text aipbundle writes.
    func text() throws -> String {
        try JSONWriter.string(self)
    }
}
