import Foundation

/// Kills a process when its time is up, from a dispatch timer. Not `Task.sleep`: a sleeping task wakes through the
/// threads every task shares, and a build (or a test run) keeping both busy with long synchronous work delayed the
/// kill of a wedged pdftotext by two minutes.
final class ProcessDeadline {
    /// Set by the timer when it fires; shared with it, so it outlives this object if the two race.
    private let fired = Flag()
    private let work: DispatchWorkItem

    init(seconds: TimeInterval, kill: @escaping @Sendable () -> Void) {
        let fired = self.fired
        work = DispatchWorkItem {
            fired.set()
            kill()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }

    /// Whether the deadline passed (and the kill was sent).
    var passed: Bool { fired.isSet }

    /// Stops the timer: the process ended in time, or the caller is done with it.
    func cancel() {
        work.cancel()
    }

    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.withLock { value = true } }
        var isSet: Bool { lock.withLock { value } }
    }
}
