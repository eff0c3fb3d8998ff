import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path `check` was given, found with stat(2) before anything opens it.
///
/// Opening a FIFO blocks until a writer appears, and reading a directory fails with an error no one can act on,
/// so `check` looks first. Symbolic links are followed: a published bundle's top-level files may link into a
/// versioned folder beside them.
public enum CheckedPath {
    /// Whether `url` names something at all (a dangling symbolic link counts: it is there, and broken).
    public static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Whether `url` is, or links to, a directory.
    public static func isDirectory(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The real path of the readable regular file at `url`, symbolic links resolved.
    /// - Throws: `CheckError` saying what is there instead (nothing, a dangling link, a directory, a FIFO, …) or
    ///   why it cannot be read.
    ///   `expected` names what should be there, for the message: `an SQLite file`.
    public static func regularFile(_ url: URL, expected: String) throws -> URL {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let reason = errno
            var link = stat()
            if reason == ENOENT, lstat(url.path, &link) == 0 {
                // Only for the message: a target that cannot be read is shown as "?".
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
                throw CheckError(.missing, "\(url.path) is a symbolic link to \(target), which does not exist")
            }
            if reason == ENOENT { throw CheckError(.missing, "\(url.path) does not exist") }
            throw CheckError(.unreadable, "\(url.path) cannot be examined: \(ErrorText.reason(errno: reason))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CheckError(.wrongType, "\(url.path) is a directory, expected \(expected)")
        case S_IFIFO: throw CheckError(.wrongType, "\(url.path) is a FIFO (named pipe), expected \(expected)")
        case S_IFSOCK: throw CheckError(.wrongType, "\(url.path) is a socket, expected \(expected)")
        default: throw CheckError(.wrongType, "\(url.path) is a device, expected \(expected)")
        }
        guard access(url.path, R_OK) == 0 else {
            throw CheckError(.unreadable, "\(url.path) cannot be read: \(ErrorText.reason(errno: errno))")
        }
        guard let real = realpath(url.path, nil) else {
            throw CheckError(.unreadable, "\(url.path) cannot be resolved: \(ErrorText.reason(errno: errno))")
        }
        defer { free(real) }
        return URL(fileURLWithPath: String(cString: real))
    }

    /// The whole content of the regular file at `url`.
    public static func contents(_ url: URL, expected: String) throws -> Data {
        let file = try regularFile(url, expected: expected)
        do {
            return try Data(contentsOf: file)
        } catch {
            throw CheckError(.unreadable, "\(url.path) cannot be read: \(ErrorText.reason(error))")
        }
    }
}
