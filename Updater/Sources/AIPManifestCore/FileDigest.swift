import AIPErrorText
import Crypto
import Foundation

/// The size and SHA-256 of a file's exact bytes, read in chunks so that a file of any size (a 1.6 GB cities
/// database) costs only one chunk of memory.
///
/// Symbolic links are followed: a bundle folder may link its files into a hidden versioned subfolder.
public struct FileDigest: Sendable, Equatable {
    /// The size of the file in bytes.
    public var bytes: Int
    /// SHA-256 of the file's bytes, as 64 lower-case hexadecimal digits.
    public var sha256: String

    /// How much is read at a time: large enough that system calls do not dominate, small enough to be no burden.
    static let chunkSize = 1 << 20

    /// Reads the whole file at `url` once.
    /// - Throws: `CheckError` when `url` is not a regular file (opening a FIFO would block forever);
    ///   `ManifestError` when the file cannot be opened or read.
    public init(fileAt url: URL) throws {
        _ = try CheckedPath.regularFile(url, expected: "a regular file")
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ManifestError(.unreadable, "cannot open \(url.path): \(ErrorText.reason(error))")
        }
        // Closing a file only read cannot lose anything; its error changes nothing here.
        defer { try? handle.close() }
        var hasher = SHA256()
        var bytes = 0
        do {
            while let chunk = try handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                hasher.update(data: chunk)
                bytes += chunk.count
            }
        } catch {
            throw ManifestError(.unreadable, "cannot read \(url.path): \(ErrorText.reason(error))")
        }
        self.bytes = bytes
        self.sha256 = hasher.finalize().lowercaseHex
    }

    /// The digest of bytes already in memory (a settings file, a manifest read to be decoded as well).
    public init(contents: Data) {
        bytes = contents.count
        sha256 = SHA256.hash(data: contents).lowercaseHex
    }
}
