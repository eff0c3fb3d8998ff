import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file, delivered in pieces so that a file too large to hold whole can be read in constant
/// memory: GeoNames `allCountries.txt` is 1.6 GB, and its zip 400 MB.
///
/// A file (or the byte range of a zip member) is read with `pread(2)` into one reused buffer, never mapped: mapped
/// pages would count as resident once read. A gzip file or a deflated zip member is inflated piece by piece
/// (``Gzip/inflate(raw:inputBytes:file:limits:read:consume:)``) under the same ``DecompressionLimits`` as whole reads,
/// and a zip member's CRC-32 is checked at its end. A ``SourceFile`` already in memory makes a stream of one piece.
public struct SourceStream: Sendable {
    /// The name shown in findings and errors (`geonames/allCountries.zip/allCountries.txt`).
    public let displayName: String
    /// The file on disk, relative to the source tree (the archive for a zip member): what the manifest hashes.
    public let storedPath: String
    /// Size on disk (compressed size for gzip files and zip members).
    public let storedByteCount: Int
    private let origin: Origin

    /// `length` bytes of the file at `url` from `offset`.
    struct FileRange: Sendable {
        var url: URL
        var offset: Int
        var length: Int
    }

    private enum Origin: Sendable {
        case bytes(Data)
        /// Read as stored, checked against the CRC-32 when there is one (a stored zip member).
        case stored(FileRange, checksum: UInt32?)
        /// A gzip file, or a raw deflate stream (a zip member) with its CRC-32.
        case deflated(FileRange, raw: Bool, checksum: UInt32?, limits: DecompressionLimits)
    }

    /// Bytes read per `pread(2)`: large enough that a system call per piece costs nothing, small enough to be flat.
    /// Tests set a few bytes to cut lines at every possible place.
    var pieceSize = 4 << 20

    /// A stream of the one piece `file` holds.
    public init(_ file: SourceFile) {
        displayName = file.displayName
        storedPath = file.displayName
        storedByteCount = file.storedByteCount
        origin = .bytes(file.bytes)
    }

    /// A zip member's stored or deflated bytes at `range` of the archive, checked against `checksum` once read.
    init(member displayName: String, archivePath: String, range: FileRange, isCompressed: Bool, checksum: UInt32,
         limits: DecompressionLimits) {
        self.displayName = displayName
        storedPath = archivePath
        storedByteCount = range.length
        origin = isCompressed ? .deflated(range, raw: true, checksum: checksum, limits: limits) : .stored(range, checksum: checksum)
    }

    /// Opens `url` for streaming: gzip data (detected by its magic bytes) is inflated as it is read.
    ///
    /// - Throws: ``SourceError`` `.missingFile`, `.notARegularFile` or `.unreadable`, as ``SourceFile`` does.
    public init(contentsOf url: URL, displayName: String, limits: DecompressionLimits = .standard) throws(SourceError) {
        // Mapped only to see its size and first bytes; the pages are never read through the mapping.
        let mapped = try SourceFile.map(url, displayName: displayName)
        self.displayName = displayName
        storedPath = displayName
        storedByteCount = mapped.count
        let range = FileRange(url: url, offset: 0, length: mapped.count)
        origin = Gzip.hasMagic(mapped) ? .deflated(range, raw: false, checksum: nil, limits: limits) : .stored(range, checksum: nil)
    }

    /// Hands the file's (decompressed) bytes to `consume`, in order, in pieces of at most a few MiB.
    ///
    /// - Returns: the number of bytes delivered.
    /// - Throws: ``SourceError`` for an I/O error, damaged compressed data, a failed CRC-32 or a broken limit, and
    ///   whatever `consume` throws (reading stops there).
    @discardableResult
    public func forEachPiece(_ consume: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void) throws(SourceError) -> Int {
        var total = 0
        var crc: UInt32 = 0
        let expected: UInt32?
        func deliver(_ piece: UnsafeBufferPointer<UInt8>) throws(SourceError) {
            total += piece.count
            if expected != nil { crc = Gzip.crc32(piece, continuing: crc) }
            try consume(piece)
        }
        switch origin {
        case .bytes(let data):
            expected = nil
            // withUnsafeBytes only rethrows untyped errors: carry the typed one out.
            var failure: SourceError?
            data.withUnsafeBytes { raw in
                do throws(SourceError) { try deliver(raw.bindMemory(to: UInt8.self)) } catch { failure = error }
            }
            if let failure { throw failure }
        case .stored(let range, let checksum):
            expected = checksum
            let reader = try RangeReader(range, displayName: displayName)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pieceSize)
            defer { buffer.deallocate() }
            while case let count = try reader.read(into: buffer), count > 0 {
                try deliver(UnsafeBufferPointer(rebasing: buffer[0..<count]))
            }
        case .deflated(let range, let raw, let checksum, let limits):
            expected = checksum
            let reader = try RangeReader(range, displayName: displayName)
            try Gzip.inflate(raw: raw, inputBytes: range.length, file: displayName, limits: limits,
                             read: { (buffer) throws(SourceError) in try reader.read(into: buffer) }, consume: deliver)
        }
        if let expected, crc != expected { throw ZipArchive.damaged(displayName) }
        return total
    }
}

/// Reads a ``SourceStream/FileRange`` front to back with `pread(2)`; the descriptor closes with the reader.
private final class RangeReader {
    private let descriptor: Int32
    private var offset: Int
    private let end: Int
    private let displayName: String

    init(_ range: SourceStream.FileRange, displayName: String) throws(SourceError) {
        descriptor = open(range.url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw SourceError(file: displayName, kind: .unreadable, reason: "cannot be opened: \(String(cString: strerror(errno)))")
        }
        offset = range.offset
        end = range.offset + range.length
        self.displayName = displayName
    }

    deinit { close(descriptor) }

    /// Fills `buffer` with the next bytes of the range; returns how many (0 at its end). A file that ends before the
    /// range does is read as far as it goes: the parser or zlib then reports the truncation.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(SourceError) -> Int {
        while offset < end {
            let count = pread(descriptor, buffer.baseAddress, min(buffer.count, end - offset), off_t(offset))
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError(file: displayName, kind: .unreadable,
                                  reason: "cannot be read (\(String(cString: strerror(errno)))); check the disk and copy it again")
            }
            offset += count
            return count
        }
        return 0
    }
}
