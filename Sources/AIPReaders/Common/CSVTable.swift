import AIPFindings

/// Where each named column sits in a CSV file, read once from its header.
public struct CSVHeader: Sendable {
    /// Column name → field index.
    public let indexes: [String: Int]
    public let fieldCount: Int

    /// The column named `name`; only ask for columns the header was checked to have.
    public subscript(name: String) -> CSVColumn { CSVColumn(name: name, index: indexes[name]!) }

    /// The column named `name`, if the header has it.
    public func optional(_ name: String) -> CSVColumn? { indexes[name].map { CSVColumn(name: name, index: $0) } }
}

/// A column found in the header: its name (for findings) and its position (for reading).
public struct CSVColumn: Sendable {
    public let name: String
    public let index: Int
    /// The most characters (Unicode scalars) a text value may have, as the format documents; nil: no limit.
    public let maximumLength: Int?

    /// A column of a headerless file, named for findings (e.g. `CSVColumn(name: "latitude", index: 4)` in GeoNames).
    public init(name: String, index: Int, maximumLength: Int? = nil) {
        self.name = name
        self.index = index
        self.maximumLength = maximumLength
    }
}

/// What a whole-file read saw, for the report and the benchmarks.
public struct CSVTableSummary: Sendable {
    /// Data records (the header excluded), well-formed or not.
    public var recordCount = 0
    /// Findings for records dropped because of their quoting or field count.
    public var findings: [Finding] = []
    /// Bytes read (decompressed); set by the streaming read.
    public var byteCount = 0
}

/// Reads a delimited text file: the checks every tabular source shares, then each data record.
///
/// Fatal (``SourceError``): an empty file; NUL bytes in the first 64 KiB (a binary file); a file that ends inside a
/// record (truncated). With a header: a header that is not UTF-8, has none of the required columns (not the expected
/// kind of file), lacks some of them or names a column twice; no data rows. Without one: no line with the expected
/// number of fields. A record whose field count is wrong is a finding (`csv.field_count`), never passed to `onRow`.
public enum CSVTable {
    /// Reads a file whose first record is a header.
    ///
    /// `columns` turns the checked header into whatever the caller reads rows with (typically a struct of
    /// ``CSVColumn``s), once, so no row pays for a lookup by name.
    public static func read<Columns>(
        _ file: SourceFile,
        format: String,
        dialect: CSVDialect = .csv,
        required: [String],
        columns makeColumns: (CSVHeader) -> Columns,
        onRow: (CSVRecord, Columns) -> Void
    ) throws -> CSVTableSummary {
        try withText(file, format: format) { bytes in
            var header: CSVHeader?
            var columns: Columns?
            var headerError: SourceError?
            var summary = CSVTableSummary()
            let outcome = CSVParser.parse(bytes, dialect: dialect, onRecord: { record in
                guard let header else {
                    do throws(SourceError) {
                        header = try makeHeader(record, file: file, format: format, required: required)
                        columns = makeColumns(header!)
                        return true
                    } catch {
                        headerError = error
                        return false
                    }
                }
                summary.recordCount += 1
                guard record.count == header.fieldCount else {
                    summary.rejectFieldCount(record, expected: header.fieldCount, file: file.displayName, of: "the header")
                    return true
                }
                onRow(record, columns!)
                return true
            }, onMalformed: { line, code, reason in
                // The header itself can be the broken record; it still counts as a data row then.
                summary.reject(line: line, code: code, reason: reason, file: file.displayName)
            })
            if let headerError { throw headerError }
            guard header != nil else {
                throw SourceError(file: file.displayName, kind: .notCSV,
                                  reason: "has no readable header line; expected \(format) CSV")
            }
            try checkComplete(outcome, file: file)
            if summary.recordCount == 0 {
                throw SourceError(file: file.displayName, kind: .headerOnly,
                                  reason: "has a header but no data rows; refusing to build a bundle without \(format) data")
            }
            return summary
        }
    }

    /// Reads a file without a header (GeoNames dumps): every record is data, and `onRow` gets only those with exactly
    /// `columnCount` fields. Callers address columns by index, e.g. `CSVColumn(name: "latitude", index: 4)`.
    public static func read(
        _ file: SourceFile,
        format: String,
        dialect: CSVDialect,
        columnCount: Int,
        onRow: (CSVRecord) -> Void
    ) throws -> CSVTableSummary {
        try read(SourceStream(file), format: format, dialect: dialect, columnCount: columnCount, onRow: onRow)
    }

