import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal HTTP/1.1 file server on 127.0.0.1 for the update client's tests: GET with `Range: bytes=N-`, 404 for
/// missing files, one response per connection. Faults on demand: drop a file's connection after some bytes, or
/// trickle every body so a test has time to kill a client mid-download. Bounded: it serves until `stop()` and
/// only on the loopback address.
final class LoopbackServer: @unchecked Sendable {
    let root: URL
    private(set) var port: UInt16 = 0
    private let listener: Int32
    private let lock = NSLock()
    private var dropAfter: [String: Int] = [:]
    private var requests: [(path: String, range: String?)] = []
    private var sent: [String: Int] = [:]
    private var bytesPerSecond: Int?
    private var hidesLength = false
    private var stopped = false

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    init(root: URL) throws {
        self.root = root
        listener = socket(AF_INET, streamSocket, 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    func stop() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if wasRunning {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    /// The next response for `path` sends its headers and only `bytes` bytes of the body, then closes.
    func dropConnection(for path: String, after bytes: Int) { lock.withLock { dropAfter[path] = bytes } }

    /// Every body is sent at about this rate (nil: at once).
    func throttle(bytesPerSecond rate: Int?) { lock.withLock { bytesPerSecond = rate } }

    /// Whether responses leave out Content-Length (the body then ends when the connection closes), as a proxy that
    /// streams may: a client must cap what it reads while it reads.
    func hideLength(_ hide: Bool) { lock.withLock { hidesLength = hide } }

    /// The requests served so far: path and Range header.
    var log: [(path: String, range: String?)] { lock.withLock { requests } }

    /// The body bytes of `path` handed to the socket so far, over all its responses: how far a client let it get.
    func bytesSent(_ path: String) -> Int { lock.withLock { sent[path, default: 0] } }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
            }
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if !canImport(Glibc)
        var one: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.ends(with: [13, 10, 13, 10]) && request.count < 65_536 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0..<count]
        }
        let lines = String(decoding: request, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, parts[0] == "GET" else { return respond(connection, status: "405 Method Not Allowed") }
        let path = String(parts[1].dropFirst()).removingPercentEncoding ?? ""
        let range = lines.dropFirst().first { $0.lowercased().hasPrefix("range:") }
            .map { String($0.dropFirst(6)).trimmingCharacters(in: .whitespaces) }
        let (drop, rate, hideLength) = lock.withLock { () -> (Int?, Int?, Bool) in
            requests.append((path, range))
            return (dropAfter.removeValue(forKey: path), bytesPerSecond, hidesLength)
        }
        let file = root.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard !path.split(separator: "/").contains(".."), FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory),
              !isDirectory.boolValue, let data = try? Data(contentsOf: file) else {
            return respond(connection, status: "404 Not Found")
        }
        var start = 0
        if let range, range.hasPrefix("bytes="), let offset = Int(range.dropFirst(6).split(separator: "-").first ?? "") {
            guard offset < data.count else { return respond(connection, status: "416 Range Not Satisfiable") }
            start = offset
        }
        let body = data[(data.startIndex + start)...]
        var head = start > 0 ? "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes \(start)-\(data.count - 1)/\(data.count)\r\n" : "HTTP/1.1 200 OK\r\n"
        head += (hideLength ? "" : "Content-Length: \(body.count)\r\n") + "Content-Type: application/octet-stream\r\nConnection: close\r\n\r\n"
        guard write(connection, Data(head.utf8)) else { return }
        let limit = min(drop ?? body.count, body.count)
        let chunk = rate.map { max(1, $0 / 20) } ?? 65_536
        var sent = 0
        while sent < limit {
            // A slice of the file's bytes, sent from where they are (copying them byte by byte is slow in a debug build).
            let piece = body[(body.startIndex + sent)..<(body.startIndex + min(limit, sent + chunk))]
            guard write(connection, piece) else { return }
            sent += piece.count
            lock.withLock { self.sent[path, default: 0] += piece.count }
            if rate != nil { usleep(50_000) }
        }
    }

    private func respond(_ connection: Int32, status: String) {
        _ = write(connection, Data("HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
    }

    /// Sends all of `bytes`; false when the client has gone (no SIGPIPE: a dropped client is a test case).
    private func write(_ connection: Int32, _ bytes: Data) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[(bytes.startIndex + offset)...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, noSignal) }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}

#if canImport(Glibc)
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}
