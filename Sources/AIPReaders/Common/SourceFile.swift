import CZlibSystem
import Foundation

/// The bytes of one input file, gunzipped when the name ends in `.gz`.
public struct SourceFile: Sendable {
    /// The path shown in findings and errors (relative to the source tree).
    public let displayName: String
    /// The file's bytes, decompressed (memory-mapped when the file was not compressed).
    public let bytes: Data
    /// Size on disk (compressed size for `.gz`).
    public let storedByteCount: Int

    public init(displayName: String, bytes: Data, storedByteCount: Int? = nil) {
        self.displayName = displayName
        self.bytes = bytes
        self.storedByteCount = storedByteCount ?? bytes.count
    }

    /// Reads `url`, decompressing gzip data (detected by its magic bytes, whatever the name says).
    ///
    /// - Throws: ``SourceError`` with kind `.missingFile`, `.unreadable` or `.notCSV` (corrupt gzip).
    public init(contentsOf url: URL, displayName: String) throws {
        let raw: Data
        do {
            raw = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw SourceError(file: displayName, kind: exists ? .unreadable : .missingFile,
                              reason: exists ? "cannot be read: \(error.localizedDescription)" : "file not found at \(url.path)")
        }
        if raw.count >= 2, raw[raw.startIndex] == 0x1F, raw[raw.startIndex + 1] == 0x8B {
            self.init(displayName: displayName, bytes: try Gzip.decompress(raw, file: displayName), storedByteCount: raw.count)
        } else {
            self.init(displayName: displayName, bytes: raw, storedByteCount: raw.count)
        }
    }
}

/// gzip decompression through zlib; the only zlib code in the project.
enum Gzip {
    static func decompress(_ data: Data, file: String) throws -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SourceError(file: file, kind: .unreadable, reason: "zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        output.reserveCapacity(data.count * 4)
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var status = Z_OK
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[0..<produced])
                // Concatenated gzip members are legal; start the next one.
                if status == Z_STREAM_END, stream.avail_in > 0 {
                    inflateReset(&stream)
                    status = Z_OK
                }
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else {
            throw SourceError(file: file, kind: .notCSV,
                              reason: "is not a valid gzip file (zlib error \(status)); download it again")
        }
        return output
    }
}
