import Foundation

/// A temporary folder beside `--out` where a build writes everything before publishing it.
///
/// Outputs move into `--out` one `rename` each, only after every stage succeeded, so a failed build leaves the
/// previous content of `--out` exactly as it was, and a reader never sees a half-written file. Being a sibling of
/// `--out` keeps it on the same file system, where `rename` is atomic.
public final class StagingFolder {
    public let url: URL
    let destination: URL

    public init(for destination: URL) throws {
        let fileManager = FileManager.default
        self.destination = destination.standardizedFileURL
        do {
            try fileManager.createDirectory(at: self.destination, withIntermediateDirectories: true)
            url = self.destination.deletingLastPathComponent()
                .appendingPathComponent(".\(self.destination.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)")
            try? fileManager.removeItem(at: url)
            try fileManager.createDirectory(at: url, withIntermediateDirectories: false)
        } catch {
            throw BuildError.output("cannot prepare the output folder \(destination.path): \(error.localizedDescription)")
        }
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Where to write the output named `name`.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Flushes each staged file to disk and renames it over its namesake in the destination, in the given order.
    public func publish(_ names: [String]) throws {
        for name in names {
            let staged = file(name)
            do {
                let handle = try FileHandle(forUpdating: staged)
                try handle.synchronize()
                try handle.close()
            } catch {
                throw BuildError.output("cannot flush \(staged.path): \(error.localizedDescription)")
            }
            guard rename(staged.path, destination.appendingPathComponent(name).path) == 0 else {
                throw BuildError.output("cannot move \(name) into \(destination.path): \(String(cString: strerror(errno)))")
            }
        }
    }
}
