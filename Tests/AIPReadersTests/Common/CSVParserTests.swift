import AIPFindings
import AIPReaders
import Foundation
import Testing

/// What parsing a buffer gave: every record as (line, fields), every malformed report as (line, code, reason), the outcome.
struct Parsed {
    var records: [(line: Int, fields: [String])] = []
    var malformed: [(line: Int, code: FindingCode, reason: String)] = []
    var outcome = CSVParser.Outcome.complete
}

/// Parses `text` with `dialect`.
func parse(_ text: String, dialect: CSVDialect = .csv, expectedFieldCount: Int? = nil, maxLinesPerRecord: Int = 16) -> Parsed {
    parse(Array(text.utf8), dialect: dialect, expectedFieldCount: expectedFieldCount, maxLinesPerRecord: maxLinesPerRecord)
}

/// Parses raw `bytes` (which need not be UTF-8) with `dialect`.
func parse(_ bytes: [UInt8], dialect: CSVDialect = .csv, expectedFieldCount: Int? = nil, maxLinesPerRecord: Int = 16) -> Parsed {
    var result = Parsed()
    bytes.withUnsafeBufferPointer { buffer in
        result.outcome = CSVParser.parse(buffer, dialect: dialect, expectedFieldCount: expectedFieldCount,
                                         maxLinesPerRecord: maxLinesPerRecord, onRecord: { record in
            result.records.append((record.line, (0..<record.count).map(record.text)))
            return true
        }, onMalformed: { line, code, reason in result.malformed.append((line, code, reason)) })
    }
    return result
}

