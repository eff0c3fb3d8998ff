/// A defect that makes a whole input file unusable: the build stops and publishes nothing.
///
/// Kept apart from ``Finding`` (one bad row) on purpose: an empty or header-only file has really been published
/// by OurAirports, and building an empty bundle from it must be impossible.
public struct SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, for callers and tests that branch on it; ``reason`` says it to a person.
    public enum Kind: Sendable, Equatable {
        case missingFile
        /// The file exists but cannot be read (permission denied, I/O error).
        case unreadable
        /// Something other than a regular file sits where a file should be: a folder, a FIFO, a socket, a device.
        case notARegularFile
        case empty
        case headerOnly
        /// Binary data where text was expected: NUL bytes near the start, or a header that is not UTF-8.
        case notText
        /// Text, but not the expected kind of file (an HTML error page instead of a CSV).
        case notCSV
        case missingColumns([String])
        /// The header names these columns more than once, so reading by name would be ambiguous.
        case duplicateColumns([String])
        case tooManyBadRows
        /// A gzip or zip archive that cannot be decompressed (damaged, truncated or not an archive at all).
        case corruptCompression
        /// Decompressing would exceed ``DecompressionLimits`` (an absurd size or ratio: a decompression bomb).
        case tooLarge
        /// The file ends inside a record: it was cut during download or copy.
        case truncated
        /// A structured file (an XLSX workbook, a `rules.json`) whose content does not follow its format.
        case malformed
        /// Two records claim the same key where keys must be unique (a question id in the rules definitions).
        case duplicateKey
        /// The file's name carries meaning and is not valid (a rules answer sheet not named by a country code).
        case invalidName
        /// Several files could be the one input wanted (two GeoNames place dumps, or one in two forms).
        case ambiguous
    }

    /// The input file, relative to the source tree when known.
    public var file: String
    public var kind: Kind
    /// A sentence a person can act on.
    public var reason: String

    public init(file: String, kind: Kind, reason: String) {
        self.file = file
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(file): \(reason)" }
}
