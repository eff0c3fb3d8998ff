/// How much a gzip file or zip member may expand to before the read is refused as a decompression bomb.
///
/// A 19.6 KB gzip bomb once killed the build under a 2 GB memory limit without a message. Decompression stops, with
/// ``SourceError`` `.tooLarge`, as soon as the output passes either bound, long before memory runs out:
/// - ``maxBytes``: 2 GiB by default. The largest real input, GeoNames `allCountries.txt`, is about 1.6 GB;
/// - ``maxRatio`` once past ``ratioCheckAfterBytes``: 200:1 past 64 MiB by default. Real CSV and TSV compress 3:1 to
///   10:1, a file of zeros or repeated lines 1000:1; small files are never judged by ratio (their headers dominate).
public struct DecompressionLimits: Sendable, Equatable {
    /// Decompressed size never exceeded, in bytes.
    public var maxBytes: Int
    /// Decompressed size from which ``maxRatio`` applies, in bytes.
    public var ratioCheckAfterBytes: Int
    /// Largest decompressed-to-compressed size ratio allowed past ``ratioCheckAfterBytes``.
    public var maxRatio: Int

    public init(maxBytes: Int, ratioCheckAfterBytes: Int, maxRatio: Int) {
        self.maxBytes = maxBytes
        self.ratioCheckAfterBytes = ratioCheckAfterBytes
        self.maxRatio = maxRatio
    }

    public static let standard = DecompressionLimits(maxBytes: 2 << 30, ratioCheckAfterBytes: 64 << 20, maxRatio: 200)

    /// Throws when `outputBytes` decompressed from `inputBytes` compressed break a limit.
    func check(outputBytes: Int, inputBytes: Int, file: String, what: String) throws(SourceError) {
        if outputBytes > maxBytes {
            throw SourceError(file: file, kind: .tooLarge,
                              reason: "\(what) expands to more than \(maxBytes >> 20) MiB; refusing to read it (a damaged download or a decompression bomb)")
        }
        if outputBytes > ratioCheckAfterBytes, outputBytes / max(inputBytes, 1) > maxRatio {
            throw SourceError(file: file, kind: .tooLarge,
                              reason: "\(what) expands more than \(maxRatio) times (\(inputBytes) bytes to over \(outputBytes >> 20) MiB), which no real data does; refusing to read it (a decompression bomb?)")
        }
    }
}
