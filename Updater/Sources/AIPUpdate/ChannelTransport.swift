import AIPErrorText
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Fetches a channel's files: over HTTP(S) with URLSession (FoundationNetworking on Linux), or from a folder when
/// the channel is a `file:` URL (a mirror on disk). Downloads go to `<file>.part` and resume where it ends with an
/// HTTP `Range` request; the finished file is renamed into place, so a file without `.part` is always complete.
struct ChannelTransport: Sendable {
    let channel: URL
    let session: URLSession
    /// Attempts per file when the connection drops; each resumes where the last one stopped.
    let attempts: Int

    /// A channel file the server does not have (404/410): a deleted delta, which the plan routes around.
    struct Missing: Error {
        var path: String
    }

    func url(_ path: String) -> URL {
        path.split(separator: "/").reduce(channel) { $0.appendingPathComponent(String($1)) }
    }

    /// The whole of a small file (the index), at most `limit` bytes, streamed through `scratch` (a file in the work
    /// folder) so an oversized answer (a captive portal, a broken mirror) is refused as it arrives, never held in
    /// memory; `scratch` is removed afterwards.
    func fetch(_ path: String, limit: Int, via scratch: URL) async throws -> Data {
        let tooLarge = UpdateError(.unsupported, "the channel's \(path) is over \(limit) bytes: not an index (a captive portal or a broken mirror answered?)")
        if channel.isFileURL {
            let url = url(path)
            guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: path) }
            // Unreadable size: the read below says why.
            if let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int, size > limit { throw tooLarge }
            return try UpdatePackage.read(url, what: "the channel's \(path)")
        }
        var request = URLRequest(url: url(path))
        // The index is the one mutable file: ask every cache on the way for a fresh copy.
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        let part = scratch.appendingPathExtension("part")
        // Never resumed: an index is fetched whole each time; one a killed run left is stale.
        try? FileManager.default.removeItem(at: part)
        // Whatever happens, the copy in the work folder is nobody's once read (or refused).
        defer { try? FileManager.default.removeItem(at: part) }
        try await DownloadTask.run(session: session, request: request, path: path, part: part, limit: limit, tooLarge: tooLarge) { _ in }
        return try UpdatePackage.read(part, what: "the channel's \(path)")
    }

    /// Downloads `path` into `destination` (at most `limit` bytes), resuming a `.part` file left by an earlier
    /// attempt or run. `received` is told each piece's byte count as it arrives.
    func download(_ path: String, to destination: URL, limit: Int, received: @escaping @Sendable (Int) -> Void) async throws {
        let part = destination.appendingPathExtension("part")
        if channel.isFileURL {
            let source = url(path)
            guard FileManager.default.fileExists(atPath: source.path) else { throw Missing(path: path) }
            let size: Int
            do {
                size = try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int ?? 0
            } catch {
                throw UpdateError(.network, "cannot read the channel's \(path): \(ErrorText.reason(error))")
            }
            guard size <= limit else { throw UpdateError(.corruptPayload, "the channel's \(path) has \(size) bytes, more than the \(limit) signed for it") }
            // A .part an earlier attempt left, or none: the copy fails on anything that stays.
            try? FileManager.default.removeItem(at: part)
            do {
                try FileManager.default.copyItem(at: source, to: part)
            } catch {
                throw FileWriteError.classify(error, writing: part, what: path)
            }
            received(size)
            try Self.rename(part, to: destination)
            return
        }
        var lastError: UpdateError?
        let tooLarge = UpdateError(.corruptPayload, "\(path): the server sends more than the \(limit) bytes signed for it")
        for _ in 0..<max(attempts, 1) {
            do {
                try await DownloadTask.run(session: session, request: URLRequest(url: url(path)), path: path, part: part, limit: limit,
                                           tooLarge: tooLarge, received: received)
                try Self.rename(part, to: destination)
                return
            } catch let error as UpdateError where error.kind == .network {
                lastError = error
            }
        }
        throw lastError!
    }

    static func check(_ response: URLResponse, path: String, url: URL) throws {
        guard let http = response as? HTTPURLResponse else { return }
        if http.statusCode == 404 || http.statusCode == 410 { throw Missing(path: path) }
        guard (200..<300).contains(http.statusCode) else {
            throw UpdateError(.network, "\(url.absoluteString) answered HTTP \(http.statusCode)")
        }
    }

    private static func rename(_ part: URL, to destination: URL) throws {
        // A file an earlier run left under that name, or none: the move fails on anything that stays.
        try? FileManager.default.removeItem(at: destination)
        do {
            try FileManager.default.moveItem(at: part, to: destination)
        } catch {
            throw FileWriteError.classify(error, writing: destination, what: destination.lastPathComponent)
        }
    }
}

