import CZlibSystem
import Foundation

/// Raw DEFLATE compression (RFC 1951, level 9) of update payloads; the device inflates them (`Inflate`).
/// Deterministic for the same input and zlib, so rebuilding a package gives the same bytes.
package enum Deflate {
    package static func compress(_ data: Data) throws -> Data {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DeltaError(.compression, "zlib could not be initialised for compression")
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        let status = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(bound)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw DeltaError(.compression, "deflate failed (zlib status \(status))") }
        output.count = Int(stream.total_out)
        return output
    }
}
