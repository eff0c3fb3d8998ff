import AIPFindings
import CCSV

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams CSV records out of a buffer, with libcsv for quoted dialects, recovering from broken quoting line by line.
///
/// libcsv runs in strict mode and is fed one physical line at a time, which is what lets the parser
/// - tell the line on which every record starts (libcsv itself knows no line numbers);
/// - survive a broken quote: a stray `"` in an unquoted field, text after a closing quote, a quote that
///   never closes or one that closes lines later and swallows rows. The record is reported through
///   `onMalformed` and parsing resumes on the line after the one where that record started, so one poison row
///   costs one row.
///
/// A line ends at LF, CRLF or a lone CR (old Mac files): treating a file of CR-only lines as one line would turn
/// one stray quote into the loss of the rest of the file.
///
/// Quoted newlines are legal: a record may span lines, as long as it has as many fields as the header
/// (the first record, or `expectedFieldCount`) and spans at most `maxLinesPerRecord` lines. The bound keeps recovery
/// linear on garbage.
///
/// An unquoted dialect (GeoNames) has no quote to track: each line is split at its delimiters here, with the same
/// results libcsv gives, and libcsv is not used.
///
/// This file is the only one that touches libcsv.
public enum CSVParser {
    /// How parsing ended.
    public enum Outcome: Sendable, Equatable {
        /// The whole buffer was read (or `onRecord` stopped it).
        case complete
        /// The buffer ends inside the record starting on `line`: a quote still open in the last record, or a last
        /// line without a line terminator and with fewer fields than expected. Nothing after it was delivered.
        case truncated(line: Int)
    }

    /// A byte that never occurs in UTF-8: in an unquoted dialect, a line holding it is damaged and rejected whole.
    private static let neverUTF8: UInt8 = 0xFF

