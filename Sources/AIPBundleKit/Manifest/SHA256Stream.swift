import Crypto

/// SHA-256 fed through a fixed-size buffer.
///
/// The logical hash of a database is made of many tiny pieces (a one-byte tag, eight bytes of an integer);
/// copying them into a buffer and hashing 64 KiB at a time is several times faster than one call into the hash
/// function per piece, and memory stays bounded however large the database is.
struct SHA256Stream {
    private var hasher = SHA256()
    private var buffer: [UInt8] = []
    private static let capacity = 64 * 1024

    init() {
        buffer.reserveCapacity(Self.capacity)
    }

    mutating func append(_ byte: UInt8) {
        if buffer.count == Self.capacity { flush() }
        buffer.append(byte)
    }

    /// Appends the eight bytes of `value`, most significant first.
    mutating func append(bigEndian value: UInt64) {
        withUnsafeBytes(of: value.bigEndian) { append($0) }
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count > Self.capacity - buffer.count {
            flush()
            if bytes.count >= Self.capacity {
                hasher.update(bufferPointer: bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
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
    mutating func finalize() -> String {
        flush()
        return hasher.finalize().lowercaseHex
    }

    private mutating func flush() {
        buffer.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
