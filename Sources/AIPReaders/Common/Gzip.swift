import CZlibSystem
import Foundation

/// gzip and raw deflate (zip member) decompression through zlib; the only zlib code in the project.
enum Gzip {
    /// Decompresses every gzip member of `data` or, when `raw`, the one raw deflate stream of a zip member, stopping
    /// with `.tooLarge` as soon as the output breaks `limits`. The input is bounded, so damaged data always ends.
    static func decompress(_ data: Data, raw: Bool = false, file: String, limits: DecompressionLimits) throws(SourceError) -> Data {
        var output = Data()
        output.reserveCapacity(min(data.count * 4, limits.ratioCheckAfterBytes))
        var offset = 0
        try inflate(raw: raw, inputBytes: data.count, file: file, limits: limits, read: { buffer in
            let count = min(buffer.count, data.count - offset)
            data.copyBytes(to: buffer, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
            offset += count
            return count
        }, consume: { (piece: UnsafeBufferPointer<UInt8>) throws(SourceError) in
            output.append(piece)
        })
        return output
    }

    /// Inflates the compressed bytes `read` fills buffers with (returning how many, 0 at the end; `inputBytes` in all,
    /// for the ratio limit), as ``decompress(_:raw:file:limits:)`` does, but hands the output to `consume` in pieces
    /// of at most 1 MiB instead of keeping it: a 1.6 GB GeoNames dump inflates in constant memory, from a file read
    /// piece by piece. An error `read` or `consume` throws stops the inflation and is rethrown.
    static func inflate(raw: Bool, inputBytes: Int, file: String, limits: DecompressionLimits,
                        read: (UnsafeMutableBufferPointer<UInt8>) throws(SourceError) -> Int,
                        consume: (UnsafeBufferPointer<UInt8>) throws(SourceError) -> Void) throws(SourceError) {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one; -MAX_WBITS: no header at all (zip).
        guard inflateInit2_(&stream, raw ? -MAX_WBITS : 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw SourceError(file: file, kind: .unreadable, reason: "cannot be decompressed: zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var inputEnded = false
        /// Refills the input when zlib has used it all; false once there is none left.
        func refill() throws(SourceError) -> Bool {
            guard stream.avail_in == 0 else { return true }
            guard !inputEnded else { return false }
            let count = try read(input)
            inputEnded = count == 0
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(count)
            return count > 0
        }
        var produced = 0
        var status = Z_OK
        while true {
            _ = try refill()
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            status = CZlibSystem.inflate(&stream, Z_NO_FLUSH)
            let count = output.count - Int(stream.avail_out)
            produced += count
            try limits.check(outputBytes: produced, inputBytes: inputBytes, file: file, what: raw ? "the zip member" : "the gzip file")
            if count > 0 { try consume(UnsafeBufferPointer(rebasing: output[0..<count])) }
            if status == Z_STREAM_END {
                // Concatenated gzip members are legal: start the next one if any input is left.
                guard !raw, try refill() else { break }
                inflateReset(&stream)
                continue
            }
            // Z_BUF_ERROR with the input used up: more is needed, unless the file has ended (then it is truncated).
            if status == Z_BUF_ERROR, stream.avail_in == 0, !inputEnded { continue }
            guard status == Z_OK else { break }
        }
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
