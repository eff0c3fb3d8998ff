import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file, gunzipped when the name ends in `.gz`.
public struct SourceFile: Sendable {
    /// The path shown in findings and errors (relative to the source tree).
    public let displayName: String
    /// The file's bytes, decompressed (memory-mapped when the file was not compressed).
    public let bytes: Data
    /// Size on disk (compressed size for `.gz` and zip members).
    public let storedByteCount: Int

    public init(displayName: String, bytes: Data, storedByteCount: Int? = nil) {
        self.displayName = displayName
        self.bytes = bytes
        self.storedByteCount = storedByteCount ?? bytes.count
    }

    /// Reads `url`, decompressing gzip data (detected by its magic bytes, whatever the name says) within `limits`.
    ///
    /// - Throws: ``SourceError`` with kind `.missingFile`, `.notARegularFile` (a folder, FIFO, socket or device: checked
    ///   before opening, since opening a FIFO would hang), `.unreadable` (permission denied, I/O error),
    ///   `.corruptCompression` or `.tooLarge`.
    public init(contentsOf url: URL, displayName: String, limits: DecompressionLimits = .standard) throws {
        try self.init(stored: try Self.map(url, displayName: displayName), displayName: displayName, limits: limits)
    }

    /// The file whose bytes as stored are `raw`, gunzipped when they are gzip data.
    /// - Throws: ``SourceError`` `.corruptCompression` or `.tooLarge`.
    init(stored raw: Data, displayName: String, limits: DecompressionLimits = .standard) throws {
        if Gzip.hasMagic(raw) {
            self.init(displayName: displayName, bytes: try Gzip.decompress(raw, file: displayName, limits: limits),
                      storedByteCount: raw.count)
        } else {
            self.init(displayName: displayName, bytes: raw, storedByteCount: raw.count)
        }
    }

    /// The bytes of the regular file at `url`, memory-mapped (checked with ``checkRegularFile(_:displayName:)`` first).
    static func map(_ url: URL, displayName: String) throws(SourceError) -> Data {
        try checkRegularFile(url, displayName: displayName)
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw SourceError(file: displayName, kind: .unreadable,
                              reason: "cannot be read (an I/O error while mapping it into memory); check the disk and copy it again")
        }
    }

    /// Throws unless `url` is a regular file (or a link to one) that this process may read.
    ///
    /// Uses `stat`, never `open`: opening a FIFO for reading blocks until a writer comes, which would hang the build.
    static func checkRegularFile(_ url: URL, displayName: String) throws(SourceError) {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw SourceError(file: displayName, kind: .missingFile, reason: "file not found at \(url.path)")
            case EACCES:
                throw SourceError(file: displayName, kind: .unreadable,
                                  reason: "cannot be reached: permission denied on a folder of \(url.path)")
            default:
                throw SourceError(file: displayName, kind: .unreadable, reason: "cannot be read: \(String(cString: strerror(code)))")
            }
        }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard access(url.path, R_OK) == 0 else {
                throw SourceError(file: displayName, kind: .unreadable,
                                  reason: "cannot be read: permission denied; make it readable by the user running the build")
            }
            return
        case S_IFDIR: what = "a folder"
        case S_IFIFO: what = "a named pipe (FIFO)"
        case S_IFSOCK: what = "a socket"
        default: what = "a device"
        }
        throw SourceError(file: displayName, kind: .notARegularFile,
                          reason: "is \(what), not a regular file; put the file itself at \(url.path)")
    }
}
