import CZlibSystem
import Foundation

/// gzip and raw deflate (zip member) decompression through zlib; the only zlib code in the project.
enum Gzip {
    /// Decompresses every gzip member of `data` or, when `raw`, the one raw deflate stream of a zip member, stopping
    /// with `.tooLarge` as soon as the output breaks `limits`. The input is bounded, so damaged data always ends.
    static func decompress(_ data: Data, raw: Bool = false, file: String, limits: DecompressionLimits) throws(SourceError) -> Data {
        var output = Data()
        output.reserveCapacity(min(data.count * 4, limits.ratioCheckAfterBytes))
        try inflate(data, raw: raw, file: file, limits: limits) { (piece: UnsafeBufferPointer<UInt8>) throws(SourceError) in
            output.append(piece)
        }
        return output
    }

    /// Inflates `data` as ``decompress(_:raw:file:limits:)`` does, but hands the output to `consume` in pieces of at
    /// most 1 MiB instead of keeping it: a 1.6 GB GeoNames dump inflates in constant memory. An error `consume`
    /// throws stops the inflation and is rethrown.
    static func inflate(_ data: Data, raw: Bool = false, file: String, limits: DecompressionLimits,
                        consume: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void) throws(SourceError) {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one; -MAX_WBITS: no header at all (zip).
        guard inflateInit2_(&stream, raw ? -MAX_WBITS : 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot be decompressed: zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        var produced = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var status = Z_OK
        var stopError: SourceError?
        data.withUnsafeBytes { (input: UnsafeRawBufferPointer) in
            stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
            stream.avail_in = uInt(input.count)
            repeat {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlibSystem.inflate(&stream, Z_NO_FLUSH)
                }
                let count = chunk.count - Int(stream.avail_out)
                produced += count
                do throws(SourceError) {
                    try limits.check(outputBytes: produced, inputBytes: data.count, file: file,
                                     what: raw ? "the zip member" : "the gzip file")
                    if count > 0 {
                        try chunk.withUnsafeBufferPointer { (buffer) throws(SourceError) in
                            try consume(UnsafeBufferPointer(rebasing: buffer[0..<count]))
                        }
                    }
                } catch {
                    stopError = error
                    return
                }
                // Concatenated gzip members are legal; start the next one.
                if status == Z_STREAM_END, !raw, stream.avail_in > 0 {
                    inflateReset(&stream)
                    status = Z_OK
                }
            } while status == Z_OK
        }
        if let stopError { throw stopError }
        guard status == Z_STREAM_END else {
            let problem = status == Z_BUF_ERROR ? "ends early (truncated)" : "is damaged (zlib error \(status))"
            throw SourceError(file: file, kind: .corruptCompression,
                              reason: "is a corrupt \(raw ? "zip member" : "gzip file"): it \(problem); download it again")
        }
    }

    /// Whether `data` starts with the gzip magic bytes (whatever the file is called).
    static func hasMagic(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// The CRC-32 of `data`, as zip archives record it.
    static func crc32(_ data: Data) -> UInt32 {
        data.withUnsafeBytes { bytes in crc32(bytes.bindMemory(to: UInt8.self), continuing: 0) }
    }

    /// The CRC-32 of `bytes` following bytes whose CRC-32 was `crc` (0 for none): the checksum of a member read in pieces.
    static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32) -> UInt32 {
        UInt32(CZlibSystem.crc32(uLong(crc), bytes.baseAddress, uInt(bytes.count)))
    }
}
