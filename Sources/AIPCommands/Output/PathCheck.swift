import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks of the paths a person gives on the command line, before any work, so that a missing folder or a file
/// where a folder belongs is said as such (not as the first file that could not be found inside it), and a path
/// that cannot be followed says why (a loop of links, a dangling link, no permission), not "does not exist".
enum PathCheck {
    /// `path` must be an existing folder; `role` says what it is for ("--sources, the source tree").
    static func existingFolder(_ path: String, role: String, fix: String) throws {
        switch kind(path) {
        case .folder: return
        case .nothing: throw CommandFailure(exit: .failure, description: "\(path) (\(role)) does not exist; \(fix)")
        case .notFolder: throw CommandFailure(exit: .failure, description: "\(path) (\(role)) is a file, not a folder; \(fix)")
        case .unreachable(let reason): throw CommandFailure(exit: .failure, description: "\(path) (\(role)) cannot be used: \(reason)")
        }
    }

    /// `path`, a folder that is created when missing, must not be an existing file. (Bundle and channel folders
    /// need no such check: ``BundleFolder`` refuses a file there itself.)
    static func folderOrNothing(_ path: String, role: String) throws {
        switch kind(path) {
        case .folder, .nothing: return
        case .notFolder:
            throw CommandFailure(exit: .failure, description: "\(path) (\(role)) is a file, not a folder; give a folder, or a path that does not exist yet")
        case .unreachable(let reason): throw CommandFailure(exit: .failure, description: "\(path) (\(role)) cannot be used: \(reason)")
        }
    }

    private enum Kind {
        case folder, notFolder, nothing
        /// Something is there (or a link names something) that cannot be followed: the system's reason, in words.
        case unreachable(String)
    }

    /// What `path` is once symbolic links are followed.
    private static func kind(_ path: String) -> Kind {
        var status = stat()
        if stat(path, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR ? .folder : .notFolder }
        let reason = errno
        var link = stat()
        guard reason == ENOENT else { return .unreachable(ErrorText.reason(errno: reason)) }
        guard lstat(path, &link) == 0 else { return .nothing }
        // Only for the message: a link whose target cannot be read is still a dangling link.
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \($0)" } ?? ""
        return .unreachable("it is a symbolic link\(target), which leads to nothing; fix or remove the link")
    }
}
