#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// number. Values round exactly as `strtod` rounds them: short ones (at most 15 significant digits, no
    /// exponent) are one division of two exactly representable doubles, which IEEE 754 rounds correctly; longer
    /// ones go to `strtod`.
    public func decimal(_ index: Int) -> CSVNumber<Double> {
        let bytes = self[index]
        if bytes.isEmpty { return .empty }
        var position = 0
        let count = bytes.count
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative || bytes[0] == UInt8(ascii: "+") { position = 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        while position < count, bytes[position] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
            digitCount += 1
            position += 1
        }
        if position < count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < count, bytes[position] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[position] &- 48)
                digitCount += 1
                fractionDigits += 1
                position += 1
            }
        }
        guard digitCount > 0 else { return .invalid }
        var hasExponent = false
        if position < count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            position += 1
            if position < count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            let exponentStart = position
            while position < count, bytes[position] &- 48 < 10 { position += 1 }
            guard position > exponentStart else { return .invalid }
        }
        guard position == count else { return .invalid }
        if !hasExponent, digitCount <= 15 {
            let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
            return .value(negative ? -magnitude : magnitude)
        }
        let start = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        return .value(strtod(start, nil))
    }

    /// 10⁰ … 10¹⁵, all exact in a Double.
    private static let powersOfTen: [Double] = (0...15).map { pow(10, Double($0)) }

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
}