@Suite struct CSVParserTests {
    @Test func quotedCommasEscapedQuotesAndQuotedNewlinesParse() {
        let result = parse("a,b,c\n1,\"x, y\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",z\n3,,\n")
        #expect(result.malformed.isEmpty)
        #expect(result.records.map(\.fields) == [["a", "b", "c"], ["1", "x, y", "say \"hi\""], ["2", "two\nlines", "z"], ["3", "", ""]])
        #expect(result.records.map(\.line) == [1, 2, 3, 5])
    }

    @Test func lineNumbersCountBlankLinesAndCRLF() {
        let result = parse("h1,h2\r\n1,2\r\n\r\n3,4\r\n5,6")
        #expect(result.records.map(\.line) == [1, 2, 4, 5])
        #expect(result.records.last?.fields == ["5", "6"])
    }

    @Test func strayQuoteInUnquotedFieldCostsOnlyThatRow() {
        let result = parse("a,b\n1,ok\n2,bro\"ken\n3,fine\n")
        #expect(result.records.map(\.fields) == [["a", "b"], ["1", "ok"], ["3", "fine"]])
        #expect(result.malformed.map(\.line) == [3])
    }

    @Test func textAfterClosingQuoteIsMalformed() {
        let result = parse("a,b\n1,\"x\"y\n2,z\n")
        #expect(result.malformed.map(\.line) == [2])
        #expect(result.records.last?.fields == ["2", "z"])
    }

    @Test func unclosedQuoteAtEndOfFileIsReportedAndLaterRowsSurvive() {
        let result = parse("a,b\n1,\"never closed\n2,x\n3,y\n")
        #expect(result.malformed.map(\.line) == [2])
        #expect(result.records.map(\.fields) == [["a", "b"], ["2", "x"], ["3", "y"]])
    }

    @Test func quoteThatClosesLinesLaterDoesNotSwallowRows() {
        // Line 2 opens a quote that line 4 closes: the joined record has the wrong field count.
        let result = parse("a,b,c\n1,\"open,x\n2,y,z\n3,\"close,w\n4,u,v\n")
        #expect(result.malformed.first?.line == 2)
        #expect(result.records.contains { $0.fields == ["2", "y", "z"] })
        #expect(result.records.contains { $0.fields == ["4", "u", "v"] })
    }

    @Test func quotedFieldLongerThanTheLimitIsCutOff() {
        let long = (1...30).map(String.init).joined(separator: "\n")
        let result = parse("a,b\n1,\"\(long)\"\n9,z\n", maxLinesPerRecord: 16)
        #expect(result.malformed.first?.line == 2)
        #expect(result.records.last?.fields == ["9", "z"])
    }

    @Test func stoppingEarlyDeliversNothingMore() {
        var seen = 0
        Array("a\n1\n2\n3\n".utf8).withUnsafeBufferPointer { buffer in
            CSVParser.parse(buffer, onRecord: { _ in
                seen += 1
                return seen < 2
            }, onMalformed: { _, _, _ in })
        }
        #expect(seen == 2)
    }

    @Test func loneCarriageReturnsEndLinesSoAStrayQuoteCostsOneRow() {
        let result = parse("a,b\r1,ok\r2,bro\"ken\r3,fine\r4,last")
        #expect(result.records.map(\.fields) == [["a", "b"], ["1", "ok"], ["3", "fine"], ["4", "last"]])
        #expect(result.records.map(\.line) == [1, 2, 4, 5])
        #expect(result.malformed.map(\.line) == [3])
        #expect(result.malformed.map(\.code) == [.csvMalformedQuoting])
    }

    @Test func mixedLineEndingsCountOneLineEach() {
        let result = parse("h\r\n1\r2\n3\r\n\r4\n")
        #expect(result.records.map(\.fields) == [["h"], ["1"], ["2"], ["3"], ["4"]])
        #expect(result.records.map(\.line) == [1, 2, 3, 4, 6])
    }

    @Test func tabDialectKeepsQuotesAsDataAndEmptyFields() {
        let result = parse("1\t\"Big\" Apple\t\tx\n2\t\"\t\t\n", dialect: .geoNames, expectedFieldCount: 4)
        #expect(result.malformed.isEmpty)
        #expect(result.records.map(\.fields) == [["1", "\"Big\" Apple", "", "x"], ["2", "\"", "", ""]])
    }

    @Test func tabDialectKeepsSpacesAndCommas() {
        let result = parse(" a, b \tc\n", dialect: .geoNames)
        #expect(result.records.map(\.fields) == [[" a, b ", "c"]])
    }

    @Test func commentLinesAreSkippedButCounted() {
        let result = parse("#ISO\tname\n#more\nBE\tBelgium\n", dialect: .geoNamesCountryInfo)
        #expect(result.records.map(\.fields) == [["BE", "Belgium"]])
        #expect(result.records.map(\.line) == [3])
    }

    @Test func byteFFInAnUnquotedDialectRejectsTheLine() {
        let bytes = Array("1\ta\n2\t".utf8) + [0xFF] + Array("b\n3\tc\n".utf8)
        let result = parse(bytes, dialect: .geoNames)
        #expect(result.records.map(\.fields) == [["1", "a"], ["3", "c"]])
        #expect(result.malformed.map(\.line) == [2])
        #expect(result.malformed.map(\.code) == [.valueInvalidUTF8])
    }

    @Test func lastLineWithoutNewlineIsFine() {
        let result = parse("a,b\n1,2")
        #expect(result.outcome == .complete)
        #expect(result.records.last?.fields == ["1", "2"])
    }

    @Test func lastLineCutShortIsTruncated() {
        let result = parse("a,b,c\n1,2,3\n4,5")
        #expect(result.outcome == .truncated(line: 3))
        #expect(result.records.count == 2)
    }

    @Test func quoteOpenOnTheLastLineIsTruncated() {
        #expect(parse("a,b\n1,2\n3,\"cut").outcome == .truncated(line: 3))
        #expect(parse("a,b\n1,2\n3,\"cut\n").outcome == .truncated(line: 3))
    }

    @Test func headerlessLastLineCutShortIsTruncated() {
        #expect(parse("1\t2\t3\n4\t5", dialect: .geoNames, expectedFieldCount: 3).outcome == .truncated(line: 2))
        #expect(parse("1\t2\t3\n4\t5\n", dialect: .geoNames, expectedFieldCount: 3).outcome == .complete)
    }

    /// Garbage never crashes the parser in any dialect, and every line is accounted for: each record and each
    /// malformed report is on a line of the input, in order, and there are no more of them than lines.
    @Test(arguments: [CSVDialect.csv, .geoNames, .geoNamesCountryInfo])
    func fuzzedInputNeverCrashesAndEveryLineIsAccountedFor(_ dialect: CSVDialect) {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("ab,\t\"#\n\r\r 1.\u{0}é".utf8) + [0xFF, 0xC3]
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let expected = generator.next() % 2 == 0 ? nil : Int(generator.next() % 4) + 1
            let result = parse(bytes, dialect: dialect, expectedFieldCount: expected)
            let lineCount = lineCount(bytes)
            #expect(result.records.allSatisfy { (1...lineCount).contains($0.line) })
            #expect(result.malformed.allSatisfy { (1...lineCount).contains($0.line) })
            #expect(result.records.count + result.malformed.count <= lineCount)
            #expect(zip(result.records, result.records.dropFirst()).allSatisfy { $0.line < $1.line })
            if case .truncated(let line) = result.outcome { #expect((1...lineCount).contains(line)) }
        }
    }

    /// Random records written as RFC 4180 CSV (a field quoted when it holds a comma, quote, line break or space, its
    /// quotes doubled) read back as the same fields, each at the line where it starts: the writer here is the oracle.
    @Test func randomRecordsWrittenAsRFC4180ReadBackExactly() {
        var generator = SplitMix64(seed: 7)
        let alphabet = Array("ab1,\" \né.")
        for _ in 0..<500 {
            let fieldCount = Int(generator.next() % 4) + 1
            let records = (0..<(Int(generator.next() % 6) + 1)).map { _ in
                (0..<fieldCount).map { _ in String((0..<Int(generator.next() % 6)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }) }
            }
            var text = ""
            var startLines: [Int] = []
            var line = 1
            for record in records {
                startLines.append(line)
                let written = record.map { field in
                    field.contains(where: { ",\" \n".contains($0) }) ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
                }.joined(separator: ",")
                text += written + "\n"
                line += written.count { $0 == "\n" } + 1
            }
            // A record of one empty field is a blank line, which CSV cannot tell from no record: skip those inputs.
            guard !records.contains(where: { $0 == [""] }) else { continue }
            let result = parse(text, expectedFieldCount: fieldCount)
            #expect(result.malformed.isEmpty, "\(text)")
            #expect(result.records.map(\.fields) == records, "\(text)")
            #expect(result.records.map(\.line) == startLines, "\(text)")
        }
    }

    /// Random tab-separated records (quotes, commas and spaces as plain data), each line ended by LF, CRLF or a lone CR
    /// and blank lines between them, read back as the same fields at their lines: the writer here is the oracle of
    /// the unquoted split, which libcsv no longer does.
    @Test func randomUnquotedRecordsReadBackExactly() {
        var generator = SplitMix64(seed: 11)
        let alphabet = Array("ab1,\" é.")
        for _ in 0..<500 {
            let fieldCount = Int(generator.next() % 4) + 2
            var text = ""
            var line = 1
            var expected: [(line: Int, fields: [String])] = []
            // A lone CR followed by an LF would be one CRLF: after a CR, lines end with a CR.
            func endLine() {
                text += text.hasSuffix("\r") ? "\r" : ["\n", "\r\n", "\r"][Int(generator.next() % 3)]
                line += 1
            }
            for _ in 0..<(Int(generator.next() % 6) + 1) {
                while generator.next() % 4 == 0 { endLine() }
                let fields = (0..<fieldCount).map { _ in String((0..<Int(generator.next() % 5)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }) }
                expected.append((line, fields))
                text += fields.joined(separator: "\t")
                endLine()
            }
            let result = parse(text, dialect: .geoNames, expectedFieldCount: fieldCount)
            #expect(result.outcome == .complete && result.malformed.isEmpty, "\(text.debugDescription)")
            #expect(result.records.map(\.fields) == expected.map(\.fields), "\(text.debugDescription)")
            #expect(result.records.map(\.line) == expected.map(\.line), "\(text.debugDescription)")
        }
    }

    /// The unquoted split at a buffer's end, as a streaming reader feeds it: a last line without a terminator is a
    /// record when whole and the truncation when short; the next piece's first line follows the last one; comment
    /// and 0xFF lines keep their lines counted.
    @Test func unquotedPiecesEndAndCountLinesAsLibcsvDid() {
        func parsePiece(_ bytes: [UInt8], dialect: CSVDialect = .geoNames, expected: Int? = 3) -> (fields: [[String]], lines: [Int], malformed: [Int], outcome: CSVParser.Outcome, next: Int) {
            var fields: [[String]] = [], lines: [Int] = [], malformed: [Int] = []
            let (outcome, next) = bytes.withUnsafeBufferPointer { buffer in
                CSVParser.parse(buffer, dialect: dialect, expectedFieldCount: expected, firstLine: 10, onRecord: { record in
                    fields.append((0..<record.count).map(record.text))
                    lines.append(record.line)
                    return true
                }, onMalformed: { line, _, _ in malformed.append(line) })
            }
            return (fields, lines, malformed, outcome, next)
        }
        let whole = parsePiece(Array("1\ta\tb\r\n2\tc\td".utf8))
        #expect(whole.fields == [["1", "a", "b"], ["2", "c", "d"]] && whole.lines == [10, 11] && whole.outcome == .complete && whole.next == 12)
        let short = parsePiece(Array("1\ta\tb\n\n2\tc".utf8))
        #expect(short.fields == [["1", "a", "b"]] && short.outcome == .truncated(line: 12) && short.next == 13)
        let marked = parsePiece(Array("#x\ty\n1\ta\tb\n".utf8) + [0xFF] + Array("\t\t\n2\tc\td\n".utf8), dialect: .geoNamesCountryInfo)
        #expect(marked.fields == [["1", "a", "b"], ["2", "c", "d"]] && marked.lines == [11, 13] && marked.malformed == [12] && marked.next == 14)
    }

    /// Lines as the parser counts them: ended by LF, CRLF or a lone CR.
    func lineCount(_ bytes: [UInt8]) -> Int {
        var count = 1
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) { count += 1 }
        }
        return count
    }
}

/// A small deterministic random generator, so a failing fuzz case reproduces.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
