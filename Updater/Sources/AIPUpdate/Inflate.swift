import AIPErrorText
import AIPInflate
import Foundation

/// Raw DEFLATE (RFC 1951: no zlib or gzip header) decompression, the one compression of update payloads.
///
/// Every platform the bundle reaches ships it: zlib on Linux and Android (`Inflater(true)`), the SDK's libz on
/// iOS and macOS (Apple's Compression framework calls the same stream `COMPRESSION_ZLIB`), Python's
/// `zlib.decompressobj(-15)`. The payload's SHA-256 is checked before it is inflated, so the format's own lack of
/// a checksum costs nothing; the output size is known from signed data and enforced exactly.
public enum Inflate {
    /// Inflates `data`, which must decode to exactly `expectedBytes` bytes.
    /// - Throws: `UpdateError.corruptPayload` when it is not one complete raw deflate stream of that size.
    public static func data(_ data: Data, expectedBytes: Int, name: String) throws -> Data {
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
    public static func file(_ source: URL, to destination: URL, expectedBytes: Int, name: String) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw UpdateError(.fileSystem, "\(name): cannot open the payload \(source.path): \(ErrorText.reason(error))")
        }
        // Closing a file only read cannot lose anything; its error changes nothing here.
        defer { try? input.close() }
        guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
            throw UpdateError(.fileSystem, "\(name): cannot create \(destination.path)")
        }
        let output = try FileHandle(forWritingTo: destination)
        // The bytes are flushed by `synchronize()` below, whose error is thrown; a failed close after it loses nothing.
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

    /// Inflates through the project's one inflate loop, enforcing the signed size exactly and refusing bytes after
    /// the end of the stream.
    private static func run(expectedBytes: Int, name: String,
                            read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int,
                            write: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var produced = 0
        let trailing = try InflateLoop.run(.rawDeflate, read: read, write: { piece in
            produced += piece.count
            guard produced <= expectedBytes else {
                throw UpdateError(.corruptPayload, "\(name): inflates to more than the \(expectedBytes) bytes signed for it")
            }
            try write(piece)
        }, failure: { failure -> any Error in
            switch failure {
            case .cannotInitialise: UpdateError(.fileSystem, "\(name): zlib could not be initialised")
            case .truncated: UpdateError(.corruptPayload, "\(name): the payload ends early (truncated)")
            case .damaged(let status):
                UpdateError(.corruptPayload, "\(name): the payload is not a raw deflate stream (zlib error \(status))")
            }
        })
        guard !trailing else {
            throw UpdateError(.corruptPayload, "\(name): the payload has bytes after the end of its deflate stream")
        }
        guard produced == expectedBytes else {
            throw UpdateError(.corruptPayload, "\(name): inflates to \(produced) bytes, not the \(expectedBytes) signed for it")
        }
    }
}

/// Tells a full volume from other write failures, so an app can say "free some space" rather than "error".
public enum FileWriteError {
    public static func classify(_ error: any Error, writing url: URL, what: String) -> UpdateError {
        let nsError = error as NSError
        let posix = (nsError.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { $0.domain == NSPOSIXErrorDomain ? $0.code : nil }
            ?? (nsError.domain == NSPOSIXErrorDomain ? nsError.code : nil)
        if posix == Int(ENOSPC) || posix == Int(EDQUOT) || nsError.code == NSFileWriteOutOfSpaceError {
            return UpdateError(.outOfSpace, "\(what): the volume is full while writing \(url.lastPathComponent); free some space and retry")
        }
        return UpdateError(.fileSystem, "\(what): cannot write \(url.path): \(ErrorText.reason(error))")
    }
}
