import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A key file created whole, with its final mode, where nothing is yet: it is never observable with a wider mode
/// or half written, and never replaces an existing file.
///
/// The bytes go to a temporary beside the destination, opened with `O_CREAT|O_EXCL|O_NOFOLLOW` and `mode` (then
/// `fchmod`, which the umask cannot narrow), flushed, then hard-linked to the destination: `link(2)` fails rather
/// than replace what is there, and is atomic, so a kill at any point leaves either no file or the whole one (plus,
/// at worst, a hidden temporary with the same mode).
enum KeyFileWriter {
    /// Creates `url` holding `data` with permissions `mode`.
    /// - Throws: `DeltaError` when something is at `url` already, or the file cannot be written.
    static func create(_ url: URL, data: Data, mode: mode_t) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).new-\(UUID().uuidString.lowercased())").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw DeltaError(.fileSystem, "cannot create \(url.path): \(ErrorText.reason(errno: errno))") }
        defer { unlink(temporary) }
        let written: Int32 = data.withUnsafeBytes { buffer in
            guard fchmod(descriptor, mode) == 0 else { return errno }
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue }; return errno }
                offset += count
            }
            return fsync(descriptor) == 0 ? 0 : errno
        }
        close(descriptor)
        guard written == 0 else { throw DeltaError(.fileSystem, "cannot write \(url.path): \(ErrorText.reason(errno: written))") }
        guard link(temporary, url.path) == 0 else {
            if errno == EEXIST { throw DeltaError(.exists, "\(url.path) exists; a key pair is never overwritten (move it away first)") }
            throw DeltaError(.fileSystem, "cannot create \(url.path): \(ErrorText.reason(errno: errno))")
        }
        // The new name itself on disk too.
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
