import Foundation
import Synchronization

/// The time one file may take, from its first request to its last byte, redirects and retries included:
/// `timeout_seconds` × ``factor``.
///
/// `timeout_seconds` bounds silence only (connect, and between two reads): a server sending one byte every few
/// seconds never trips it, and each attempt could run for hours. The clock starts when the file's first request
/// gets its turn at the host (``HostGate``), so waiting behind the host's other files does not count.
final class FileDeadline: Sendable {
    /// 10: room for the retries of a few timeouts (3 retries at most wait 4 × `timeout_seconds`) and their
    /// backoff, and at the default 30 s five minutes for a file, which the largest default source (GeoNames'
    /// cities1000.zip, about 10 MB) needs only on a link slower than 35 kB/s.
    static let factor = 10.0

    let limit: Duration
    private let start = Mutex<ContinuousClock.Instant?>(nil)

    init(timeoutSeconds: Double) {
        limit = Self.limit(timeoutSeconds: timeoutSeconds)
    }

    /// `timeout_seconds` × ``factor``.
    static func limit(timeoutSeconds: Double) -> Duration {
        .milliseconds(Int64(timeoutSeconds * factor * 1000))
    }

    /// The limit as messages say it: `300 s (timeout_seconds × 10, retries included)`.
    var description: String {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        return String(format: "%g s (timeout_seconds × %g, retries included)", seconds, Self.factor)
    }

    /// When the file must be complete; the first call starts the clock.
    func deadline() -> ContinuousClock.Instant {
        start.withLock { start in
            if start == nil { start = .now }
            return start! + limit
        }
    }

    /// Whether a pause of `wait` would end past the deadline.
    func passes(after wait: Duration) -> Bool {
        ContinuousClock.now + wait >= deadline()
    }

    /// `body`, cancelled when the deadline comes first.
    /// - Throws: ``Exceeded`` at the deadline, or what `body` throws.
    func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let deadline = deadline()
        guard ContinuousClock.now < deadline else { throw Exceeded() }
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw Exceeded() }
            return value
        }
    }

    /// The file was not complete at its deadline.
    struct Exceeded: Error {}
}
