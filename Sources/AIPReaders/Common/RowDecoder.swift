import AIPContract
import AIPFindings

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes the fields of one record by column, collecting a finding for each field it has to clear.
///
/// Every reader of tabular data uses it, so a bad value gets the same code, reason and action whatever the file.
/// A required field that is bad throws the rejecting ``Finding``; an optional one is set to nil with a
/// `field_cleared` finding in ``findings``.
///
/// Text is checked only in the fields actually decoded, which keeps whole-world files cheap: it must be UTF-8
/// (a silent U+FFFD would publish a name nobody wrote), hold no NUL byte (SQLite's C API would cut the value there)
/// and be no longer than its column's ``CSVColumn/maximumLength`` (a value is never cut short: that too would publish
/// a name nobody wrote).
public struct RowDecoder {
    public let record: CSVRecord
    public let file: String
    /// Fields set to nil so far, in the order they were decoded.
    public private(set) var findings: [Finding] = []

    public init(record: CSVRecord, file: String) {
        self.record = record
        self.file = file
    }

    /// Optional text: nil when empty; nil with a finding when it is not UTF-8, holds a NUL byte or is too long.
    public mutating func text(_ column: CSVColumn) -> String? {
        do throws(Finding) {
            return try decodeText(column, action: .fieldCleared)
        } catch {
            findings.append(error)
            return nil
        }
    }

    /// Optional text whose bad value rejects the row: nil when empty; throws the rejecting finding when it is not
    /// UTF-8, holds a NUL byte or is too long (for a field whose absence means something, like "no language").
    public func textOrRejection(_ column: CSVColumn) throws(Finding) -> String? {
        try decodeText(column, action: .rowRejected)
    }

    /// Text the row cannot do without; throws the rejecting finding when it is empty, not UTF-8, holds a NUL byte or is
    /// too long.
    public func requiredText(_ column: CSVColumn) throws(Finding) -> String {
        guard let text = try decodeText(column, action: .rowRejected) else {
            throw finding(column, nil, .valueEmpty, "is empty", .rowRejected)
        }
        return text
    }

    /// An integer the row cannot do without; throws the rejecting finding.
    public func requiredInteger(_ column: CSVColumn) throws(Finding) -> Int {
        let index = column.index
        switch record.integer(index) {
        case .value(let value): return value
        case .empty: throw finding(column, nil, .valueEmpty, "is empty", .rowRejected)
        case .invalid: throw notANumber(column, .valueNotAnInteger, "is not an integer", .rowRejected)
        }
    }

    /// A decimal the row cannot do without; throws the rejecting finding.
    public func requiredDecimal(_ column: CSVColumn, in range: ClosedRange<Double>) throws(Finding) -> Double {
        let index = column.index
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: throw finding(column, record.text(index), .valueOutOfRange, Self.outOfRange(range), .rowRejected)
        case .empty: throw finding(column, nil, .valueEmpty, "is empty", .rowRejected)
        case .invalid: throw notANumber(column, .valueNotANumber, "is not a number", .rowRejected)
        }
    }

    /// An optional decimal; a bad one becomes nil with a finding.
    public mutating func decimal(_ column: CSVColumn, in range: ClosedRange<Double>) -> Double? {
        let index = column.index
        switch record.decimal(index) {
        case .value(let value) where range.contains(value): return value
        case .value: clear(column, .valueOutOfRange, Self.outOfRange(range))
        case .empty: break
        case .invalid: findings.append(notANumber(column, .valueNotANumber, "is not a number", .fieldCleared))
        }
        return nil
    }

    /// A 0/1 flag; anything else becomes nil with a finding.
    public mutating func flag(_ column: CSVColumn) -> Bool? {
        switch record.integer(column.index) {
        case .value(0): return false
        case .value(1): return true
        case .empty: return nil
        case .value, .invalid:
            findings.append(notANumber(column, .valueNotAFlag, "is not 0 or 1", .fieldCleared))
            return nil
        }
    }

    /// A latitude/longitude pair; if either half is bad, both are cleared (half a position is no position).
    public mutating func coordinate(_ latitudeColumn: CSVColumn, _ longitudeColumn: CSVColumn) -> (Double?, Double?) {
        let latitude = decimal(latitudeColumn, in: PhysicalRange.latitude)
        let longitude = decimal(longitudeColumn, in: PhysicalRange.longitude)
        guard let latitude, let longitude else {
            if latitude != nil {
                clear(latitudeColumn, .valuePartialPosition, "is dropped: \(longitudeColumn.name) is empty or unusable")
            } else if longitude != nil {
                clear(longitudeColumn, .valuePartialPosition, "is dropped: \(latitudeColumn.name) is empty or unusable")
            }
            return (nil, nil)
        }
        return (latitude, longitude)
    }

    private func decodeText(_ column: CSVColumn, action: Finding.Action) throws(Finding) -> String? {
        let bytes = record[column.index]
        if bytes.isEmpty { return nil }
        // A value has no more characters than bytes, so only a long one is counted.
        if let limit = column.maximumLength, bytes.count > limit { try checkLength(column, limit: limit, action) }
        // Most fields are plain ASCII: one pass over them rules out NUL bytes and invalid UTF-8 at once.
        if bytes.allSatisfy({ $0 &- 1 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        if hasNUL(column) { throw nulByte(column, action) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw finding(column, record.text(column.index), .valueInvalidUTF8, "is not valid UTF-8 text", action)
        }
        return text
    }

    private func checkLength(_ column: CSVColumn, limit: Int, _ action: Finding.Action) throws(Finding) {
        let scalars = record.text(column.index).unicodeScalars
        let length = scalars.count
        guard length > limit else { return }
        // The value shown is its start: the whole of it is what must not reach the report.
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: scalars.prefix(40))
        throw finding(column, String(shown) + "…", .valueTooLong, "has \(length) characters, more than the \(limit) its format allows", action)
    }

    private func hasNUL(_ column: CSVColumn) -> Bool {
        let bytes = record[column.index]
        return !bytes.isEmpty && memchr(bytes.baseAddress!, 0, bytes.count) != nil
    }

    /// A field that does not read as a number (or flag); a NUL byte in it gets its own code, as in text fields.
    private func notANumber(_ column: CSVColumn, _ code: FindingCode, _ reason: String, _ action: Finding.Action) -> Finding {
        hasNUL(column) ? nulByte(column, action) : finding(column, record.text(column.index), code, reason, action)
    }

    private func nulByte(_ column: CSVColumn, _ action: Finding.Action) -> Finding {
        // The value is shown without its NULs, which report.json and terminals handle badly.
        let shown = record.text(column.index).replacingOccurrences(of: "\u{0}", with: "")
        return finding(column, shown, .valueNulByte, "holds a NUL byte", action)
    }

    private static func outOfRange(_ range: ClosedRange<Double>) -> String {
        "is out of range \(range.lowerBound)…\(range.upperBound)"
    }

    private mutating func clear(_ column: CSVColumn, _ code: FindingCode, _ reason: String) {
        findings.append(finding(column, record.text(column.index), code, reason, .fieldCleared))
    }

    private func finding(_ column: CSVColumn, _ value: String?, _ code: FindingCode, _ reason: String, _ action: Finding.Action) -> Finding {
        Finding(file: file, line: record.line, code: code, column: column.name, value: value, reason: reason, action: action)
    }
}
