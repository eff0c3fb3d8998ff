import AIPInflate
import Foundation

/// gzip and raw deflate (zip member) decompression of source files, through the project's one inflate loop.
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
        var produced = 0
        // A zip member's compressed size comes from its header, so bytes after its stream are not looked at.
        try InflateLoop.run(raw ? .rawDeflate : .gzip, read: read, write: { (piece) throws(SourceError) in
            produced += piece.count
            try limits.check(outputBytes: produced, inputBytes: inputBytes, file: file, what: raw ? "the zip member" : "the gzip file")
            try consume(piece)
        }, failure: { failure in
            let problem: String
            switch failure {
            case .cannotInitialise:
                return SourceError(file: file, kind: .unreadable, reason: "cannot be decompressed: zlib could not be initialised")
            case .truncated: problem = "ends early (truncated)"
            case .damaged(let status): problem = "is damaged (zlib error \(status))"
            }
            return SourceError(file: file, kind: .corruptCompression,
                               reason: "is a corrupt \(raw ? "zip member" : "gzip file"): it \(problem); download it again")
        })
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
        InflateLoop.crc32(bytes, continuing: crc)
    }
}
