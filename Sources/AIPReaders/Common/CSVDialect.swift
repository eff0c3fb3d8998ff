/// How a delimited text file is written: the delimiter, whether `"` quotes fields, whether the first record is a
/// header, and which lines are comments.
///
/// One parser serves every tabular source through its dialect: comma-separated, quoted OurAirports and border files,
/// and tab-separated, unquoted, headerless GeoNames dumps whose alternate names contain plain `"` characters.
public struct CSVDialect: Sendable, Equatable {
    /// The byte between fields (`,` or tab).
    public var delimiter: UInt8
    /// Whether `"` quotes fields (RFC 4180). When false, a `"` is plain data and records never span lines.
    public var quoting: Bool
    /// Whether the first record names the columns. Without one, callers give the column count and read columns by index.
    public var hasHeader: Bool
    /// Lines starting with this byte, where a record would start, are skipped (`#` in GeoNames' `countryInfo.txt`).
    public var commentPrefix: UInt8?

    public init(delimiter: UInt8, quoting: Bool, hasHeader: Bool, commentPrefix: UInt8? = nil) {
        self.delimiter = delimiter
        self.quoting = quoting
        self.hasHeader = hasHeader
        self.commentPrefix = commentPrefix
    }

    /// Comma-separated, quoted, with a header row: OurAirports and border files.
    public static let csv = CSVDialect(delimiter: UInt8(ascii: ","), quoting: true, hasHeader: true)

    /// GeoNames dumps (`citiesNNN.txt`, `allCountries.txt`, `alternateNamesV2.txt`): tab-separated, unquoted, no header.
    public static let geoNames = CSVDialect(delimiter: UInt8(ascii: "\t"), quoting: false, hasHeader: false)

    /// GeoNames `countryInfo.txt`: like ``geoNames``, with `#` comment lines (its column names are one of them).
    public static let geoNamesCountryInfo = CSVDialect(delimiter: UInt8(ascii: "\t"), quoting: false, hasHeader: false,
                                                       commentPrefix: UInt8(ascii: "#"))
}
