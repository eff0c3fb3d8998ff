import Foundation

extension URL {
    /// The URL as messages show it: without a user name or password, and with the values of query items that look
    /// like credentials (`token`, `key`, `sig`, …) replaced, so an error line or a CI log never carries a secret.
    var shown: String {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: true) else { return "(an unreadable URL)" }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { item in
            let name = item.name.lowercased()
            let secret = ["token", "key", "secret", "pass", "pwd", "sig", "auth", "credential", "session"].contains { name.contains($0) }
            return secret ? URLQueryItem(name: item.name, value: "REDACTED") : item
        }
        return components.string ?? "(an unreadable URL)"
    }
}
