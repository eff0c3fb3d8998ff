import AIPErrorText
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1

/// One GET as `fetch` does it: through the host gate, the mirror, bounded redirects, retries with backoff on
/// timeouts, dropped connections, 5xx and 429 (honouring `Retry-After`), conditional headers, a size cap, the
/// `Content-Length` match and the content check; the body streamed into the object store.
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
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.settings = settings
        self.mirror = mirror
        self.store = store
        self.userAgent = userAgent
        gate = HostGate(limit: settings.maxConnectionsPerHost, delay: .milliseconds(settings.politeDelayMilliseconds))
    }

    func shutdown() async {
        try? await client.shutdown()
    }

    /// What a request ended in.
    enum Answer: Sendable {
        /// New bytes, stored under `sha256`.
        case body(Download)
        /// 304: the bytes the validators named are still current.
        case notModified(finalURL: URL, validators: Validators)
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

    /// GETs `url` (following redirects), sending `validators` as a conditional request when given.
    func get(_ url: URL, validators: Validators?, check: ContentCheck, item: String?) async throws -> Answer {
        var current = url
        for _ in 0...settings.maxRedirects {
            switch try await attempt(current, validators: validators, check: check, item: item) {
            case .answer(let answer): return answer
            case .redirect(let location):
                guard let next = MirrorMapping.resolve(location, against: current) else {
                    throw FetchError("\(current.absoluteString) redirects to \"\(location)\", which is not a URL")
                }
                current = next
            }
        }
        throw FetchError("\(url.absoluteString): more than \(settings.maxRedirects) redirects (a redirect loop?), last to \(current.absoluteString)")
    }

    /// The `Location` `url` redirects to, resolved against it (Norway's entry page names the current publication).
    func redirectTarget(_ url: URL) async throws -> URL {
        let response = try await withRetries(url) { try await self.send(url, validators: nil) }
        guard (300..<400).contains(Int(response.status.code)), let location = response.headers.first(name: "Location"),
              let target = MirrorMapping.resolve(location, against: url) else {
            throw FetchError("\(url.absoluteString) answered \(response.status.code) without a redirect; its publication index cannot be found (has the site changed?)")
        }
        return target
    }

    private enum Step: Sendable {
        case answer(Answer)
        case redirect(String)
    }

    private func attempt(_ url: URL, validators: Validators?, check: ContentCheck, item: String?) async throws -> Step {
        try await withRetries(url) {
            let response = try await self.send(url, validators: validators)
            let code = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(code), let location = response.headers.first(name: "Location") {
                return .redirect(location)
            }
            if code == 304, let validators {
                // A 304 need not repeat every validator (RFC 9110 §15.4.5): those it leaves out stay as they were.
                let fresh = Validators(etag: response.headers.first(name: "ETag") ?? validators.etag,
                                       lastModified: response.headers.first(name: "Last-Modified") ?? validators.lastModified)
                return .answer(.notModified(finalURL: url, validators: fresh))
            }
            guard code == 200 else { throw HTTPStatusError(url: url, code: code, retryAfter: response.headers.first(name: "Retry-After")) }
            return .answer(.body(try await self.receive(response, from: url, check: check, item: item)))
        }
    }

    private func send(_ url: URL, validators: Validators?) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: mirror.requestURL(for: url))
        request.headers.add(name: "User-Agent", value: userAgent)
        if let etag = validators?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = validators?.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        return try await client.execute(request, timeout: .hours(1))
    }

    /// Streams the body into the store, refusing it past the size cap or short of its `Content-Length`.
    private func receive(_ response: HTTPClientResponse, from url: URL, check: ContentCheck, item: String?) async throws -> Download {
        let declared = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let declared, declared > settings.maxBytes {
            throw FetchError("\(url.absoluteString): the server announces \(declared) bytes, more than max_bytes (\(settings.maxBytes)); raise fetch.max_bytes if the file really is that large")
        }
        let temporary = store.temporaryFile()
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: temporary) else {
            throw FetchError("cannot write into the fetch cache \(store.root.path)")
        }
        var hasher = SHA256()
        var head: [UInt8] = []
        var received = 0
        do {
            defer { try? handle.close() }
            for try await buffer in response.body {
                received += buffer.readableBytes
                if received > settings.maxBytes {
                    throw FetchError("\(url.absoluteString): the body passes max_bytes (\(settings.maxBytes)); raise fetch.max_bytes if the file really is that large")
                }
                buffer.withUnsafeReadableBytes { raw in
                    hasher.update(bufferPointer: raw)
                    if head.count < ContentVerifier.headLength { head += raw.prefix(ContentVerifier.headLength - head.count) }
                }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        if let declared, declared != received {
            try? FileManager.default.removeItem(at: temporary)
            throw TransferError(url: url, reason: "the body ended after \(received) of the \(declared) bytes its Content-Length announced")
        }
        if let problem = ContentVerifier.problem(head, check: check, item: item) {
            try? FileManager.default.removeItem(at: temporary)
            throw FetchError("\(url.absoluteString): \(problem) (status 200, \(received) bytes)")
        }
        let sha256 = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        let object = try store.adopt(temporary, sha256: sha256)
        return Download(finalURL: url, validators: Self.validators(response.headers) ?? Validators(), sha256: sha256,
                        bytes: received, object: object)
    }

    private static func validators(_ headers: HTTPHeaders) -> Validators? {
        let found = Validators(etag: headers.first(name: "ETag"), lastModified: headers.first(name: "Last-Modified"))
        return found.etag == nil && found.lastModified == nil ? nil : found
    }

    /// Runs `body` through the host gate, again after a backoff when it fails in a way that may pass.
    private func withRetries<T: Sendable>(_ url: URL, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        var attempt = 0
        while true {
            do {
                return try await gate.run(host: url.host ?? "") { try await body() }
            } catch {
                guard attempt < settings.retries, let wait = retryDelay(after: error, attempt: attempt) else {
                    throw Self.explain(error, url: url, attempts: attempt + 1)
                }
                attempt += 1
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
        case is FetchError, is CancellationError: return nil
        default: return backoff // timeouts, refused or dropped connections, a body cut short
        }
    }

    private static func explain(_ error: any Error, url: URL, attempts: Int) -> any Error {
        let tries = attempts == 1 ? "" : " (after \(attempts) attempts)"
        switch error {
        case let status as HTTPStatusError:
            return FetchError("\(url.absoluteString): HTTP \(status.code)\(tries)\(status.code == 404 ? "; the file is not published at this URL (wrong cycle, or the site moved it?)" : "")")
        case let transfer as TransferError:
            return FetchError("\(transfer.url.absoluteString): \(transfer.reason)\(tries)")
        case let fetch as FetchError: return fetch
        case is CancellationError: return error
        case let client as HTTPClientError where client == .readTimeout || client == .deadlineExceeded || client == .connectTimeout:
            return FetchError("\(url.absoluteString): no answer within the timeout\(tries); the site may be down, or raise fetch.timeout_seconds")
        // NIO's parser and the client say "stream ended at an unexpected time" / "remote connection closed".
        case let parser as HTTPParserError where parser == .invalidEOFState:
            return FetchError("\(url.absoluteString): the server closed the connection before the whole body arrived\(tries): a transfer cut short")
        case let client as HTTPClientError where client == .remoteConnectionClosed:
            return FetchError("\(url.absoluteString): the server closed the connection before the whole body arrived\(tries): a transfer cut short")
        default:
            return FetchError("\(url.absoluteString): \(ErrorText.reason(error))\(tries)")
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
