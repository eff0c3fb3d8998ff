import AIPBundleFolder
import Foundation

extension UpdateClient {
    static let lockFileName = "update.lock"

    /// The exclusive lock of the work folder, held for a whole run: downloads, the channel state and the switch
    /// belong to one updater at a time. Taken before the first request, so a second updater (a foreground sync beside
    /// a background one) is refused with `busy` before it can touch a file the first one is writing.
    /// - Throws: `UpdateError.busy` when another updater holds it; `.fileSystem` when it cannot be created.
    func lockWork() throws -> FileLock {
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError.classify(error, writing: work, what: "the work folder")
        }
        let path = work.appendingPathComponent(Self.lockFileName).path
        do {
            return try FileLock(path: path)
        } catch .cannotOpen(let reason) {
            throw UpdateError(.fileSystem, "cannot create the lock file \(path): \(reason)")
        } catch .held {
            throw UpdateError(.busy, "another update of \(bundle.path) is running (it holds \(path)); retry when it is done")
        }
    }
}
