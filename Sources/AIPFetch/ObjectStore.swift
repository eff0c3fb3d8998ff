import AIPErrorText
import Crypto
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The content-addressed cache: every fetched file once, under its SHA-256 (`objects/ab/abcdef…`), hard-linked into
/// each tree that holds it, so an unchanged file costs no second copy across cycles, and a 304 finds the bytes
/// it confirms. Objects are written beside (`tmp/`) and renamed in, so a killed fetch never leaves half an object.
///
/// Several fetches may share one cache (`--cache`): downloads have names of their own, and `tmp/` is swept only by
/// a fetch that holds the cache alone (``Lease``). An object's bytes can change under its name (a tree file edited
/// in place edits the object it is a hard link to), so objects are checked against their name before they are
/// trusted (``verify(_:)``).
public struct ObjectStore: Sendable {
    public let root: URL

    public init(root: URL) throws {
        self.root = root
        for folder in ["objects", "tmp"] {
            do {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            } catch {
                throw FetchError(.fileSystem, "cannot create the fetch cache \(root.path) (\(ErrorText.reason(error))); give a writable --cache folder")
            }
        }
    }

    /// The object with this SHA-256, when the store has it.
    public func object(_ sha256: String) -> URL? {
        let url = objectURL(sha256)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    private func objectURL(_ sha256: String) -> URL {
        root.appendingPathComponent("objects").appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256)
    }

    /// A new file to stream a download into.
    func temporaryFile() -> URL {
        root.appendingPathComponent("tmp").appendingPathComponent(UUID().uuidString.lowercased())
    }

    /// Removes a download that will not be stored.
    func discard(_ temporary: URL) {
        // Absence is the goal: a file already gone (never created, swept) is as good as removed.
        try? FileManager.default.removeItem(at: temporary)
    }

    /// Moves a finished download in under its hash (flushed first). The same bytes already stored win, after a check
    /// that they still are those bytes; an object edited in place is replaced.
    func adopt(_ temporary: URL, sha256: String) throws -> URL {
        let destination = objectURL(sha256)
        if FileManager.default.fileExists(atPath: destination.path), try Self.sha256(of: destination) == sha256 {
            discard(temporary)
            return destination
        }
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw FetchError(.fileSystem, "cannot store a download in the fetch cache \(root.path): \(ErrorText.reason(error))")
        }
        let descriptor = open(temporary.path, O_RDONLY | O_CLOEXEC)
        let failure = descriptor < 0 ? errno : fsync(descriptor) == 0 ? 0 : errno
        if descriptor >= 0 { close(descriptor) }
        guard failure == 0 else {
            discard(temporary)
            throw FetchError(.fileSystem, "cannot flush a download in the fetch cache \(root.path): \(ErrorText.reason(errno: failure))")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            throw FetchError(.fileSystem, "cannot store a download in the fetch cache \(root.path): \(ErrorText.reason(errno: errno))")
        }
        return destination
    }

    /// Stores bytes fetch made itself (a chart list gathered from many answers); returns their SHA-256.
    func store(_ data: Data) throws -> String {
        let temporary = temporaryFile()
        do { try data.write(to: temporary) } catch {
            throw FetchError(.fileSystem, "cannot write into the fetch cache \(root.path) (\(ErrorText.reason(error))); give a writable --cache folder")
        }
        let sha256 = SHA256.hash(data: data).hex
        _ = try adopt(temporary, sha256: sha256)
        return sha256
    }

    /// The SHA-256 of `file`'s bytes, read in blocks.
    static func sha256(of file: URL) throws -> String {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: file) } catch {
            throw FetchError(.fileSystem, "cannot read \(file.path) to check it: \(ErrorText.reason(error))")
        }
        defer { try? handle.close() } // read only: closing cannot lose anything
        var hasher = SHA256()
        do {
            while let block = try handle.read(upToCount: 1 << 20), !block.isEmpty { hasher.update(data: block) }
        } catch {
            throw FetchError(.fileSystem, "cannot read \(file.path) to check it: \(ErrorText.reason(error))")
        }
        return hasher.finalize().hex
    }

    /// Checks the stored objects named `sha256s` against their names and removes those whose bytes changed, so
    /// they are downloaded again rather than confirmed by a 304 or linked into a tree; returns the removed names.
    func verify(_ sha256s: Set<String>) throws -> [String] {
        var removed: [String] = []
        for sha256 in sha256s.sorted() {
            guard let object = object(sha256), try Self.sha256(of: object) != sha256 else { continue }
            do { try FileManager.default.removeItem(at: object) } catch {
                throw FetchError(.fileSystem, "the cached copy \(object.path) no longer has the bytes its name says, and cannot be removed (\(ErrorText.reason(error))); delete it by hand")
            }
            removed.append(sha256)
        }
        return removed
    }

    /// Whether `file` is the very object stored under `sha256` (the same inode: a hard link of it).
    func isObject(_ file: URL, sha256: String) -> Bool {
        var fileInfo = stat(), objectInfo = stat()
        return stat(file.path, &fileInfo) == 0 && stat(objectURL(sha256).path, &objectInfo) == 0
            && fileInfo.st_dev == objectInfo.st_dev && fileInfo.st_ino == objectInfo.st_ino
    }

    /// Takes the cache for one fetch: shared with other fetches; alone for a moment first, if no other fetch holds
    /// it, to sweep the downloads a killed fetch left in `tmp/`. The kernel drops the lock when a process dies, so a
    /// fetch killed in the middle never blocks the next one, and a download in `tmp/` is removed only when no
    /// process that could be writing it holds the cache.
    func lease() throws -> Lease {
        let path = root.appendingPathComponent("lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FetchError(.fileSystem, "cannot lock the fetch cache \(root.path) (\(ErrorText.reason(errno: errno))); give a writable --cache folder")
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            sweepTemporary()
        }
        // Converting the lock is not atomic; another fetch taking it alone in between sweeps nothing of ours, since
        // no download of ours has started.
        guard flock(descriptor, LOCK_SH) == 0 else {
            let reason = ErrorText.reason(errno: errno)
            close(descriptor)
            throw FetchError(.fileSystem, "cannot lock the fetch cache \(root.path) (\(reason))")
        }
        return Lease(descriptor: descriptor)
    }

    /// A fetch's hold on the cache, released when the fetch ends (or its process dies).
    final class Lease: Sendable {
        private let descriptor: Int32

        fileprivate init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { close(descriptor) }
    }

    /// Removes downloads a killed fetch left half-written. Only called while holding the cache alone.
    private func sweepTemporary() {
        let folder = root.appendingPathComponent("tmp")
        // An unreadable tmp/ only means nothing is swept this time; downloads still get their own names.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            discard(folder.appendingPathComponent(name))
        }
    }
}

extension SHA256.Digest {
    /// The digest as the lock and the cache name it: 64 lower-case hex digits.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
