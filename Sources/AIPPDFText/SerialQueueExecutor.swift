import Foundation

/// Runs a task's jobs on a serial dispatch queue, not on the cooperative threads every task shares: a serial queue
/// always gets a thread, so work behind it (a process's deadline, a test's clock) is never kept waiting by another
/// task's long synchronous stretch.
public final class SerialQueueExecutor: TaskExecutor {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
