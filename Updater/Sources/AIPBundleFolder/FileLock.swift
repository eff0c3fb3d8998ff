import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on a file, taken without waiting and held while the value lives. The kernel drops it when
/// the process dies, so a killed process never leaves it taken (nothing relies on process ids either).
public final class FileLock: Sendable {
    public enum Failure: Error {
        /// Another process (or another value in this one) holds it.
        case held
        /// The file cannot be opened or created; the reason in words.
        case cannotOpen(String)
    }

    private let descriptor: Int32

    /// Opens (or creates) the lock file at `path`, never through a link, and takes its lock.
    public init(path: String) throws(Failure) {
        // Kept in a local until locked: once the stored property is set, a throw runs deinit, which would close the
        // descriptor a second time.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .cannotOpen(ErrorText.reason(errno: errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .held
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
