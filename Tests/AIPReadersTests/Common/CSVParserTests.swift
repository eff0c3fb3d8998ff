import AIPReaders
import Foundation
import Testing

/// Parses `text` and returns every record as (line, fields) plus every malformed report as (line, reason).
func parse(_ text: String, maxLinesPerRecord: Int = 16) -> (records: [(line: Int, fields: [String])], malformed: [(line: Int, reason: String)]) {
    var records: [(Int, [String])] = []
    var malformed: [(Int, String)] = []
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
        CSVParser.parse(buffer, maxLinesPerRecord: maxLinesPerRecord, onRecord: { record in
            records.append((record.line, (0..<record.count).map(record.text)))
            return true
        }, onMalformed: { line, reason in malformed.append((line, reason)) })
    }
    return (records.map { (line: $0.0, fields: $0.1) }, malformed.map { (line: $0.0, reason: $0.1) })
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
            }, onMalformed: { _, _ in })
        }
        #expect(seen == 2)
    }

    /// Garbage never crashes the parser, every line is accounted for, and parsing is deterministic.
    @Test func fuzzedInputNeverCrashesAndParsesTheSameTwice() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("ab,\"\n\r 1.\u{0}é".utf8)
        for _ in 0..<2_000 {
            let length = Int(generator.next() % 200)
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let text = String(decoding: bytes, as: UTF8.self)
            let first = parse(text), second = parse(text)
            #expect(first.records.map(\.fields) == second.records.map(\.fields))
            #expect(first.malformed.map(\.line) == second.malformed.map(\.line))
            let lineCount = text.utf8.count { $0 == 0x0A } + 1
            #expect(first.records.allSatisfy { (1...lineCount).contains($0.line) })
            #expect(first.malformed.allSatisfy { (1...lineCount).contains($0.line) })
        }
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
