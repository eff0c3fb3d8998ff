import CZlibSystem

/// The one zlib inflate loop of the project: gzip files and zip members in the readers, raw deflate update payloads
/// on the device. Callers bring their input (`read`), take the output (`write`, pieces of at most 1 MiB, where they
/// also enforce their size limits) and word an ``InflateFailure`` as their own error (`failure`).
///
/// Input is finite and every pass either consumes input, produces output or ends, so any bytes end in a result or an
/// error (a one-byte input included).
public enum InflateLoop {
    public enum Format: Sendable {
        /// gzip (RFC 1952); concatenated members are legal and each is inflated in turn.
        case gzip
        /// Raw deflate (RFC 1951), no header: one stream, which must end before the input does.
        case rawDeflate
    }

    /// Inflates what `read` gives (it fills the buffer and returns how many bytes, 0 at the end) into `write`.
    /// - Returns: for ``Format/rawDeflate``, whether input is left after the end of the stream (gzip reads every member).
    /// - Throws: `failure` of what went wrong, or whatever `read` or `write` throw (which stops the loop).
    @discardableResult
    public static func run<E: Error>(_ format: Format,
                                     read: (UnsafeMutableBufferPointer<UInt8>) throws(E) -> Int,
                                     write: (UnsafeBufferPointer<UInt8>) throws(E) -> Void,
                                     failure: (InflateFailure) -> E) throws(E) -> Bool {
        var stream = z_stream()
        // 16 + MAX_WBITS: expect a gzip header rather than a raw zlib one; -MAX_WBITS: no header at all.
        let windowBits = format == .gzip ? 16 + MAX_WBITS : -MAX_WBITS
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw failure(.cannotInitialise)
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
        func refill() throws(E) -> Bool {
            guard stream.avail_in == 0 else { return true }
            guard !inputEnded else { return false }
            let count = try read(input)
            inputEnded = count == 0
            stream.next_in = input.baseAddress
            stream.avail_in = uInt(count)
            return count > 0
        }
        var status = Z_OK
        while true {
            _ = try refill()
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            status = inflate(&stream, Z_NO_FLUSH)
            let count = output.count - Int(stream.avail_out)
            if count > 0 { try write(UnsafeBufferPointer(rebasing: output[0..<count])) }
            if status == Z_STREAM_END {
                guard format == .gzip, try refill() else { break }
                // Input is left after a gzip member: the next member starts there.
                guard inflateReset(&stream) == Z_OK else { throw failure(.damaged(zlibStatus: Z_STREAM_ERROR)) }
                continue
            }
            // Z_BUF_ERROR with the input used up: more is needed, unless the input has ended (then it is truncated).
            if status == Z_BUF_ERROR, stream.avail_in == 0, !inputEnded { continue }
            guard status == Z_OK, count > 0 || stream.avail_in > 0 || !inputEnded else { break }
        }
        guard status == Z_STREAM_END else {
            throw failure(status == Z_OK || status == Z_BUF_ERROR ? .truncated : .damaged(zlibStatus: status))
        }
        return try refill()
    }

    /// The CRC-32 of `bytes` following bytes whose CRC-32 was `crc` (0 for none), as zip archives record it.
    public static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32) -> UInt32 {
        UInt32(CZlibSystem.crc32(uLong(crc), bytes.baseAddress, uInt(bytes.count)))
    }
}

/// Why compressed bytes did not inflate; each caller words it for its own file.
public enum InflateFailure: Equatable, Sendable {
    /// zlib could not set up a stream (out of memory).
    case cannotInitialise
    /// The input ended before the stream did.
    case truncated
    /// The bytes are not a stream of the format (zlib's status code).
    case damaged(zlibStatus: Int32)
}
