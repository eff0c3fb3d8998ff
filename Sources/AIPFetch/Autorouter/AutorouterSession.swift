import Foundation
import NIOHTTP1

/// The autorouter API as `fetch` uses it: an OAuth2 client-credentials token, shared by every request of the run,
/// renewed once when the API answers 401, and the two calls (`/pams/airport/{ICAO}`, `/pams/id/{docid}`).
///
/// The token lives only here, in memory: never in the tree, the cache, the lock or a message. A token that expires
/// mid-run makes the requests in flight fail with 401 together; the first to come back renews it and the others
/// take the new one (``Tokens``), so a run makes one token request per expiry, not one per request.
struct AutorouterSession: Sendable {
    let settings: AutorouterSettings
    let credentials: AutorouterCredentials
    let fetcher: HTTPFetcher
    let tokens = Tokens()

    /// A token answer or a document list is a few kilobytes; past this it is not one.
    static let answerCap = 4 << 20

    var allowsHTTP: Bool { settings.api.lowercased().hasPrefix("http:") }

    func url(_ path: String) throws -> URL {
        guard let url = URL(string: settings.api + path), url.host != nil else {
            throw FetchError(.settings, "autorouter: \"\(settings.api)\" is not an absolute URL; fix fetch.sources.autorouter.api")
        }
        return url
    }

    /// Runs `request` with the current token; on a 401, once more with a new token. A second 401 fails with a
    /// message naming the credentials (the token is the API's business).
    func authorized<T: Sendable>(_ request: @Sendable ([(String, String)]) async throws -> T) async throws -> T {
        var token = try await tokens.current(newToken)
        do {
            return try await request(headers(token))
        } catch let error as FetchError where error.kind == .unauthorized {
            token = try await tokens.renew(after: token, newToken)
            do {
                return try await request(headers(token))
            } catch let error as FetchError where error.kind == .unauthorized {
                throw FetchError(.unauthorized, "\(error.description) even with a new token: \(credentials) are not allowed to read this; check the client's access with autorouter")
            }
        }
    }

    private func headers(_ token: Token) -> [(String, String)] {
        [("Authorization", "Bearer \(token.value)"), ("Accept", "application/json")]
    }

    /// Asks the API for a token.
    private func newToken() async throws -> Token {
        var form = URLComponents()
        form.queryItems = [URLQueryItem(name: "client_id", value: credentials.clientID),
                           URLQueryItem(name: "client_secret", value: credentials.clientSecret),
                           URLQueryItem(name: "grant_type", value: "client_credentials")]
        // URLComponents leaves `+` alone, which a form body reads as a space.
        let body = Data((form.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B").utf8)
        let url = try url("/oauth2/token")
        let answer = try await fetcher.call(url, method: .POST, headers: [("Accept", "application/json")], form: body,
                                            cap: Self.answerCap, allowsHTTP: allowsHTTP)
        guard answer.status == 200 else {
            // The answer's body is not quoted: a token endpoint may echo what it was sent.
            throw FetchError(answer.status == 401 || answer.status == 400 ? .unauthorized : .refused,
                             "\(url.shown): HTTP \(answer.status) to the token request; check \(credentials)")
        }
        struct Answer: Decodable { var access_token: String }
        guard let token = try? JSONDecoder().decode(Answer.self, from: answer.body), !token.access_token.isEmpty else { // its error would quote the token
            throw FetchError(.refused, "\(url.shown): the token answer is not JSON with an access_token (is this the autorouter API?)")
        }
        return Token(value: token.access_token)
    }

    struct Token: Sendable, Equatable {
        var value: String
    }

    /// The run's token: asked for once, renewed once per expiry however many requests saw it expire.
    actor Tokens {
        private var token: Token?
        private var pending: Task<Token, any Error>?

        func current(_ make: @escaping @Sendable () async throws -> Token) async throws -> Token {
            if let token { return token }
            return try await renew(after: nil, make)
        }

        /// A new token, unless another request renewed the expired one meanwhile.
        func renew(after expired: Token?, _ make: @escaping @Sendable () async throws -> Token) async throws -> Token {
            if let token, token != expired { return token }
            if let pending { return try await pending.value }
            let task = Task { try await make() }
            pending = task
            defer { pending = nil }
            let fresh = try await task.value
            token = fresh
            return fresh
        }
    }
}