    /// Reads a headerless file piece by piece, in constant memory whatever its size (GeoNames `allCountries.txt`,
    /// 1.6 GB), with the same checks, findings and line numbers as a whole read.
    ///
    /// Each piece is cut after its last line feed; the bytes after it wait for the next piece, so the parser always
    /// sees whole lines. That is exact for an unquoted dialect, where a record never spans lines; a quoted dialect's
    /// stream is read whole before parsing (as is a file without any line feed).
    public static func read(
        _ stream: SourceStream,
        format: String,
        dialect: CSVDialect,
        columnCount: Int,
        onRow: (CSVRecord) -> Void
    ) throws -> CSVTableSummary {
        var summary = CSVTableSummary()
        var sawWellFormedRecord = false
        var sawText = false
        var checkedForNUL = 0
        var isFirstPiece = true
        var line = 1
        var truncatedLine: Int?
        var pending: [UInt8] = []
        let file = stream.displayName

        func parse(_ lines: UnsafeBufferPointer<UInt8>) {
            let (outcome, nextLine) = CSVParser.parse(lines, dialect: dialect, expectedFieldCount: columnCount, firstLine: line, onRecord: { record in
                summary.recordCount += 1
                guard record.count == columnCount else {
                    summary.rejectFieldCount(record, expected: columnCount, file: file, of: format)
                    return true
                }
                sawWellFormedRecord = true
                onRow(record)
                return true
            }, onMalformed: { line, code, reason in
                summary.reject(line: line, code: code, reason: reason, file: file)
            })
            line = nextLine
            if case .truncated(let at) = outcome { truncatedLine = at }
        }

        summary.byteCount = try stream.forEachPiece { (piece: UnsafeBufferPointer<UInt8>) throws(SourceError) in
            var bytes = piece
            // A UTF-8 byte order mark (spreadsheet exports, countryInfo.txt) is not part of the first field.
            if isFirstPiece, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            isFirstPiece = false
            // Later NUL bytes are findings on their fields (`value.nul_byte`); near the start they mean a binary file.
            if checkedForNUL < 65_536 {
                let head = bytes.prefix(65_536 - checkedForNUL)
                if head.contains(0) { throw binaryFile(file, format: format) }
                checkedForNUL += head.count
            }
            if !sawText { sawText = bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 } }
            guard !dialect.quoting, let lastNewline = bytes.lastIndex(of: 0x0A) else {
                pending.append(contentsOf: bytes)
                return
            }
            if pending.isEmpty {
                parse(UnsafeBufferPointer(rebasing: bytes[...lastNewline]))
            } else {
                pending.append(contentsOf: bytes[...lastNewline])
                pending.withUnsafeBufferPointer { parse($0) }
                pending.removeAll(keepingCapacity: true)
            }
            pending.append(contentsOf: bytes[(lastNewline + 1)...])
        }
        if !sawText { throw emptyFile(file, format: format) }
        pending.withUnsafeBufferPointer { parse($0) }
        if let truncatedLine { throw truncatedFile(file, line: truncatedLine) }
        if summary.recordCount == 0 {
            throw SourceError(file: file, kind: .empty,
                              reason: "has no data lines; refusing to build a bundle without \(format) data")
        }
        if !sawWellFormedRecord {
            throw SourceError(file: file, kind: .notCSV,
                              reason: "does not look like \(format): none of its lines has \(columnCount) fields")
        }
        return summary
    }

    /// The file-level checks before parsing: a UTF-8 byte order mark is skipped, an empty or binary file is fatal.
    private static func withText<Result>(
        _ file: SourceFile, format: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) throws -> Result {
        try file.bytes.withUnsafeBytes { raw in
            var bytes = raw.bindMemory(to: UInt8.self)
            // A UTF-8 byte order mark (spreadsheet exports, countryInfo.txt) is not part of the first field.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                throw emptyFile(file.displayName, format: format)
            }
            // Later NUL bytes are findings on their fields (`value.nul_byte`); near the start they mean a binary file.
            if bytes.prefix(65_536).contains(0) { throw binaryFile(file.displayName, format: format) }
            return try body(bytes)
        }
    }

    private static func checkComplete(_ outcome: CSVParser.Outcome, file: SourceFile) throws(SourceError) {
        if case .truncated(let line) = outcome { throw truncatedFile(file.displayName, line: line) }
    }

    private static func emptyFile(_ file: String, format: String) -> SourceError {
        SourceError(file: file, kind: .empty, reason: "is empty; refusing to build a bundle without \(format) data")
    }

    private static func binaryFile(_ file: String, format: String) -> SourceError {
        SourceError(file: file, kind: .notText, reason: "is not a text file (it contains NUL bytes); expected \(format) data")
    }

    private static func truncatedFile(_ file: String, line: Int) -> SourceError {
        SourceError(file: file, kind: .truncated,
                    reason: "ends inside a record at line \(line): the file looks truncated; download it again")
    }

    private static func makeHeader(_ record: CSVRecord, file: SourceFile, format: String, required: [String]) throws(SourceError) -> CSVHeader {
        var indexes: [String: Int] = [:]
        var duplicates: [String] = []
        for index in 0..<record.count {
            let bytes = record[index]
            guard let name = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
                throw SourceError(file: file.displayName, kind: .notText,
                                  reason: "is not UTF-8 text; expected \(format) CSV")
            }
            if indexes[name] == nil {
                indexes[name] = index
            } else if !name.isEmpty, !duplicates.contains(name) {
                duplicates.append(name)
            }
        }
        let missing = required.filter { indexes[$0] == nil }
        if missing.count == required.count {
            throw SourceError(file: file.displayName, kind: .notCSV,
                              reason: "does not look like \(format) CSV: its first line has none of the columns \(required.joined(separator: ", "))")
        }
        if !missing.isEmpty {
            throw SourceError(file: file.displayName, kind: .missingColumns(missing),
                              reason: "lacks required column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (line 1)")
        }
        // Reading by name would silently take the first of two columns with the same name.
        if !duplicates.isEmpty {
            throw SourceError(file: file.displayName, kind: .duplicateColumns(duplicates),
                              reason: "names column\(duplicates.count == 1 ? "" : "s") \(duplicates.joined(separator: ", ")) more than once (line \(record.line)); which one holds the data is ambiguous, fix the header")
        }
        return CSVHeader(indexes: indexes, fieldCount: record.count)
    }
}

private extension CSVTableSummary {
    mutating func reject(line: Int, code: FindingCode, reason: String, file: String) {
        recordCount += 1
        findings.append(Finding(file: file, line: line, code: code, reason: reason, action: .rowRejected))
    }

    mutating func rejectFieldCount(_ record: CSVRecord, expected: Int, file: String, of source: String) {
        findings.append(Finding(file: file, line: record.line, code: .csvFieldCount,
                                reason: "has \(record.count) fields, \(source) has \(expected)", action: .rowRejected))
    }
}
