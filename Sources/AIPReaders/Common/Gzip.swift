import CZlibSystem
import Foundation

/// gzip and raw deflate (zip member) decompression through zlib; the only zlib code in the project.
enum Gzip {
    /// Decompresses every gzip member of `data` or, when `raw`, the one raw deflate stream of a zip member, stopping
    /// with `.tooLarge` as soon as the output breaks `limits`. The input is bounded, so damaged data always ends.
    static func decompress(_ data: Data, raw: Bool = false, file: String, limits: DecompressionLimits) throws(SourceError) -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one; -MAX_WBITS: no header at all (zip).
        guard inflateInit2_(&stream, raw ? -MAX_WBITS : 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot be decompressed: zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        output.reserveCapacity(min(data.count * 4, limits.ratioCheckAfterBytes))
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        var status = Z_OK
        var limitError: SourceError?
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
                do throws(SourceError) {
                    try limits.check(outputBytes: output.count + produced, inputBytes: data.count, file: file,
                                     what: raw ? "the zip member" : "the gzip file")
                } catch {
                    limitError = error
                    return
                }
                output.append(contentsOf: chunk[0..<produced])
                // Concatenated gzip members are legal; start the next one.
                if status == Z_STREAM_END, !raw, stream.avail_in > 0 {
                    inflateReset(&stream)
                    status = Z_OK
                }
            } while status == Z_OK
        }
        if let limitError { throw limitError }
        guard status == Z_STREAM_END else {
            let problem = status == Z_BUF_ERROR ? "ends early (truncated)" : "is damaged (zlib error \(status))"
            throw SourceError(file: file, kind: .corruptCompression,
                              reason: "is a corrupt \(raw ? "zip member" : "gzip file"): it \(problem); download it again")
        }
        return output
    }

    /// The CRC-32 of `data`, as zip archives record it.
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { bytes in
            UInt32(CZlibSystem.crc32(0, bytes.bindMemory(to: Bytef.self).baseAddress, uInt(bytes.count)))
        }
    }
}
