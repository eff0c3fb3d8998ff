import CZlibSystem
import Foundation

/// gzip decompression through zlib; the only zlib code in the project.
enum Gzip {
    /// Decompresses every gzip member of `data`, stopping with `.tooLarge` as soon as the output breaks `limits`.
    static func decompress(_ data: Data, file: String, limits: DecompressionLimits) throws(SourceError) -> Data {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one.
        guard inflateInit2_(&stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
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
                    try limits.check(outputBytes: output.count + produced, inputBytes: data.count, file: file, what: "the gzip file")
                } catch {
                    limitError = error
                    return
                }
                output.append(contentsOf: chunk[0..<produced])
                // Concatenated gzip members are legal; start the next one.
                if status == Z_STREAM_END, stream.avail_in > 0 {
                    inflateReset(&stream)
                    status = Z_OK
                }
            } while status == Z_OK
        }
        if let limitError { throw limitError }
        guard status == Z_STREAM_END else {
            let problem = status == Z_BUF_ERROR ? "ends early (truncated)" : "is damaged (zlib error \(status))"
            throw SourceError(file: file, kind: .corruptCompression,
                              reason: "is a corrupt gzip file: it \(problem); download it again")
        }
        return output
    }
}
