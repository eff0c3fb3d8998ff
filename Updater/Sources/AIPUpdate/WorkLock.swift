import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exclusive lock of a work folder, held for a whole update: downloads, the channel state and the switch belong
/// to one updater at a time. Taken before the first request, so a second updater (a foreground sync beside a
/// background one) is refused with `busy` before it can touch a file the first one is writing. flock(2): the
/// kernel drops it when the process dies, so a killed run never leaves the folder locked.
final class WorkLock: Sendable {
    static let fileName = "update.lock"
    private let descriptor: Int32

    /// - Throws: `UpdateError.busy` when another updater holds it; `.fileSystem` when it cannot be created.
    init(work: URL, bundle: URL) throws {
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError.classify(error, writing: work, what: "the work folder")
        }
        let path = work.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw UpdateError(.fileSystem, "cannot create the lock file \(path): \(ErrorText.reason(errno: errno))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw UpdateError(.busy, "another update of \(bundle.path) is running (it holds \(path)); retry when it is done")
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