    /// Parses `bytes`, calling `onRecord` for each well-formed record (the header included, as the first),
    /// in file order, and `onMalformed(line, code, reason)` for each record dropped for bad quoting (code
    /// `csv.malformed_quoting`) or, in an unquoted dialect, for a line holding the byte 0xFF (`value.invalid_utf8`).
    /// `onRecord` returns false to stop parsing early (a reader that rejects the header).
    @discardableResult
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        dialect: CSVDialect = .csv,
        expectedFieldCount: Int? = nil,
        maxLinesPerRecord: Int = 16,
        onRecord: (CSVRecord) -> Bool,
        onMalformed: (_ line: Int, _ code: FindingCode, _ reason: String) -> Void
    ) -> Outcome {
        parse(bytes, dialect: dialect, expectedFieldCount: expectedFieldCount, maxLinesPerRecord: maxLinesPerRecord,
              firstLine: 1, onRecord: onRecord, onMalformed: onMalformed).outcome
    }

    /// Parses `bytes` as the part of a file that starts on line `firstLine` (so records and findings carry the
    /// file's line numbers) and returns, besides the outcome, the line the next part starts on. A streaming reader
    /// feeds a large file through this one piece of whole lines at a time.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        dialect: CSVDialect,
        expectedFieldCount: Int?,
        maxLinesPerRecord: Int = 16,
        firstLine: Int,
        onRecord: (CSVRecord) -> Bool,
        onMalformed: (_ line: Int, _ code: FindingCode, _ reason: String) -> Void
    ) -> (outcome: Outcome, nextLine: Int) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return (.complete, firstLine) }
        return withoutActuallyEscaping(onRecord) { onRecord -> (outcome: Outcome, nextLine: Int) in
            // The state lives behind a raw pointer: libcsv calls back once per field, and a class would pay
            // a retain and an exclusivity check on every call.
            let state = UnsafeMutablePointer<ParseState>.allocate(capacity: 1)
            state.initialize(to: ParseState(deliver: onRecord, expectedFieldCount: expectedFieldCount))
            defer {
                state.pointee.release()
                state.deinitialize(count: 1)
                state.deallocate()
            }
            let context = UnsafeMutableRawPointer(state)
            let options = UInt8(CSV_STRICT | CSV_STRICT_FINI)
            var parser = csv_parser()
            func start() {
                csv_init(&parser, options)
                csv_set_delim(&parser, dialect.delimiter)
            }
            start()
            defer { csv_free(&parser) }

            let count = bytes.count
            var offset = 0
            var line = firstLine
            state.pointee.recordStartLine = firstLine
            state.pointee.currentLine = firstLine
            var recordStartOffset = 0
            let quotingError = FindingCode.csvMalformedQuoting

            // Lone CRs (old Mac line endings) end lines too; most files have no CR at all, and then a line costs
            // one memchr, not two.
            let hasCarriageReturns = memchr(base, 0x0D, count) != nil
            func lineEnd(from start: Int) -> Int {
                let newline = memchr(base + start, 0x0A, count - start)
                    .map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                if hasCarriageReturns, let carriageReturn = memchr(base + start, 0x0D, (newline ?? count) - start) {
                    let position = base.distance(to: carriageReturn.assumingMemoryBound(to: UInt8.self))
                    if position + 1 != newline { return position + 1 }
                }
                return newline.map { $0 + 1 } ?? count
            }
            // Drops the record in progress and restarts on the line after the one it started on.
            func recover(_ reason: String) {
                onMalformed(state.pointee.recordStartLine, quotingError, reason)
                csv_free(&parser)
                start()
                state.pointee.resetRecord()
                offset = lineEnd(from: recordStartOffset)
                line = state.pointee.recordStartLine + 1
            }

            while !state.pointee.stopped {
                if offset >= count {
                    guard parser.pstate != 0 || state.pointee.fieldCount > 0 else { break }
                    state.pointee.currentLine = line - 1
                    state.pointee.atEnd = true
                    let unclosed = csv_fini(&parser, fieldCallback, recordCallback, context) != 0
                    state.pointee.atEnd = false
                    if unclosed {
                        // A quote opened on the last line cannot be a stray one that later lines would recover from.
                        if state.pointee.recordStartLine == line - 1 { return (.truncated(line: line - 1), line) }
                        recover("quoted field is never closed")
                        continue
                    }
                    if state.pointee.takeBrokenRecord() {
                        recover("unbalanced quotes: the record spans lines and has the wrong number of fields")
                        continue
                    }
                    if state.pointee.truncated { return (.truncated(line: state.pointee.recordStartLine), line) }
                    continue
                }
                let end = lineEnd(from: offset)
                if parser.pstate == 0 {
                    if let prefix = dialect.commentPrefix, base[offset] == prefix {
                        offset = end
                        line += 1
                        continue
                    }
                    if !dialect.quoting, memchr(base + offset, Int32(neverUTF8), end - offset) != nil {
                        onMalformed(line, .valueInvalidUTF8, "holds the byte 0xFF, which is never valid UTF-8")
                        offset = end
                        line += 1
                        continue
                    }
                    state.pointee.recordStartLine = line
                    recordStartOffset = offset
                }
                state.pointee.currentLine = line
                if !dialect.quoting {
                    if let truncated = state.pointee.splitUnquoted(base + offset, count: end - offset, delimiter: dialect.delimiter,
                                                                  terminated: base[end - 1] == 0x0A || base[end - 1] == 0x0D) {
                        return (.truncated(line: truncated), line + 1)
                    }
                    offset = end
                    line += 1
                    continue
                }
                let consumed = csv_parse(&parser, base + offset, end - offset, fieldCallback, recordCallback, context)
                if consumed < end - offset {
                    recover("malformed quoting (a quote inside an unquoted field, or text after a closing quote)")
                    continue
                }
                if state.pointee.takeBrokenRecord() {
                    recover("unbalanced quotes: the record spans lines and has the wrong number of fields")
                    continue
                }
                if parser.pstate != 0, line - state.pointee.recordStartLine + 1 >= maxLinesPerRecord {
                    recover("quoted field runs over \(maxLinesPerRecord) lines; its closing quote is probably missing")
                    continue
                }
                offset = end
                line += 1
            }
            return (.complete, line)
        }
    }
}

