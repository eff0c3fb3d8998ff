/// One CSV record as bytes, handed out by ``CSVParser`` and valid only during the callback that receives it.
///
/// Fields are stored back to back, each followed by a NUL byte so numeric fields can go straight to `strtod`.
/// Converting only the fields a reader needs, and only for the rows it keeps, is what makes whole-world
/// OurAirports files cheap to scan.
public struct CSVRecord {
    /// 1-based line on which the record starts.
    public let line: Int
    let storage: UnsafePointer<UInt8>
    /// `ends[i]` is the offset just past field `i`'s last byte (where its NUL sits).
    let ends: UnsafeBufferPointer<Int>

    /// Number of fields.
    public var count: Int { ends.count }

    /// The bytes of field `index` (no terminator). `index` must be below ``count``.
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1] + 1
        return UnsafeBufferPointer(start: storage + start, count: ends[index] - start)
    }

    /// The field as text, or nil when it is empty.
    public func string(_ index: Int) -> String? {
        let bytes = self[index]
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// The field as text, with an empty field as "" (for values shown in findings).
    public func text(_ index: Int) -> String {
        String(decoding: self[index], as: UTF8.self)
    }
}

/// The reading of a numeric field.
public enum CSVNumber<Value: Sendable & Equatable>: Sendable, Equatable {
    case empty
    case value(Value)
    /// Not a plain decimal number (letters, hex, `inf`, `nan`, stray characters…).
    case invalid
}

extension CSVRecord {
    /// Field `index` as a plain decimal number: optional sign, digits, optional fraction and exponent.
    ///
    /// Stricter than `strtod` on purpose: `0x10`, `inf`, `nan`, `1,5` or `12ft` are `.invalid`, not a silently wrong
    /// number. The conversion itself is `strtod`'s, so values round exactly as every other reader rounds them.
    public func decimal(_ index: Int) -> CSVNumber<Double> {
        let bytes = self[index]
        if bytes.isEmpty { return .empty }
        guard Self.isPlainDecimal(bytes) else { return .invalid }
        let start = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        return .value(strtod(start, nil))
    }

    /// Field `index` as a base-10 integer (optional sign, digits only, at most 18 digits).
    public func integer(_ index: Int) -> CSVNumber<Int> {
        let bytes = self[index]
        if bytes.isEmpty { return .empty }
        var position = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            position = 1
        }
        let digitCount = bytes.count - position
        guard digitCount > 0, digitCount <= 18 else { return .invalid }
        var value = 0
        while position < bytes.count {
            let digit = Int(bytes[position]) - 48
            guard digit >= 0, digit <= 9 else { return .invalid }
            value = value * 10 + digit
            position += 1
        }
        return .value(negative ? -value : value)
    }

    static func isPlainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        let count = bytes.count
        func digits() -> Int {
            let start = position
            while position < count, bytes[position] &- 48 < 10 { position += 1 }
            return position - start
        }
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") { position = 1 }
        var mantissaDigits = digits()
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if position < count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            guard digits() > 0 else { return false }
        }
        return position == count
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
