import Foundation

/// A task (an update's, a download's), for a callback on another thread to cancel it.
final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelTask: (@Sendable () -> Void)?
    private var cancelled = false

    func hold<Success: Sendable>(_ task: Task<Success, any Error>) {
        let cancel = lock.withLock { () -> Bool in
            cancelTask = { task.cancel() }
            return cancelled
        }
        if cancel { task.cancel() }
    }

    func cancel() {
        let cancelTask = lock.withLock { () -> (@Sendable () -> Void)? in
            cancelled = true
            return self.cancelTask
        }
        cancelTask?()
    }
}
