import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one input file, delivered in pieces so that a file too large to hold whole can be read in constant
/// memory: GeoNames `allCountries.txt` is 1.6 GB, and its zip 400 MB.
///
/// A plain file is read with `read(2)` into one reused buffer; a gzip file or a zip member is inflated piece by
/// piece (``Gzip/inflate(_:raw:file:limits:consume:)``) from its memory-mapped compressed bytes, under the same
/// ``DecompressionLimits`` as whole reads, and a zip member's CRC-32 is checked at its end. A ``SourceFile`` already in
/// memory makes a stream of one piece.
public struct SourceStream: Sendable {
    /// The name shown in findings and errors (`geonames/allCountries.zip/allCountries.txt`).
    public let displayName: String
    /// The file on disk, relative to the source tree (the archive for a zip member): what the manifest hashes.
    public let storedPath: String
    /// Size on disk (compressed size for gzip files and zip members).
    public let storedByteCount: Int
    private let origin: Origin

    private enum Origin: Sendable {
        /// Bytes in memory, with the CRC-32 they must have (a stored zip member) when known.
        case bytes(Data, checksum: UInt32?)
        case plainFile(URL)
        case deflated(Data, raw: Bool, checksum: UInt32?, limits: DecompressionLimits)
    }

    /// Bytes read per `read(2)`: large enough that a system call per piece costs nothing, small enough to be flat.
    /// Tests set a few bytes to cut lines at every possible place.
    var pieceSize = 4 << 20

    /// A stream of the one piece `file` holds.
    public init(_ file: SourceFile) {
        displayName = file.displayName
        storedPath = file.displayName
        storedByteCount = file.storedByteCount
        origin = .bytes(file.bytes, checksum: nil)
    }

    /// A zip member's deflated (or stored) bytes, checked against `checksum` once read.
    init(member displayName: String, archivePath: String, compressed: Data, isCompressed: Bool, checksum: UInt32,
         limits: DecompressionLimits) {
        self.displayName = displayName
        storedPath = archivePath
        storedByteCount = compressed.count
        origin = isCompressed ? .deflated(compressed, raw: true, checksum: checksum, limits: limits) : .bytes(compressed, checksum: checksum)
    }

    /// Opens `url` for streaming: gzip data (detected by its magic bytes) is inflated as it is read.
    ///
    /// - Throws: ``SourceError`` `.missingFile`, `.notARegularFile` or `.unreadable`, as ``SourceFile`` does.
    public init(contentsOf url: URL, displayName: String, limits: DecompressionLimits = .standard) throws(SourceError) {
        // Mapped, never read whole: only the pieces inflated from it, or read(2) afterwards, touch its pages.
        let mapped = try SourceFile.map(url, displayName: displayName)
        self.displayName = displayName
        storedPath = displayName
        storedByteCount = mapped.count
        origin = Gzip.hasMagic(mapped) ? .deflated(mapped, raw: false, checksum: nil, limits: limits) : .plainFile(url)
    }

    /// Hands the file's (decompressed) bytes to `consume`, in order, in pieces of at most a few MiB.
    ///
    /// - Returns: the number of bytes delivered.
    /// - Throws: ``SourceError`` for an I/O error, damaged compressed data, a failed CRC-32 or a broken limit, and
    ///   whatever `consume` throws (reading stops there).
    @discardableResult
    public func forEachPiece(_ consume: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void) throws(SourceError) -> Int {
        switch origin {
        case .bytes(let data, let checksum):
            if let checksum, Gzip.crc32(data) != checksum { throw ZipArchive.damaged(displayName) }
            // withUnsafeBytes only rethrows untyped errors: carry the typed one out.
            var failure: SourceError?
            data.withUnsafeBytes { raw in
                do throws(SourceError) { try consume(raw.bindMemory(to: UInt8.self)) } catch { failure = error }
            }
            if let failure { throw failure }
            return data.count
        case .plainFile(let url):
            return try readPieces(of: url, consume)
        case .deflated(let data, let raw, let checksum, let limits):
            var total = 0
            var crc: UInt32 = 0
            try Gzip.inflate(data, raw: raw, file: displayName, limits: limits) { (piece) throws(SourceError) in
                total += piece.count
                if checksum != nil { crc = Gzip.crc32(piece, continuing: crc) }
                try consume(piece)
            }
            if let checksum, crc != checksum {
                throw ZipArchive.damaged(displayName)
            }
            return total
        }
    }

    private func readPieces(of url: URL, _ consume: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void) throws(SourceError) -> Int {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw SourceError(file: displayName, kind: .unreadable, reason: "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: pieceSize)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw SourceError(file: displayName, kind: .unreadable,
                                  reason: "cannot be read (\(String(cString: strerror(errno)))); check the disk and copy it again")
            }
            if count == 0 { return total }
            total += count
            try consume(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}
