import AIPErrorText
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// One GET as `fetch` does it: only `https` (or `http` where allowed), through the host gate, the mirror, bounded
/// redirects, retries with backoff on timeouts, dropped connections, 5xx and 429 (honouring `Retry-After`) within
/// the file's deadline, conditional headers, a size cap, the `Content-Length` match and the content check; the body
/// streamed into the object store.
final class HTTPFetcher: Sendable {
    let client: HTTPClient
    let settings: FetchSettings
    let mirror: MirrorMapping
    let store: ObjectStore
    let userAgent: String
    let gate: HostGate

    init(settings: FetchSettings, mirror: MirrorMapping, store: ObjectStore, userAgent: String) {
        var configuration = HTTPClient.Configuration()
        // Redirects are followed here, not by the client: their Location is resolved against the site's URL and
        // then mapped into the mirror.
        configuration.redirectConfiguration = .disallow
        let timeout = TimeAmount.milliseconds(Int64(settings.timeoutSeconds * 1000))
        configuration.timeout = .init(connect: timeout, read: timeout)
        configuration.connectionPool = .init(idleTimeout: .seconds(60),
                                             concurrentHTTP1ConnectionsPerHostSoftLimit: settings.maxConnectionsPerHost)
        // A connection that cannot be made fails the attempt at once, with its cause: fetch retries attempts itself
        // (`retries`, with backoff), and the client's own silent retrying hid a refused port until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.settings = settings
        self.mirror = mirror
        self.store = store
        self.userAgent = userAgent
        gate = HostGate(limit: settings.maxConnectionsPerHost, delay: .milliseconds(settings.politeDelayMilliseconds))
    }

    func shutdown() async throws {
        do { try await client.shutdown() } catch {
            throw FetchError(.network, "the HTTP client could not be shut down (\(DownloadFailure.cause(error)))")
        }
    }

