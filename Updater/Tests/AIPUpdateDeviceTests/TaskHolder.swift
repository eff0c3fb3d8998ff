import AIPUpdate
import Foundation

/// The task of an update, for its state callback (on another thread) to cancel it.
final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<UpdateClient.Outcome, any Error>?
    private var cancelled = false

    func hold(_ task: Task<UpdateClient.Outcome, any Error>) {
        let cancel = lock.withLock { () -> Bool in
            self.task = task
            return cancelled
        }
        if cancel { task.cancel() }
    }

    func cancel() {
        let task = lock.withLock { () -> Task<UpdateClient.Outcome, any Error>? in
            cancelled = true
            return self.task
        }
        task?.cancel()
    }
}
