import AIPReaders
import Foundation
import Testing

/// The first data field of a one-column CSV holding `value`, converted by `convert`.
func convert<T>(_ value: String, _ convert: (CSVRecord) -> T) -> T? {
    var result: T?
    Array("v\n\(value)\n".utf8).withUnsafeBufferPointer { buffer in
        var first = true
        CSVParser.parse(buffer, onRecord: { record in
            if first { first = false } else { result = convert(record) }
            return true
        }, onMalformed: { _, _, _ in })
    }
    return result
}

@Suite struct CSVRecordTests {
    @Test(arguments: ["0x10", "inf", "nan", "\"1,5\"", "12ft", "-", ".", "1e", "1.2.3", "--1"])
    func nonDecimalTextIsInvalid(_ text: String) {
        #expect(convert(text) { $0.decimal(0) } == .invalid)
    }

    @Test func emptyFieldIsEmptyNotZero() {
        #expect(convert("\"\"") { $0.decimal(0) } == .empty)
        #expect(convert("\"\"") { $0.integer(0) } == .empty)
    }

    @Test(arguments: [("-15", -15.0), ("364", 364.0), ("69.6", 69.6), ("+2.5", 2.5), ("1e3", 1000.0), (".5", 0.5), ("51.33079910279999", 51.33079910279999)])
    func decimalsReadAsWritten(_ text: String, _ expected: Double) {
        #expect(convert(text) { $0.decimal(0) } == .value(expected))
    }

    /// The short-number fast path must give exactly what strtod gives, including for long coordinates.
    @Test func decimalsRoundExactlyAsStrtod() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let integer = Int(generator.next() % 400) - 200
            let fraction = String(generator.next() % 1_000_000_000_000_000_000).prefix(Int(generator.next() % 19))
            let text = fraction.isEmpty ? "\(integer)" : "\(integer).\(fraction)"
            #expect(convert(text) { $0.decimal(0) } == .value(strtod(text, nil)), "\(text)")
        }
    }

    @Test func integersRejectDecimalsAndOverflow() {
        #expect(convert("2163") { $0.integer(0) } == .value(2163))
        #expect(convert("-7") { $0.integer(0) } == .value(-7))
        #expect(convert("1.0") { $0.integer(0) } == .invalid)
        #expect(convert("1234567890123456789") { $0.integer(0) } == .invalid)
    }
}
