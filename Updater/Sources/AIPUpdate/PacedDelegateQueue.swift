import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking

/// The delegate queue of a download's session on Linux, where it is what bounds the memory a download holds.
///
/// FoundationNetworking (libcurl) hands each piece of a body (16 KiB at most, libcurl's `CURL_MAX_WRITE_SIZE`) to
/// the delegate queue with `addOperation` from the thread that reads the socket, and never waits: when the
/// delegate is slower than the network (loopback delivers 300 MB in half a second) the pieces pile up in queued
/// operations, and a cancel lands after all of them. Measured: a 300 MB `index.json` sent without a length, refused
/// at 4 MiB, peaked at 340 MB. A download task does not help: it writes to a temporary file of its own but queues
/// each piece's `Data` all the same (the operation reporting the count holds it), and leaves that file behind when
/// cancelled. `suspend()` is no pause either: it takes the transfer out of libcurl's multi handle, which ends it.
///
/// So the reading thread waits here while `capacity` operations are pending: libcurl stops reading the socket, TCP
/// slows the server, and at most `capacity` pieces are held whatever the server sends and however slow the
/// delegate is. This relies on how FoundationNetworking queues (swift-corelibs-foundation's NativeProtocol.swift);
/// on Apple platforms the session keeps its default queue (Apple's URLSession was not measured).
///
/// Whatever runs on this queue must never wait for the session's own work queue (`URLSessionTask.cancel()` does):
/// that queue may be the one waiting here for this queue to drain. A delegate cancels from another thread.
final class PacedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let capacity: Int
    private let condition = NSCondition()
    private var pending = 0

    init(capacity: Int) {
        self.capacity = capacity
        super.init()
        // Pieces of one body are written in order.
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        condition.lock()
        // An operation of this queue adding another (none of FoundationNetworking's does) must not wait for a
        // slot that only its own end can free.
        if OperationQueue.current !== self {
            while pending >= capacity { condition.wait() }
        }
        pending += 1
        condition.unlock()
        super.addOperation { [self] in
            block()
            condition.lock()
            pending -= 1
            // Woken at half, the reader hands over half a queue in one go rather than one piece per wake-up.
            if pending <= capacity / 2 { condition.signal() }
            condition.unlock()
        }
    }
}
#endif
