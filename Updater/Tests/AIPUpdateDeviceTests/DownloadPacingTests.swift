@testable import AIPUpdate
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A download holds a bounded amount of the body whatever the server sends and however slow the delegate is:
/// while the delegate is held up (here the progress callback waits), nothing reads the socket beyond a small
/// queue, so the server cannot get the body out. FoundationNetworking alone reads it all into memory (the first
/// test fails without PacedDelegateQueue); Apple's URLSession keeps its own pacing, not run here.
@Suite struct DownloadPacingTests {
    static let size = 32 << 20

    final class Served: @unchecked Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("aipupdate-pacing-\(UUID().uuidString)")
        let server: LoopbackServer
        let body: Data
        var destination: URL { root.appendingPathComponent("big.bin") }

        init(hidingLength: Bool) throws {
            let channel = root.appendingPathComponent("channel")
            try FileManager.default.createDirectory(at: channel, withIntermediateDirectories: true)
            // Not one repeated byte: a block of a prime length repeated, so a piece written twice, left out or out of
            // order shows in the comparison.
            let block = Data((0..<65_521).map { UInt8(truncatingIfNeeded: $0 &* 7 >> 3) })
            var body = Data(capacity: DownloadPacingTests.size)
            while body.count < DownloadPacingTests.size { body.append(block.prefix(DownloadPacingTests.size - body.count)) }
            self.body = body
            try body.write(to: channel.appendingPathComponent("big.bin"))
            server = try LoopbackServer(root: channel)
            server.hideLength(hidingLength)
        }

        deinit {
            server.stop()
            // A temporary folder: what cannot be removed now the system's cleaning removes later.
            try? FileManager.default.removeItem(at: root)
        }

        var transport: ChannelTransport {
            ChannelTransport(channel: server.baseURL, session: URLSession(configuration: .ephemeral), attempts: 1)
        }

        /// Waits (at most a second and a half) for the server to have sent the whole body, and says how much it had
        /// sent: about 4 MB with the socket's buffers on Linux when the download stops reading.
        func sentWhileHeld() -> Int {
            for _ in 0..<150 where server.bytesSent("big.bin") < body.count { usleep(10_000) }
            return server.bytesSent("big.bin")
        }
    }

    /// Held up at its first piece, the download lets the server send a small part of the body only; let go, it
    /// finishes with every byte in place.
    @Test(arguments: [false, true])
    func aHeldUpDownloadStopsReadingTheSocket(hidingLength: Bool) async throws {
        let served = try Served(hidingLength: hidingLength)
        let held = Held()
        try await served.transport.download("big.bin", to: served.destination, limit: served.body.count) { _ in
            held.once { served.sentWhileHeld() }
        }
        let sent = try #require(held.value)
        #expect(sent < served.body.count / 2, "the server sent \(sent) of \(served.body.count) bytes while the download was held up")
        #expect(try Data(contentsOf: served.destination) == served.body)
    }

    /// Cancelled from its own progress callback while the server waits for it to read (the queue full), the
    /// download ends as cancelled, its `.part` kept for the next run, rather than waiting on itself (a cancel run
    /// on the delegate queue hangs here: the reading thread waits for that queue, the cancel for that thread).
    @Test(.timeLimit(.minutes(1)))
    func aDownloadCancelledFromItsProgressCallbackWhileHeldUpEnds() async throws {
        let served = try Served(hidingLength: true)
        let held = Held()
        let holder = TaskHolder()
        let transport = served.transport
        let task = Task {
            try await transport.download("big.bin", to: served.destination, limit: served.body.count) { _ in
                held.once { served.sentWhileHeld() }
                holder.cancel()
            }
        }
        holder.hold(task)
        let error = await #expect(throws: UpdateError.self) { try await task.value }
        #expect(error?.kind == .cancelled)
        let part = served.destination.appendingPathExtension("part")
        #expect(FileManager.default.fileExists(atPath: part.path))
        #expect(!FileManager.default.fileExists(atPath: served.destination.path))
    }
}

/// What the first call of a callback measured; later calls do nothing.
private final class Held: @unchecked Sendable {
    private let lock = NSLock()
    private var measured: Int?
    private var started = false

    var value: Int? { lock.withLock { measured } }

    func once(_ measure: () -> Int) {
        guard lock.withLock({ () -> Bool in defer { started = true }; return !started }) else { return }
        let value = measure()
        lock.withLock { measured = value }
    }
}
