import CLZMA
import Foundation

/// xz (LZMA2) compression through liblzma: every payload of a delta package and of the update channel.
///
/// On iOS/macOS, Apple's Compression framework reads and writes the same `.xz` container
/// (`COMPRESSION_LZMA`, `Algorithm.lzma`), so an app may decompress with it instead of linking liblzma.
public enum XZ {
    /// The whole of `data` as one xz stream (preset 6, CRC-64 check): deterministic for the same input.
    public static func compress(_ data: Data, preset: UInt32 = 6) throws -> Data {
        let bound = lzma_stream_buffer_bound(data.count)
        var output = Data(count: bound)
        var written = 0
        let status = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                lzma_easy_buffer_encode(preset, LZMA_CHECK_CRC64, nil,
                                        input.baseAddress?.assumingMemoryBound(to: UInt8.self), input.count,
                                        out.baseAddress!.assumingMemoryBound(to: UInt8.self), &written, bound)
            }
        }
        guard status == LZMA_OK else { throw UpdateError("xz compression failed (liblzma status \(status.rawValue))") }
        output.count = written
        return output
    }

    /// Decompresses one complete xz stream of at most `limit` bytes of output.
    /// - Throws: `UpdateError` when `data` is not xz, is truncated or corrupt, has bytes after the stream, or
    ///   would decompress to more than `limit` bytes (checked while decoding, before memory runs out).
    public static func decompress(_ data: Data, limit: Int, name: String) throws -> Data {
        var stream = lzma_stream()
        guard lzma_stream_decoder(&stream, UInt64.max, 0) == LZMA_OK else {
            throw UpdateError("\(name): cannot start the xz decoder")
        }
        defer { lzma_end(&stream) }
        var output = Data()
        let chunk = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunk)
        return try data.withUnsafeBytes { input in
            stream.next_in = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.avail_in = input.count
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = chunk
                    return lzma_code(&stream, LZMA_FINISH)
                }
                output.append(contentsOf: buffer[0..<(chunk - stream.avail_out)])
                guard output.count <= limit else {
                    throw UpdateError("\(name): decompresses to more than the \(limit) bytes expected")
                }
                switch status {
                case LZMA_OK:
                    continue
                case LZMA_STREAM_END:
                    guard stream.avail_in == 0 else { throw UpdateError("\(name): has bytes after the end of its xz stream") }
                    return output
                case LZMA_FORMAT_ERROR:
                    throw UpdateError("\(name): is not an xz stream")
                case LZMA_BUF_ERROR:
                    throw UpdateError("\(name): the xz stream is truncated")
                default:
                    throw UpdateError("\(name): the xz stream is corrupt (liblzma status \(status.rawValue))")
                }
            }
        }
    }
}
