import AIPErrorText
import Foundation

/// The client id and secret of a registered autorouter client: from the environment (`AUTOROUTER_CLIENT_ID`,
/// `AUTOROUTER_CLIENT_SECRET`), else from the settings' `credentials` file. Never printed: its description names
/// where it came from, not what it holds, so an interpolation by mistake leaks nothing.
struct AutorouterCredentials: Sendable, CustomStringConvertible {
    static let idVariable = "AUTOROUTER_CLIENT_ID"
    static let secretVariable = "AUTOROUTER_CLIENT_SECRET"
    /// What the one line of a skipped source says.
    static let howToGive = "no autorouter credentials: set \(idVariable) and \(secretVariable), or name a JSON file "
        + "{\"client_id\": …, \"client_secret\": …} of mode 0600 in fetch.sources.autorouter.credentials"

    let clientID: String
    let clientSecret: String
    /// Where they came from, for messages.
    let origin: String

    var description: String { "the autorouter credentials from \(origin)" }

    /// The credentials to use, or nil when none are given (the source is then skipped).
    /// - Throws: ``FetchError`` for a credentials file that is named but unusable: readable by others, unreadable,
    ///   or without both fields.
    static func load(_ settings: AutorouterSettings, environment: [String: String]) throws -> AutorouterCredentials? {
        if let id = environment[idVariable], let secret = environment[secretVariable], !id.isEmpty, !secret.isEmpty {
            return AutorouterCredentials(clientID: id, clientSecret: secret, origin: "\(idVariable) and \(secretVariable)")
        }
        guard let path = settings.credentials else { return nil }
        let attributes: [FileAttributeKey: Any]
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch {
            throw FetchError(.settings, "the autorouter credentials file \(path) cannot be read (\(ErrorText.reason(error))); fix fetch.sources.autorouter.credentials")
        }
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else {
            throw FetchError(.settings, "the autorouter credentials file \(path) may be read by others (mode \(String(mode & 0o777, radix: 8))); run chmod 600 \(path)")
        }
        struct File: Decodable {
            var client_id: String
            var client_secret: String
        }
        guard let data = FileManager.default.contents(atPath: path),
              let file = try? JSONDecoder().decode(File.self, from: data), // Its decoding error would quote the file: a secret.
              !file.client_id.isEmpty, !file.client_secret.isEmpty else {
            throw FetchError(.settings, "the autorouter credentials file \(path) is not a JSON object with \"client_id\" and \"client_secret\"")
        }
        return AutorouterCredentials(clientID: file.client_id, clientSecret: file.client_secret, origin: path)
    }
}