/// One HTTP GET streamed into a `.part` file, with `Range: bytes=N-` when N bytes are there already. A 206 answer
/// appends; a 200 (the server ignored the range) starts the file over; a 416 (nothing after byte N: a run was
/// killed between the last byte and the rename) keeps the file as it is, for the hash check to judge; more bytes
/// than `limit` (announced or received) cancel it with `tooLarge`, so no more than `limit` bytes are ever written.
/// Cancelling the Swift task cancels the request: the `.part` file stays, flushed, for the next run to resume.
/// On Linux its session's delegate queue (PacedDelegateQueue) bounds what of the body is held in memory.
private final class DownloadTask: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let path: String
    private let part: URL
    private let limit: Int
    private let tooLarge: UpdateError
    private let received: @Sendable (Int) -> Void
    private let lock = NSLock()
    private var handle: FileHandle?
    private var written = 0
    private var failure: (any Error)?
    private var complete = false
    private var cancelled = false
    private var dataTask: URLSessionDataTask?
    private var continuation: CheckedContinuation<Void, any Error>?

    private init(path: String, part: URL, limit: Int, tooLarge: UpdateError, received: @escaping @Sendable (Int) -> Void) {
        self.path = path
        self.part = part
        self.limit = limit
        self.tooLarge = tooLarge
        self.received = received
    }

    static func run(session: URLSession, request: URLRequest, path: String, part: URL, limit: Int, tooLarge: UpdateError,
                    received: @escaping @Sendable (Int) -> Void) async throws {
        let task = DownloadTask(path: path, part: part, limit: limit, tooLarge: tooLarge, received: received)
        // No .part (or none readable): the download starts at byte 0.
        let offset = (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) ?? 0
        // Too long to resume: asked for from byte 0, the answer starts the file over whether or not this works.
        if offset > limit { try? FileManager.default.removeItem(at: part) }
        var request = request
        if offset > 0, offset <= limit { request.setValue("bytes=\(offset)-", forHTTPHeaderField: "Range") }
        #if canImport(FoundationNetworking)
        // 64 pieces of 16 KiB: 1 MiB held at most, enough to keep the file writes streaming.
        let queue: OperationQueue? = PacedDelegateQueue(capacity: 64)
        #else
        let queue: OperationQueue? = nil
        #endif
        let delegated = URLSession(configuration: session.configuration, delegate: task, delegateQueue: queue)
        defer { delegated.finishTasksAndInvalidate() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let dataTask = delegated.dataTask(with: request)
                let cancelled = task.lock.withLock { () -> Bool in
                    task.continuation = continuation
                    task.dataTask = dataTask
                    return task.cancelled
                }
                if cancelled {
                    task.lock.withLock { task.continuation = nil }
                    continuation.resume(throwing: UpdateError.cancelled)
                } else {
                    dataTask.resume()
                }
            }
        } onCancel: {
            task.cancel()
        }
    }

    private func cancel() {
        lock.withLock { cancelled = true }
        cancelRequestElsewhere()
    }

    /// Cancels the request from another thread: `cancel()` waits for the session's work queue, which may be waiting
    /// for the delegate queue to drain (PacedDelegateQueue), and the caller may be running on that queue (a delegate
    /// method, or a progress observer that cancels its Swift task).
    private func cancelRequestElsewhere() {
        DispatchQueue.global().async { [self] in
            let dataTask = lock.withLock { self.dataTask }
            dataTask?.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        do {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 200
            // As in run(): no .part means nothing to resume.
            let existing = (try? FileManager.default.attributesOfItem(atPath: part.path)[.size] as? Int) ?? 0
            if status == 416, existing > 0 {
                lock.withLock { complete = true }
                completionHandler(.cancel)
                return
            }
            try ChannelTransport.check(response, path: path, url: response.url ?? part)
            // Announced too long: refused before a byte of the body arrives.
            if response.expectedContentLength > Int64(limit - (status == 206 ? existing : 0)) { throw tooLarge }
            if status != 206 || existing == 0 {
                // Starting over: whatever stays makes createFile fail, which is reported.
                try? FileManager.default.removeItem(at: part)
                guard FileManager.default.createFile(atPath: part.path, contents: nil) else {
                    throw UpdateError(.fileSystem, "\(path): cannot create \(part.path)")
                }
            } else if let range = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Range"),
                      !range.hasPrefix("bytes \(existing)-") {
                throw UpdateError(.network, "\(path): the server resumed at \(range), not at byte \(existing)")
            }
            let handle = try FileHandle(forWritingTo: part)
            try handle.seekToEnd()
            lock.withLock {
                self.handle = handle
                written = status == 206 ? existing : 0
            }
            completionHandler(.allow)
        } catch {
            lock.withLock { failure = error }
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (handle, total) = lock.withLock { () -> (FileHandle?, Int) in
            written += data.count
            return (failure == nil ? self.handle : nil, written)
        }
        guard let handle else { return }
        do {
            guard total <= limit else { throw tooLarge }
            try handle.write(contentsOf: data)
            received(data.count)
        } catch {
            lock.withLock { failure = error is UpdateError ? error : FileWriteError.classify(error, writing: part, what: path) }
            // The pieces that arrive until the cancel lands are dropped above.
            cancelRequestElsewhere()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, failure, handle, complete, cancelled) = lock.withLock {
            () -> (CheckedContinuation<Void, any Error>?, (any Error)?, FileHandle?, Bool, Bool) in
            defer { self.continuation = nil }
            return (self.continuation, self.failure, self.handle, self.complete, self.cancelled)
        }
        // A file not flushed whole fails its signed size and SHA-256 before it is used, and is fetched again.
        try? handle?.synchronize()
        // As above.
        try? handle?.close()
        if complete {
            continuation?.resume()
        } else if cancelled {
            continuation?.resume(throwing: UpdateError.cancelled)
        } else if let failure {
            continuation?.resume(throwing: failure)
        } else if let error {
            continuation?.resume(throwing: UpdateError(.network, "\(path): the download stopped: \(ErrorText.reason(error)); it resumes where it stopped"))
        } else {
            continuation?.resume()
        }
    }
}
