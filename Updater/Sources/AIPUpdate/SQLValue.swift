import Foundation

/// One SQLite value with its storage class and exact bits: what a row payload carries and the applier binds.
///
/// TEXT is kept as the UTF-8 bytes SQLite holds, never re-encoded, so a value round-trips byte for byte.
public enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])
    case null

    /// The tag of each storage class in a payload: the same bytes the logical content hash uses.
    enum Tag: UInt8 {
        case integer = 0x01, real = 0x02, text = 0x03, blob = 0x04, null = 0x05
    }

    /// Bit-wise equality: two REALs are equal when their bits are (`==` on Double would make NaN unequal to itself).
    public static func == (lhs: SQLValue, rhs: SQLValue) -> Bool {
        switch (lhs, rhs) {
        case let (.integer(a), .integer(b)): a == b
        case let (.real(a), .real(b)): a.bitPattern == b.bitPattern
        case let (.text(a), .text(b)), let (.blob(a), .blob(b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}
