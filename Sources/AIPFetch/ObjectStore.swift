import AIPErrorText
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The content-addressed cache: every fetched file once, under its SHA-256 (`objects/ab/abcdef…`), hard-linked into
/// each tree that holds it, so an unchanged file costs no second copy across cycles, and a 304 finds the bytes
/// it confirms. Objects are written beside (`tmp/`) and renamed in, so a killed fetch never leaves half an object.
public struct ObjectStore: Sendable {
    public let root: URL

    public init(root: URL) throws {
        self.root = root
        for folder in ["objects", "tmp"] {
            do {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            } catch {
                throw FetchError("cannot create the fetch cache \(root.path) (\(ErrorText.reason(error))); give a writable --cache folder")
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

    /// Moves a finished download in under its hash (flushed first); the same bytes already stored win.
    func adopt(_ temporary: URL, sha256: String) throws -> URL {
        let destination = objectURL(sha256)
        if FileManager.default.fileExists(atPath: destination.path) {
            try? FileManager.default.removeItem(at: temporary)
            return destination
        }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(temporary.path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            fsync(descriptor)
            close(descriptor)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            throw FetchError("cannot store a download in the fetch cache \(root.path): \(String(cString: strerror(errno)))")
        }
        return destination
    }

    /// Removes downloads a killed fetch left half-written.
    func sweepTemporary() {
        let folder = root.appendingPathComponent("tmp")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
