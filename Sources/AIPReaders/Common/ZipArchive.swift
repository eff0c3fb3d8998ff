import Foundation
import ZIPFoundation

/// A zip archive opened for reading its members as ``SourceFile``s: GeoNames ships `cities15000.zip` holding
/// `cities15000.txt`, and XLSX sheets are zip archives.
///
/// A member is named in findings and errors as `archive/member` (e.g. `geonames/cities15000.zip/cities15000.txt`).
/// Members are decompressed as a stream and counted against ``DecompressionLimits``, whatever size the archive
/// claims for them (a bomb lies about it). Every ZIPFoundation error becomes a ``SourceError`` a person can act on.
public struct ZipArchive {
    /// The archive as named in errors.
    public let displayName: String
    private let archive: Archive

    /// Opens the archive at `url`.
    ///
    /// - Throws: ``SourceError`` `.missingFile`, `.notARegularFile`, `.unreadable`, or `.corruptCompression` when it is
    ///   not a readable zip archive.
    public init(contentsOf url: URL, displayName: String) throws(SourceError) {
        try SourceFile.checkRegularFile(url, displayName: displayName)
        self.displayName = displayName
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw SourceError(file: displayName, kind: .corruptCompression,
                              reason: "is not a readable zip archive (damaged, truncated or another kind of file); download it again")
        }
    }

    /// The paths of the files in the archive (folders left out), in byte-wise order.
    public var memberNames: [String] {
        archive.filter { $0.type == .file }.map(\.path).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The decompressed member at `path`.
    ///
    /// - Throws: ``SourceError`` `.missingFile` when the archive has no such file, `.tooLarge` when it expands past
    ///   `limits`, `.corruptCompression` when its data is damaged (bad deflate stream or checksum).
    public func member(_ path: String, limits: DecompressionLimits = .standard) throws(SourceError) -> SourceFile {
        let name = displayName + "/" + path
        guard let entry = archive[path], entry.type == .file else {
            let members = memberNames
            throw SourceError(file: name, kind: .missingFile,
                              reason: "not found: the archive holds \(members.isEmpty ? "no files" : members.joined(separator: ", "))")
        }
        let compressed = Int(clamping: entry.compressedSize)
        var bytes = Data()
        var limitError: SourceError?
        let checksum: CRC32
        do {
            checksum = try archive.extract(entry) { chunk in
                do throws(SourceError) {
                    try limits.check(outputBytes: bytes.count + chunk.count, inputBytes: compressed, file: name, what: "the zip member")
                } catch {
                    limitError = error
                    throw error
                }
                bytes.append(chunk)
            }
        } catch {
            if let limitError { throw limitError }
            throw SourceError(file: name, kind: .corruptCompression,
                              reason: "cannot be extracted: the zip archive is damaged or truncated; download it again")
        }
        // ZIPFoundation computes the CRC-32 but leaves comparing it to the caller: a flipped byte must not pass.
        guard checksum == entry.checksum else {
            throw SourceError(file: name, kind: .corruptCompression,
                              reason: "is damaged: its checksum does not match the zip archive's; download the archive again")
        }
        return SourceFile(displayName: name, bytes: bytes, storedByteCount: compressed)
    }
}
