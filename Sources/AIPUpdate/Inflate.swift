import AIPErrorText
import CZlibSystem
import Foundation

/// Raw DEFLATE (RFC 1951: no zlib or gzip header) decompression, the one compression of update payloads.
///
/// Every platform the bundle reaches ships it: zlib on Linux and Android (`Inflater(true)`), the SDK's libz on
/// iOS and macOS (Apple's Compression framework calls the same stream `COMPRESSION_ZLIB`), Python's
/// `zlib.decompressobj(-15)`. The payload's SHA-256 is checked before it is inflated, so the format's own lack of
/// a checksum costs nothing; the output size is known from signed data and enforced exactly.
package enum Inflate {
    /// Inflates `data`, which must decode to exactly `expectedBytes` bytes.
    /// - Throws: `UpdateError.corruptPayload` when it is not one complete raw deflate stream of that size.
    package static func data(_ data: Data, expectedBytes: Int, name: String) throws -> Data {
        var output = Data()
        output.reserveCapacity(min(expectedBytes, 64 << 20))
        var offset = 0
        try run(expectedBytes: expectedBytes, name: name, read: { buffer in
            let count = min(buffer.count, data.count - offset)
            data.copyBytes(to: buffer, from: (data.startIndex + offset)..<(data.startIndex + offset + count))
            offset += count
            return count
        }, write: { output.append($0) })
        return output
    }

    /// Inflates the file at `source` into the new file `destination`, in constant memory.
    /// - Throws: `UpdateError.corruptPayload` as ``data(_:expectedBytes:name:)``; `.outOfSpace` or `.fileSystem`
    ///   when the output cannot be written.
    package static func file(_ source: URL, to destination: URL, expectedBytes: Int, name: String) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw UpdateError(.fileSystem, "\(name): cannot open the payload \(source.path): \(ErrorText.reason(error))")
        }
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw UpdateError(.fileSystem, "\(name): cannot create \(destination.path)")
        }
        let output = try FileHandle(forWritingTo: destination)
        defer { try? output.close() }
        try run(expectedBytes: expectedBytes, name: name, read: { buffer in
            guard let chunk = try input.read(upToCount: buffer.count), !chunk.isEmpty else { return 0 }
            return chunk.copyBytes(to: buffer)
        }, write: { piece in
            do {
                try output.write(contentsOf: Data(piece))
            } catch {
                throw FileWriteError.classify(error, writing: destination, what: name)
            }
        })
        do {
            try output.synchronize()
        } catch {
            throw FileWriteError.classify(error, writing: destination, what: name)
        }
    }

    /// The inflate loop: input from `read` (0 at the end), output to `write` in pieces of at most 1 MiB.
    /// Input is finite and every pass either consumes input, produces output or ends, so any bytes end in a result
    /// or an error (a one-byte payload included).
    private static func run(expectedBytes: Int, name: String,
                            read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int,
                            write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw UpdateError(.fileSystem, "\(name): zlib could not be initialised")
        }
        defer { inflateEnd(&stream) }
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        let output = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var inputEnded = false
        var produced = 0
        var status = Z_OK
        while true {
            if stream.avail_in == 0, !inputEnded {
                let count = try read(input)
                inputEnded = count == 0
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(count)
            }
            stream.next_out = output.baseAddress
            stream.avail_out = uInt(output.count)
            status = CZlibSystem.inflate(&stream, Z_NO_FLUSH)
            let count = output.count - Int(stream.avail_out)
            produced += count
            guard produced <= expectedBytes else {
                throw UpdateError(.corruptPayload, "\(name): inflates to more than the \(expectedBytes) bytes signed for it")
            }
            if count > 0 { try write(UnsafeBufferPointer(rebasing: output[0..<count])) }
            if status == Z_STREAM_END { break }
            if status == Z_BUF_ERROR, stream.avail_in == 0, !inputEnded { continue }
            guard status == Z_OK, count > 0 || stream.avail_in > 0 || !inputEnded else { break }
        }
        guard status == Z_STREAM_END else {
            let problem = status == Z_OK || status == Z_BUF_ERROR ? "ends early (truncated)" : "is not a raw deflate stream (zlib error \(status))"
            throw UpdateError(.corruptPayload, "\(name): the payload \(problem)")
        }
        var trailing = stream.avail_in > 0
        if !trailing, !inputEnded { trailing = try read(input) > 0 }
        guard !trailing else {
            throw UpdateError(.corruptPayload, "\(name): the payload has bytes after the end of its deflate stream")
        }
        guard produced == expectedBytes else {
            throw UpdateError(.corruptPayload, "\(name): inflates to \(produced) bytes, not the \(expectedBytes) signed for it")
        }
    }
}

/// Tells a full volume from other write failures, so an app can say "free some space" rather than "error".
package enum FileWriteError {
    package static func classify(_ error: any Error, writing url: URL, what: String) -> UpdateError {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
            ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil)
        if posix == Int(ENOSPC) || posix == Int(EDQUOT) || nsError.code == NSFileWriteOutOfSpaceError {
            return UpdateError(.outOfSpace, "\(what): the volume is full while writing \(url.lastPathComponent); free some space and retry")
        }
        return UpdateError(.fileSystem, "\(what): cannot write \(url.path): \(ErrorText.reason(error))")
    }
}
