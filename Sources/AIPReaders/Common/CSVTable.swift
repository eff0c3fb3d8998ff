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
}

/// What a whole-file read saw, for the report and the benchmarks.
public struct CSVTableSummary: Sendable {
    /// Data records (the header excluded), well-formed or not.
    public var recordCount = 0
    /// Findings for records dropped because of their quoting or field count.
    public var findings: [Finding] = []
}

/// Reads a CSV file that has a header row: the checks every tabular source shares, then each data record.
///
/// Fatal (``SourceError``): an empty file, a file with NUL bytes or a header that is not UTF-8, a header that has none of the
/// required columns (not the expected kind of file), a header missing some of them, a header with no data rows.
/// A record whose field count differs from the header's is a finding, never passed to `onRow`.
public enum CSVTable {
    /// `columns` turns the checked header into whatever the caller reads rows with (typically a struct of
    /// ``CSVColumn``s), once, so no row pays for a lookup by name.
    public static func read<Columns>(
        _ file: SourceFile,
        format: String,
        required: [String],
        columns makeColumns: (CSVHeader) -> Columns,
        onRow: (CSVRecord, Columns) -> Void
    ) throws -> CSVTableSummary {
        try file.bytes.withUnsafeBytes { raw in
            var bytes = raw.bindMemory(to: UInt8.self)
            // A UTF-8 byte order mark (spreadsheet exports) is not part of the first column's name.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                throw SourceError(file: file.displayName, kind: .empty,
                                  reason: "is empty; refusing to build a bundle without \(format) data")
            }
            if bytes.prefix(65_536).contains(0) {
                throw SourceError(file: file.displayName, kind: .notCSV,
                                  reason: "is not a text file (it contains NUL bytes); expected \(format) CSV")
            }
            var header: CSVHeader?
            var columns: Columns?
            var headerError: SourceError?
            var summary = CSVTableSummary()
            CSVParser.parse(bytes, onRecord: { record in
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
                    summary.findings.append(Finding(
                        file: file.displayName, line: record.line,
                        reason: "has \(record.count) fields, the header has \(header.fieldCount)", action: .rowRejected))
                    return true
                }
                onRow(record, columns!)
                return true
            }, onMalformed: { line, reason in
                // The header itself can be the broken record; it still counts as a data row then.
                summary.recordCount += 1
                summary.findings.append(Finding(file: file.displayName, line: line, reason: reason, action: .rowRejected))
            })
            if let headerError { throw headerError }
            guard header != nil else {
                throw SourceError(file: file.displayName, kind: .notCSV,
                                  reason: "has no readable header line; expected \(format) CSV")
            }
            if summary.recordCount == 0 {
                throw SourceError(file: file.displayName, kind: .headerOnly,
                                  reason: "has a header but no data rows; refusing to build a bundle without \(format) data")
            }
            return summary
        }
    }

    private static func makeHeader(_ record: CSVRecord, file: SourceFile, format: String, required: [String]) throws(SourceError) -> CSVHeader {
        var indexes: [String: Int] = [:]
        for index in 0..<record.count {
            let bytes = record[index]
            guard let name = String(validating: bytes, as: UTF8.self) else {
                throw SourceError(file: file.displayName, kind: .notCSV,
                                  reason: "is not UTF-8 text; expected \(format) CSV")
            }
            if indexes[name] == nil { indexes[name] = index }
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
        return CSVHeader(indexes: indexes, fieldCount: record.count)
    }
}
