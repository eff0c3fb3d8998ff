import Foundation
import NIOCore
import NIOHTTP1

/// A local HTTP server on 127.0.0.1 serving a folder laid out as the real sites (`<host>/<path>`), the way
/// `fetch --mirror` asks for them, with conditional answers (ETag → 304) and misbehaviours on request.
public final class MirrorServer: @unchecked Sendable {
    /// What the server does instead of serving a path's file.
    public enum Misbehaviour: Sendable {
        /// Answers this status (with a small HTML body).
        case status(Int)
        /// Answers `status` the first `times` requests, then serves the file.
        case failFirst(times: Int, status: Int)
        /// Never answers.
        case stall
        /// Announces the file's length, sends half of it and closes the connection.
        case cutShort
        /// Redirects to `location`, as written (relative or absolute).
        case redirect(String)
        /// Announces a Content-Length of 5 GB.
        case hugeLength
        /// Serves an HTML error page with status 200.
        case htmlInstead
        /// Serves the file one byte every `milliseconds`, each byte well within any idle timeout: a file that never
        /// quite stalls.
        case trickle(milliseconds: Int64)
        /// Answers a conditional request 304 with this ETag, whatever the file now is (a proxy that lies); serves an
        /// unconditional one normally.
        case notModifiedWithETag(String)
    }

    public let root: URL
    private var listener: LoopbackListener?
    private let lock = NSLock()
    private var misbehaviours: [String: Misbehaviour] = [:]
    private var served: [String: Int] = [:]
    private var statusCounts: [Int: Int] = [:]
    private var requestHeaders: [[String: String]] = []
    private var requestedPaths: [String] = []

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init(root: URL) throws {
        self.root = root
        listener = try LoopbackListener { [unowned self] in Handler(server: self) }
    }

    /// The port the server listens on (127.0.0.1).
    public var port: Int { listener?.port ?? 0 }

    public func stop() {
        listener?.stop()
    }

    /// Makes requests for `path` (`/host/real/path`) misbehave; nil restores normal service.
    public func set(_ path: String, _ misbehaviour: Misbehaviour?) {
        lock.withLock { misbehaviours[path] = misbehaviour }
    }

    /// How many answers had this status since the last ``resetCounts()``.
    public func count(status: Int) -> Int { lock.withLock { statusCounts[status, default: 0] } }

    /// Requests received since the last reset, each as its headers (lower-case names).
    public var requests: [[String: String]] { lock.withLock { requestHeaders } }

    /// The paths asked for (decoded, without the query), in the order the requests arrived; not reset.
    public var paths: [String] { lock.withLock { requestedPaths } }

    public func resetCounts() {
        lock.withLock {
            statusCounts = [:]
            requestHeaders = []
        }
    }

    fileprivate func record(_ status: Int, headers: HTTPHeaders) {
        lock.withLock {
            statusCounts[status, default: 0] += 1
            requestHeaders.append(Dictionary(headers.map { ($0.name.lowercased(), $0.value) }) { first, _ in first })
        }
    }

    /// What to do for `path`, counting the request against `failFirst`.
    fileprivate func misbehaviour(for path: String) -> Misbehaviour? {
        lock.withLock {
            requestedPaths.append(path)
            guard let found = misbehaviours[path] else { return nil }
            served[path, default: 0] += 1
            if case .failFirst(let times, _) = found, served[path]! > times { return nil }
            return found
        }
    }

    private final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let server: MirrorServer
        var head: HTTPRequestHead?

        init(server: MirrorServer) { self.server = server }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let request): head = request
            case .body: break
            case .end:
                guard let head else { return }
                respond(to: head, context: context)
            }
        }

        private func respond(to request: HTTPRequestHead, context: ChannelHandlerContext) {
            let path = request.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.uri
            let decoded = path.removingPercentEncoding ?? path
            let file = server.root.appendingPathComponent(String(decoded.dropFirst()))
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) && !isDirectory.boolValue
            switch server.misbehaviour(for: decoded) {
            case .stall?:
                server.record(0, headers: request.headers)
                return
            case .status(let code)?, .failFirst(_, let code)?:
                send(code, body: Array("<html><body>error \(code)</body></html>".utf8), request: request, context: context)
            case .redirect(let location)?:
                send(302, body: [], extra: [("Location", location)], request: request, context: context)
            case .htmlInstead?:
                send(200, body: Array("<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>".utf8),
                     request: request, context: context)
            case .hugeLength?:
                server.record(200, headers: request.headers)
                var headers = HTTPHeaders([("Content-Length", "5000000000")])
                headers.add(name: "Connection", value: "close")
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: Array(repeating: 0x41, count: 1024)))))).whenComplete { _ in
                    bound.value.close(promise: nil)
                }
            case .cutShort?:
                let bytes = exists ? (try? Array(Data(contentsOf: file))) ?? [] : []
                server.record(200, headers: request.headers)
                let headers = HTTPHeaders([("Content-Length", String(bytes.count))])
                context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bytes.prefix(bytes.count / 2)))))).whenComplete { _ in
                    bound.value.close(promise: nil)
                }
            case .trickle(let milliseconds)?:
                let bytes = exists ? (try? Array(Data(contentsOf: file))) ?? [] : []
                server.record(200, headers: request.headers)
                let headers = HTTPHeaders([("Content-Length", String(bytes.count))])
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
                trickle(bytes[...], every: .milliseconds(milliseconds), context: NIOLoopBound(context, eventLoop: context.eventLoop))
            case .notModifiedWithETag(let etag)? where request.headers.contains(name: "If-None-Match"):
                send(304, body: [], extra: [("ETag", etag)], request: request, context: context)
            case .notModifiedWithETag?, nil:
                serve(file, exists: exists, request: request, context: context)
            }
        }

        private func serve(_ file: URL, exists: Bool, request: HTTPRequestHead, context: ChannelHandlerContext) {
            guard exists, let bytes = try? Array(Data(contentsOf: file)) else {
                send(404, body: Array("<html><body>not found</body></html>".utf8), request: request, context: context)
                return
            }
            let etag = "\"\(bytes.count)-\(Self.fnv(bytes))\""
            if request.headers.first(name: "If-None-Match") == etag {
                send(304, body: [], extra: [("ETag", etag)], request: request, context: context)
            } else {
                send(200, body: bytes, extra: [("ETag", etag), ("Last-Modified", "Thu, 15 Oct 2026 00:00:00 GMT")],
                     request: request, context: context)
            }
        }

        /// Writes one byte of `rest` now and the others later, one per `interval`, until none is left or the client
        /// went away.
        private func trickle(_ rest: ArraySlice<UInt8>, every interval: TimeAmount, context: NIOLoopBound<ChannelHandlerContext>) {
            guard let byte = rest.first else {
                context.value.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            guard context.value.channel.isActive else { return }
            context.value.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: [byte])))), promise: nil)
            context.value.eventLoop.scheduleTask(in: interval) { [self] in
                trickle(rest.dropFirst(), every: interval, context: context)
            }
        }

        private func send(_ code: Int, body: [UInt8], extra: [(String, String)] = [], request: HTTPRequestHead, context: ChannelHandlerContext) {
            server.record(code, headers: request.headers)
            var headers = HTTPHeaders(extra)
            headers.add(name: "Content-Length", value: String(body.count))
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: .init(statusCode: code), headers: headers))), promise: nil)
            if !body.isEmpty { context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }

        /// A content hash for the ETag (FNV-1a: the server needs no cryptography).
        private static func fnv(_ bytes: [UInt8]) -> String {
            var hash: UInt64 = 0xcbf29ce484222325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
            return String(hash, radix: 16)
        }
    }
}
