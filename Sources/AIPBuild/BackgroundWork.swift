import Foundation

/// Work started on a background thread now and collected later: what a build does on its second core while the
/// first is busy (hashing inputs while a database is written, reading the previous bundle while sources are parsed).
///
/// A dispatch queue rather than a Swift task: the stage writers block their thread, and a child task can wait behind
/// them for a thread of the cooperative pool (measured: 15 ms lost per build when the hashing was an `async let`).
/// A queue of its own, not the global one: a serial queue always gets a thread (it "overcommits"), while the global
/// queue runs no more items than there are cores and counts the threads blocked waiting for it as busy until the
/// system next looks at them (measured: half a second with nothing running in a build of the real tree).
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once by the background thread before `done` is left, read only after waiting on it.
    private var result: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue(label: "BackgroundWork").async(group: done) { [self] in result = Result { try work() } }
    }

    /// Waits for the work and returns its value, or throws its error.
    func value() throws -> Value {
        done.wait()
        return try result!.get()
    }
}