/// The record being assembled: shared with libcsv's C callbacks through an opaque pointer, or filled by
/// ``splitUnquoted(_:count:delimiter:terminated:)``.
private struct ParseState {
    let deliver: (CSVRecord) -> Bool
    var stopped = false
    /// Field bytes, each followed by a NUL.
    var storage: UnsafeMutablePointer<UInt8>
    var capacity = 4096
    var used = 0
    /// End offset of each field in `storage`.
    var ends: UnsafeMutablePointer<Int>
    var endsCapacity = 64
    var fieldCount = 0
    var expectedFieldCount: Int?
    var recordStartLine = 1
    var currentLine = 1
    var brokenRecord = false
    /// Set while the last record of the buffer is flushed (by `csv_fini`, or an unquoted line without a terminator).
    var atEnd = false
    /// The last record ended the buffer with fewer fields than expected (see ``CSVParser/Outcome/truncated(line:)``).
    var truncated = false

    init(deliver: @escaping (CSVRecord) -> Bool, expectedFieldCount: Int?) {
        self.deliver = deliver
        self.expectedFieldCount = expectedFieldCount
        storage = .allocate(capacity: capacity)
        ends = .allocate(capacity: endsCapacity)
    }

    func release() {
        storage.deallocate()
        ends.deallocate()
    }

    mutating func resetRecord() {
        used = 0
        fieldCount = 0
    }

    mutating func takeBrokenRecord() -> Bool {
        defer { brokenRecord = false }
        return brokenRecord
    }

    mutating func appendField(_ field: UnsafeRawPointer?, _ length: Int) {
        if used + length + 1 > capacity {
            var newCapacity = capacity * 2
            while used + length + 1 > newCapacity { newCapacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            grown.update(from: storage, count: used)
            storage.deallocate()
            storage = grown
            capacity = newCapacity
        }
        if fieldCount == endsCapacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: endsCapacity * 2)
            grown.update(from: ends, count: fieldCount)
            ends.deallocate()
            ends = grown
            endsCapacity *= 2
        }
        if length > 0, let field {
            (storage + used).update(from: field.assumingMemoryBound(to: UInt8.self), count: length)
        }
        used += length
        storage[used] = 0
        ends[fieldCount] = used
        fieldCount += 1
        used += 1
    }

    /// Delivers one line of an unquoted dialect as libcsv would (fields split at `delimiter`, nothing trimmed, a blank
    /// line no record), without its state machine: with no quote to track, libcsv only cost a call per byte. A last
    /// line without a terminator ends the buffer as `csv_fini` ends it; returns its line when it is truncated.
    mutating func splitUnquoted(_ start: UnsafePointer<UInt8>, count: Int, delimiter: UInt8, terminated: Bool) -> Int? {
        var length = count
        if length > 0, start[length - 1] == 0x0A { length -= 1 }
        if length > 0, start[length - 1] == 0x0D { length -= 1 }
        guard length > 0 else { return nil }
        var fieldStart = start
        let end = start + length
        while let found = memchr(fieldStart, Int32(delimiter), end - fieldStart) {
            let delimiterAt = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            appendField(fieldStart, delimiterAt - fieldStart)
            fieldStart = delimiterAt + 1
        }
        appendField(fieldStart, end - fieldStart)
        atEnd = !terminated
        defer { atEnd = false }
        endRecord()
        guard truncated else { return nil }
        return recordStartLine
    }

    mutating func endRecord() {
        defer { resetRecord() }
        let spansLines = currentLine > recordStartLine
        if spansLines, let expected = expectedFieldCount, expected != fieldCount {
            brokenRecord = true
            return
        }
        if atEnd, let expected = expectedFieldCount, fieldCount < expected {
            truncated = true
            return
        }
        if expectedFieldCount == nil { expectedFieldCount = fieldCount }
        guard !stopped else { return }
        let record = CSVRecord(line: recordStartLine, storage: UnsafePointer(storage),
                               ends: UnsafeBufferPointer(start: ends, count: fieldCount))
        stopped = !deliver(record)
    }
}

private let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { field, length, context in
    context!.assumingMemoryBound(to: ParseState.self).pointee.appendField(field, length)
}

private let recordCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { _, context in
    context!.assumingMemoryBound(to: ParseState.self).pointee.endRecord()
}