    /// What a request ended in.
    enum Answer: Sendable {
        /// New bytes, stored under `sha256`.
        case body(Download)
        /// 304: the bytes the validators named are still current.
        case notModified(finalURL: URL)
    }

    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?
    }

    struct Download: Sendable {
        var finalURL: URL
        var validators: Validators
        var sha256: String
        var bytes: Int
        var object: URL
    }

    /// GETs `url` (following redirects), sending `validators` as a conditional request when given. `allowsHTTP`:
    /// the source's own URL is `http`, so plain `http` may be requested for it.
    /// `headers` go with every request (an API's `Authorization`; never in a message).
    func get(_ url: URL, validators: Validators?, check: ContentCheck, item: String?, allowsHTTP: Bool,
             headers: [(String, String)] = []) async throws -> Answer {
        let deadline = FileDeadline(timeoutSeconds: settings.timeoutSeconds)
        var current = url
        var conditions = validators
        var hops = 0
        while hops <= settings.maxRedirects {
            try Self.checkScheme(current, allowsHTTP: allowsHTTP, redirectedFrom: current == url ? nil : url)
            switch try await attempt(current, validators: conditions, check: check, item: item, headers: headers, deadline: deadline) {
            case .answer(let answer): return answer
            case .distrustedNotModified:
                // Asked again once, without conditions: a 304 cannot answer that.
                conditions = nil
            case .redirect(let location):
                guard let next = MirrorMapping.resolve(location, against: current) else {
                    throw FetchError(.refused, "\(current.shown) redirects to \"\(URL(string: location)?.shown ?? "an unreadable location")\", which is not a URL")
                }
                current = next
                hops += 1
            }
        }
        throw FetchError(.refused, "\(url.shown): more than \(settings.maxRedirects) redirects (a redirect loop?), last to \(current.shown)")
    }

    /// What a browser sends, for the sites that refuse anything else (Belgium's answers 403 without them); the
    /// User-Agent still names aipbundle, so a site's operator can tell who asks.
    var browserHeaders: [(String, String)] {
        [("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 \(userAgent)"),
         ("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"), ("Accept-Language", "en-GB,en;q=0.9")]
    }

    /// The `Location` `url` redirects to, resolved against it (Norway's entry page names the current publication).
    func redirectTarget(_ url: URL, allowsHTTP: Bool, headers: [(String, String)] = []) async throws -> URL {
        try Self.checkScheme(url, allowsHTTP: allowsHTTP, redirectedFrom: nil)
        let deadline = FileDeadline(timeoutSeconds: settings.timeoutSeconds)
        let (code, location) = try await withRetries(url, deadline: deadline) {
            let response = try await self.send(url, validators: nil, headers: headers)
            return (Int(response.status.code), response.headers.first(name: "Location"))
        }
        guard (300..<400).contains(code), let location, let target = MirrorMapping.resolve(location, against: url) else {
            throw FetchError(.network, "\(url.shown) answered \(code) without a redirect; its publication index cannot be found (has the site changed?)")
        }
        return target
    }

    /// Refuses every URL but `https`, and `http` when the source's own URL is `http`. AsyncHTTPClient would follow
    /// `http+unix://` to a local socket (the Docker daemon's, say), and an `https` → `http` redirect would drop TLS
    /// unnoticed. A mirror's own scheme is checked once, for the whole run (``Fetcher``).
    static func checkScheme(_ url: URL, allowsHTTP: Bool, redirectedFrom origin: URL?) throws {
        let scheme = url.scheme?.lowercased()
        if scheme == "https" || (scheme == "http" && allowsHTTP) { return }
        let via = origin.map { " (a redirect from \($0.shown))" } ?? ""
        throw FetchError(.refused, "\(url.shown)\(via) is refused: fetch requests only https URLs (http only for a source whose own URL is http); "
                         + "if the site really moved there, give the new URL in pipeline.json")
    }

    private enum Step: Sendable {
        case answer(Answer)
        case redirect(String)
        /// A 304 naming other validators than those sent.
        case distrustedNotModified
    }

    private func attempt(_ url: URL, validators: Validators?, check: ContentCheck, item: String?, headers: [(String, String)],
                         deadline: FileDeadline) async throws -> Step {
        try await withRetries(url, deadline: deadline) {
            let response = try await self.send(url, validators: validators, headers: headers)
            let code = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(code), let location = response.headers.first(name: "Location") {
                return .redirect(location)
            }
            if code == 304, let validators {
                // A 304 confirms the bytes the validators sent name. One carrying another ETag (or Last-Modified)
                // contradicts itself: the current version is not the one we hold, yet no body came (a caching proxy
                // answering for a version it never saw). Recording its validators beside the old bytes would pin
                // them for good, every later 304 "confirming" them; keeping the old ones would ask the same liar
                // again. So it is not trusted: the file is downloaded again without conditions, and the lock
                // records bytes and validators that came together. A 304 leaving a validator out is fine
                // (RFC 9110 §15.4.5 lets it), as is repeating the weak form of an ETag.
                return Self.confirms(response.headers, validators) ? .answer(.notModified(finalURL: url)) : .distrustedNotModified
            }
            guard code == 200 else { throw HTTPStatusError(url: url, code: code, retryAfter: response.headers.first(name: "Retry-After")) }
            return .answer(.body(try await self.receive(response, from: url, check: check, item: item)))
        }
    }

    /// Whether every validator a 304 carries is one that was sent (ETags compared weakly, RFC 9110 §8.8.3.2).
    private static func confirms(_ headers: HTTPHeaders, _ sent: Validators) -> Bool {
        func opaque(_ etag: String) -> String { etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag }
        if let etag = headers.first(name: "ETag"), sent.etag.map(opaque) != opaque(etag) { return false }
        if let lastModified = headers.first(name: "Last-Modified"), sent.etag == nil, sent.lastModified != lastModified { return false }
        return true
    }

    /// A small answer of an API, read whole: its status and body.
    struct APIAnswer: Sendable {
        var status: Int
        var body: Data
    }

    /// One API request (`POST` with a form body, or `GET`), through the host gate, the mirror and the retries of
    /// any file; the answer's body read into memory up to `cap` bytes. Statuses other than 5xx and 429 (retried)
    /// are returned for the caller to judge: an API says "no such aerodrome" or "token expired" with them.
    func call(_ url: URL, method: HTTPMethod = .GET, headers: [(String, String)], form: Data? = nil, cap: Int,
              allowsHTTP: Bool) async throws -> APIAnswer {
        try Self.checkScheme(url, allowsHTTP: allowsHTTP, redirectedFrom: nil)
        let deadline = FileDeadline(timeoutSeconds: settings.timeoutSeconds)
        return try await withRetries(url, deadline: deadline) {
            let response = try await self.send(url, validators: nil, headers: headers, method: method, form: form)
            let code = Int(response.status.code)
            if code >= 500 || code == 429 { throw HTTPStatusError(url: url, code: code, retryAfter: response.headers.first(name: "Retry-After")) }
            var body = Data()
            for try await buffer in response.body {
                guard body.count + buffer.readableBytes <= cap else {
                    throw FetchError(.refused, "\(url.shown): the answer passes \(cap) bytes, more than such an answer can be (an error page, or the wrong server?)")
                }
                body.append(contentsOf: buffer.readableBytesView)
            }
            return APIAnswer(status: code, body: body)
        }
    }

    private func send(_ url: URL, validators: Validators?, headers: [(String, String)], method: HTTPMethod = .GET,
                      form: Data? = nil) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: mirror.requestURL(for: url))
        request.method = method
        if !headers.contains(where: { $0.0 == "User-Agent" }) { request.headers.add(name: "User-Agent", value: userAgent) }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let form {
            request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            request.body = .bytes(ByteBuffer(bytes: form))
        }
        if let etag = validators?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = validators?.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        // The client's own timeout covers only the wait for the head; ``FileDeadline/run(_:)`` covers the body too.
        return try await client.execute(request, timeout: TimeAmount(FileDeadline.limit(timeoutSeconds: settings.timeoutSeconds)))
    }

    /// Streams the body into the store, refusing it past the size cap or short of its `Content-Length`.
    private func receive(_ response: HTTPClientResponse, from url: URL, check: ContentCheck, item: String?) async throws -> Download {
        let declared = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let declared, declared > settings.maxBytes {
            throw FetchError(.refused, "\(url.shown): the server announces \(declared) bytes, more than max_bytes (\(settings.maxBytes)); raise fetch.max_bytes if the file really is that large")
        }
        let temporary = store.temporaryFile()
        let handle: FileHandle
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            handle = try FileHandle(forWritingTo: temporary)
        } catch {
            throw FetchError(.fileSystem, "cannot write into the fetch cache \(store.root.path) (\(ErrorText.reason(error))); give a writable --cache folder")
        }
        var hasher = SHA256()
        var head: [UInt8] = []
        var received = 0
        do {
            for try await buffer in response.body {
                received += buffer.readableBytes
                if received > settings.maxBytes {
                    throw FetchError(.refused, "\(url.shown): the body passes max_bytes (\(settings.maxBytes)); raise fetch.max_bytes if the file really is that large")
                }
                buffer.withUnsafeReadableBytes { raw in
                    hasher.update(bufferPointer: raw)
                    if head.count < ContentVerifier.headLength { head += raw.prefix(ContentVerifier.headLength - head.count) }
                }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
            try handle.close()
        } catch {
            // Already failing: the half-written file goes whatever closing it says.
            try? handle.close()
            store.discard(temporary)
            throw error
        }
        if let declared, declared != received {
            store.discard(temporary)
            throw TransferError(url: url, reason: "the body ended after \(received) of the \(declared) bytes its Content-Length announced")
        }
        if let problem = ContentVerifier.problem(head, check: check, item: item) {
            store.discard(temporary)
            throw FetchError(.refused, "\(url.shown): \(problem) (status 200, \(received) bytes)")
        }
        let sha256 = hasher.finalize().hex
        let object = try store.adopt(temporary, sha256: sha256)
        return Download(finalURL: url, validators: Self.validators(response.headers) ?? Validators(), sha256: sha256,
                        bytes: received, object: object)
    }

    private static func validators(_ headers: HTTPHeaders) -> Validators? {
        let found = Validators(etag: headers.first(name: "ETag"), lastModified: headers.first(name: "Last-Modified"))
        return found.etag == nil && found.lastModified == nil ? nil : found
    }

    /// Runs `body` through the host gate within the file's deadline, again after a backoff when it fails in a way
    /// that may pass and the backoff ends before the deadline.
    private func withRetries<T: Sendable>(_ url: URL, deadline: FileDeadline, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await gate.run(host: url.host ?? "") { try await deadline.run(body) }
            } catch {
                guard attempt < settings.retries, let wait = retryDelay(after: error, attempt: attempt) else {
                    throw Self.explain(error, url: url, attempts: attempt + 1, deadline: deadline)
                }
                attempt += 1
                guard !deadline.passes(after: wait) else {
                    throw Self.explain(FileDeadline.Exceeded(), url: url, attempts: attempt, deadline: deadline)
                }
                try await Task.sleep(for: wait)
            }
        }
    }

    /// How long to wait before trying again, or nil when another try cannot help (a 404, a content problem).
    private func retryDelay(after error: any Error, attempt: Int) -> Duration? {
        let backoff = Duration.milliseconds(settings.retryBaseMilliseconds << min(attempt, 10))
        switch error {
        case let status as HTTPStatusError:
            guard status.code >= 500 || status.code == 429 else { return nil }
            if let seconds = status.retryAfter.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), seconds >= 0 {
                return .seconds(min(seconds, 300))
            }
            return backoff
        case is FetchError, is CancellationError, is FileDeadline.Exceeded: return nil
        default: return backoff // timeouts, refused or dropped connections, a body cut short
        }
    }

    private static func explain(_ error: any Error, url: URL, attempts: Int, deadline: FileDeadline) -> any Error {
        let tries = attempts == 1 ? "" : " (after \(attempts) attempts)"
        switch error {
        case let status as HTTPStatusError where status.code == 401:
            return FetchError(.unauthorized, "\(url.shown): HTTP 401, not authorized")
        case let status as HTTPStatusError:
            return FetchError(.network, "\(url.shown): HTTP \(status.code)\(tries)\(status.code == 404 ? "; the file is not published at this URL (wrong cycle, or the site moved it?)" : "")")
        case let transfer as TransferError:
            return FetchError(.network, "\(transfer.url.shown): \(transfer.reason)\(tries)")
        case let fetch as FetchError: return fetch
        case is CancellationError: return error
        case is FileDeadline.Exceeded:
            return FetchError(.network, "\(url.shown): not complete within \(deadline.description)\(tries); the server sends too slowly: try again later, or raise fetch.timeout_seconds")
        case let client as HTTPClientError where client == .readTimeout || client == .deadlineExceeded || client == .connectTimeout:
            return FetchError(.network, "\(url.shown): no answer within the timeout\(tries); the site may be down, or raise fetch.timeout_seconds")
        // NIO's parser and the client say "stream ended at an unexpected time" / "remote connection closed".
        case let parser as HTTPParserError where parser == .invalidEOFState:
            return FetchError(.network, "\(url.shown): the server closed the connection before the whole body arrived\(tries): a transfer cut short")
        case let client as HTTPClientError where client == .remoteConnectionClosed:
            return FetchError(.network, "\(url.shown): the server closed the connection before the whole body arrived\(tries): a transfer cut short")
        default:
            return FetchError(.network, "\(url.shown): \(DownloadFailure.cause(error))\(tries)")
        }
    }
}

struct HTTPStatusError: Error {
    var url: URL
    var code: Int
    var retryAfter: String?
}

/// A transfer that broke off: worth another try.
struct TransferError: Error {
    var url: URL
    var reason: String
}
