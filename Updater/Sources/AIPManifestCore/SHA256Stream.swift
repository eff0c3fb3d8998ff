import Crypto

/// SHA-256 fed through a fixed-size buffer.
///
/// The logical hash of a database is made of many tiny pieces (a one-byte tag, eight bytes of an integer);
/// copying them into a buffer and hashing 64 KiB at a time is several times faster than one call into the hash
/// function per piece, and memory stays bounded however large the database is. The buffer is raw memory rather
/// than an array: appending is then a plain copy, without the array's uniqueness and capacity checks.
struct SHA256Stream: ~Copyable {
    private var hasher = SHA256()
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
    private var count = 0
    private static let capacity = 64 * 1024

    deinit {
        buffer.deallocate()
    }

    mutating func append(_ byte: UInt8) {
        if count == Self.capacity { flush() }
        buffer[count] = byte
        count += 1
    }

    /// Appends the eight bytes of `value`, most significant first.
    mutating func append(bigEndian value: UInt64) {
        if Self.capacity - count < 8 { flush() }
        buffer.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count > Self.capacity - count {
            flush()
            if bytes.count >= Self.capacity {
                hasher.update(bufferPointer: bytes)
                return
            }
        }
        if let source = bytes.baseAddress {
            (buffer.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
            count += bytes.count
        }
    }

    /// Appends the byte count of `text`'s UTF-8 form (eight bytes, big-endian), then those bytes.
    mutating func appendLengthPrefixed(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(bigEndian: UInt64(utf8.count))
            append(UnsafeRawBufferPointer(utf8))
        }
    }

    /// The digest of everything appended, as lower-case hexadecimal.
    consuming func finalize() -> String {
        flush()
        return hasher.finalize().lowercaseHex
    }

    /// The 32 bytes of the digest.
    consuming func finalizeBytes() -> [UInt8] {
        flush()
        return Array(hasher.finalize())
    }

    private mutating func flush() {
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        count = 0
    }
}
