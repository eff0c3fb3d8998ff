import Foundation
import ZIPFoundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive opened for reading its members as ``SourceFile``s: GeoNames ships `cities15000.zip` holding
/// `cities15000.txt`, and XLSX sheets are zip archives.
///
/// A member is named in findings and errors as `archive/member` (e.g. `geonames/cities15000.zip/cities15000.txt`).
/// ZIPFoundation reads the central directory (names, sizes, checksums); the member's bytes are inflated here, from
/// the mapped archive, through ``Gzip``. ZIPFoundation's own inflate loop on Linux reads until the deflate stream ends
/// and spins forever when a damaged stream reaches the end of the file first; here the input is bounded by the
/// member's compressed size, output is counted against ``DecompressionLimits`` whatever size the archive claims,
/// and the CRC-32 is compared, so a damaged archive always ends in a ``SourceError``.
public struct ZipArchive {
    /// The archive as named in errors.
    public let displayName: String
    private let url: URL
    private let archive: Archive
    private let bytes: Data

    /// Opens the archive at `url`.
    ///
    /// - Throws: ``SourceError`` `.missingFile`, `.notARegularFile`, `.unreadable`, or `.corruptCompression` when it is
    ///   not a readable zip archive.
    public init(contentsOf url: URL, displayName: String) throws(SourceError) {
        try SourceFile.checkRegularFile(url, displayName: displayName)
        self.displayName = displayName
        self.url = url
        do {
            bytes = try Data(contentsOf: url, options: .alwaysMapped)
            // From the file, not from `bytes`: ZIPFoundation's in-memory file traps (a range with lowerBound >
            // upperBound) when a damaged directory makes it seek past the end; a real file just reads nothing there.
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw SourceError(file: displayName, kind: .corruptCompression,
                              reason: "is not a readable zip archive (damaged, truncated or another kind of file); download it again")
        }
    }

    /// The archive's size: the bytes of the file, as mapped when it was opened.
    public var byteCount: Int { bytes.count }

    /// The paths of the files in the archive (folders left out), in byte-wise order.
    public var memberNames: [String] {
        archive.filter { $0.type == .file }.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The decompressed member at `path`.
    ///
    /// - Throws: ``SourceError`` `.missingFile` when the archive has no such file, `.tooLarge` when it expands past
    ///   `limits`, `.corruptCompression` when its data is damaged, truncated, compressed by a method other than
    ///   deflate, or fails its CRC-32.
    public func member(_ path: String, limits: DecompressionLimits = .standard) throws(SourceError) -> SourceFile {
        let (name, entry, compressed) = try locate(path)
        let content: Data
        if entry.isCompressed {
            content = try Gzip.decompress(Data(compressed), raw: true, file: name, limits: limits)
        } else {
            try limits.check(outputBytes: compressed.count, inputBytes: compressed.count, file: name, what: "the zip member")
            content = Data(compressed)
        }
        guard Gzip.crc32(content) == entry.checksum else { throw Self.damaged(name) }
        return SourceFile(displayName: name, bytes: content, storedByteCount: compressed.count)
    }

    /// The member at `path` as a stream, inflated piece by piece as it is read (a 1.6 GB GeoNames dump never sits in
    /// memory whole); `storedPath` is `archivePath`, the archive relative to the source tree. The same errors as
    /// ``member(_:limits:)`` are thrown, those about the data while it is read.
    public func memberStream(_ path: String, archivePath: String, limits: DecompressionLimits = .standard) throws(SourceError) -> SourceStream {
        let (name, entry, compressed) = try locate(path)
        if !entry.isCompressed {
            try limits.check(outputBytes: compressed.count, inputBytes: compressed.count, file: name, what: "the zip member")
        }
        // Read from the file, not through the mapping, so the archive's pages never count as resident memory.
        let range = SourceStream.FileRange(url: url, offset: compressed.startIndex - bytes.startIndex, length: compressed.count)
        return SourceStream(member: name, archivePath: archivePath, range: range, isCompressed: entry.isCompressed,
                            checksum: entry.checksum, limits: limits)
    }

    /// The member's name in errors, its entry, and its stored bytes (a slice of the mapped archive).
    private func locate(_ path: String) throws(SourceError) -> (name: String, entry: Entry, compressed: Data) {
        let name = displayName + "/" + path
        guard let entry = archive[path], entry.type == .file else {
            let members = memberNames
            throw SourceError(file: name, kind: .missingFile,
                              reason: "not found: the archive holds \(members.isEmpty ? "no files" : members.joined(separator: ", "))")
        }
        let size = Int(clamping: entry.compressedSize)
        guard let start = dataOffset(of: path), size <= bytes.count - start else { throw Self.damaged(name) }
        return (name, entry, bytes[(bytes.startIndex + start)..<(bytes.startIndex + start + size)])
    }

    /// The error for a member whose data is damaged, truncated or fails its CRC-32.
    static func damaged(_ name: String) -> SourceError {
        SourceError(file: name, kind: .corruptCompression, reason: "is damaged or truncated in the zip archive; download the archive again")
    }

    /// Where the data of the member named `path` starts: just past its local file header, found by its signature
    /// and name (ZIPFoundation keeps this offset internal). A forged match yields bytes that fail the CRC-32.
    private func dataOffset(of path: String) -> Int? {
        let name = Array(path.utf8)
        return bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int? in
            let count = raw.count
            var position = 0
            while position + 30 + name.count <= count {
                // Jump to the next "P" with memchr: an archive of hundreds of megabytes is not scanned byte by byte.
                guard let next = memchr(raw.baseAddress! + position, 0x50, count - position) else { return nil }
                position = raw.baseAddress!.distance(to: UnsafeRawPointer(next))
                guard position + 30 + name.count <= count else { return nil }
                guard raw[position + 1] == 0x4B, raw[position + 2] == 0x03, raw[position + 3] == 0x04 else {
                    position += 1
                    continue
                }
                let nameLength = Int(raw[position + 26]) | Int(raw[position + 27]) << 8
                let extraLength = Int(raw[position + 28]) | Int(raw[position + 29]) << 8
                if nameLength == name.count, name.elementsEqual(raw[(position + 30)..<(position + 30 + nameLength)]) {
                    let start = position + 30 + nameLength + extraLength
                    return start <= count ? start : nil
                }
                position += 1
            }
            return nil
        }
    }
}
