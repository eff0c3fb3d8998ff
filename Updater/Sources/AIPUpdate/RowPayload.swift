import Foundation

/// The content of a `rows` payload (docs/delta-format.md): per table, the keys of rows to delete and the rows to
/// insert, each value with its storage class and exact bits. Values are laid out column by column, which puts
/// alike values together (one cycle's rows share their date, country codes, small counts), so deflate finds
/// more to shorten; integers and lengths are varints for the same reason. Columns are named by position: the
/// base's logical hash covers every table's columns, so the applier knows them (`PRAGMA table_info`).
///
/// ```
/// payload = "aipbundle-rows-1" table*                     the 16 ASCII bytes, then tables until the end
/// table   = text(name) uvar(n) uvar(k) uvar(key column index)×k uvar(d) uvar(u)
///           (value×d for each key column) (value×u for each column)
/// value   = 0x01 svar | 0x02 f64 | 0x03 text | 0x04 uvar(len) bytes | 0x05
/// uvar    = unsigned LEB128 (7 bits a byte, low first, high bit set on all but the last; at most 10 bytes)
/// svar    = uvar of the zigzag form of a 64-bit integer: (n << 1) ^ (n >> 63)
/// f64     = the 8 bytes of the IEEE-754 binary64 bits, most significant first
/// text(s) = uvar(byte count) UTF-8 bytes
/// ```
public struct RowPayload: Sendable, Equatable {
    public struct Table: Sendable, Equatable {
        public var name: String
        /// How many columns the table has (those `PRAGMA table_info` lists); upserted rows carry one value each.
        public var columnCount: Int
        /// Positions of the columns that identify a row (the primary key, in key order).
        public var keyColumns: [Int]
        /// Key values of rows to delete; each such row must exist.
        public var deletes: [[SQLValue]]
        /// Whole rows of the target to insert; a row with the same key is deleted first.
        public var upserts: [[SQLValue]]

        public init(name: String, columnCount: Int, keyColumns: [Int], deletes: [[SQLValue]], upserts: [[SQLValue]]) {
            self.name = name
            self.columnCount = columnCount
            self.keyColumns = keyColumns
            self.deletes = deletes
            self.upserts = upserts
        }
    }

    public static let magic = Array("aipbundle-rows-1".utf8)
    public var tables: [Table]

    public init(tables: [Table]) { self.tables = tables }

    /// The payload bytes (before compression).
    public func encoded() -> Data {
        var out = Data(Self.magic)
        func uvar(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                out.append(UInt8(rest & 0x7F) | 0x80)
                rest >>= 7
            }
            out.append(UInt8(rest))
        }
        func bytes(_ value: [UInt8]) { uvar(UInt64(value.count)); out.append(contentsOf: value) }
        func value(_ value: SQLValue) {
            switch value {
            case .integer(let number): out.append(SQLValue.Tag.integer.rawValue); uvar(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
            case .real(let number): out.append(SQLValue.Tag.real.rawValue); withUnsafeBytes(of: number.bitPattern.bigEndian) { out.append(contentsOf: $0) }
            case .text(let text): out.append(SQLValue.Tag.text.rawValue); bytes(text)
            case .blob(let blob): out.append(SQLValue.Tag.blob.rawValue); bytes(blob)
            case .null: out.append(SQLValue.Tag.null.rawValue)
            }
        }
        for table in tables {
            bytes(Array(table.name.utf8))
            uvar(UInt64(table.columnCount))
            uvar(UInt64(table.keyColumns.count))
            table.keyColumns.forEach { uvar(UInt64($0)) }
            uvar(UInt64(table.deletes.count))
            uvar(UInt64(table.upserts.count))
            for column in table.keyColumns.indices { table.deletes.forEach { value($0[column]) } }
            for column in 0..<table.columnCount { table.upserts.forEach { value($0[column]) } }
        }
        return out
    }

    /// Decodes payload bytes. Every count is checked against the bytes that remain before anything is read or
    /// reserved, so damaged or hostile input ends in an error, never in a long loop or a large allocation.
    /// - Throws: `UpdateError.corruptPayload` saying where the bytes stop making sense.
    public init(decoding data: Data, name: String) throws {
        var reader = Reader(bytes: [UInt8](data), name: name)
        guard data.count >= Self.magic.count, Array(data.prefix(Self.magic.count)) == Self.magic else {
            throw UpdateError(.corruptPayload, "\(name): the rows payload does not start with \"aipbundle-rows-1\"")
        }
        reader.offset = Self.magic.count
        var tables: [Table] = []
        while !reader.atEnd {
            let table = try reader.text("a table name")
            let columnCount = Int(clamping: try reader.uvar("the column count of \(table)"))
            guard columnCount <= 32_767 else {
                throw UpdateError(.corruptPayload, "\(name): \(table) has \(columnCount) columns, more than SQLite allows")
            }
            let keyCount = try reader.count("the key column count of \(table)", each: 1)
            let keys = try (0..<keyCount).map { _ in try reader.uvar("a key column of \(table)") }
            guard keyCount > 0, keys.allSatisfy({ $0 < UInt64(columnCount) }), Set(keys).count == keyCount else {
                throw UpdateError(.corruptPayload, "\(name): the key columns of \(table) are not columns of it")
            }
            // Each value takes at least one byte: counts are bounded by what is left before anything is reserved.
            let deleteCount = try reader.count("the delete count of \(table)", each: keyCount)
            let upsertCount = try reader.count("the upsert count of \(table)", each: 1)
            guard upsertCount <= reader.remaining / columnCount else {
                throw UpdateError(.corruptPayload, "\(name): the upsert count of \(table) is \(upsertCount), more than the payload can hold")
            }
            var deletes = Array(repeating: [SQLValue](), count: deleteCount)
            for _ in 0..<keyCount { for row in 0..<deleteCount { deletes[row].append(try reader.value(table)) } }
            var upserts = Array(repeating: [SQLValue](), count: upsertCount)
            for _ in 0..<columnCount { for row in 0..<upsertCount { upserts[row].append(try reader.value(table)) } }
            tables.append(Table(name: table, columnCount: columnCount, keyColumns: keys.map { Int($0) }, deletes: deletes, upserts: upserts))
        }
        self.tables = tables
    }

    private struct Reader {
        let bytes: [UInt8]
        let name: String
        var offset = 0

        var atEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }

        func truncated(_ what: String) -> UpdateError {
            UpdateError(.corruptPayload, "\(name): the rows payload ends inside \(what) (at byte \(offset) of \(bytes.count))")
        }

        mutating func uvar(_ what: String) throws -> UInt64 {
            var value: UInt64 = 0
            for shift in stride(from: 0, to: 70, by: 7) {
                guard offset < bytes.count else { throw truncated(what) }
                let byte = bytes[offset]
                offset += 1
                guard shift < 63 || byte <= 1 else { throw UpdateError(.corruptPayload, "\(name): \(what) is a varint over 64 bits") }
                value |= UInt64(byte & 0x7F) << UInt64(shift)
                if byte & 0x80 == 0 { return value }
            }
            throw UpdateError(.corruptPayload, "\(name): \(what) is a varint over 64 bits")
        }

        /// A count of items that each take at least `each` bytes: more than the bytes left could hold is refused.
        mutating func count(_ what: String, each: Int) throws -> Int {
            let value = try uvar(what)
            guard value <= UInt64(remaining) / UInt64(max(each, 1)) else {
                throw UpdateError(.corruptPayload, "\(name): \(what) is \(value), more than the payload can hold")
            }
            return Int(value)
        }

        mutating func raw(_ what: String) throws -> [UInt8] {
            let length = try count(what, each: 1)
            defer { offset += length }
            return Array(bytes[offset..<offset + length])
        }

        mutating func text(_ what: String) throws -> String {
            let raw = try raw(what)
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw UpdateError(.corruptPayload, "\(name): \(what) is not UTF-8")
            }
            return text
        }

        mutating func value(_ table: String) throws -> SQLValue {
            guard offset < bytes.count else { throw truncated("a value of \(table)") }
            let tag = bytes[offset]
            offset += 1
            switch SQLValue.Tag(rawValue: tag) {
            case .integer:
                let zigzag = try uvar("an INTEGER of \(table)")
                return .integer(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
            case .real:
                guard remaining >= 8 else { throw truncated("a REAL of \(table)") }
                defer { offset += 8 }
                return .real(Double(bitPattern: bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
            case .text: return .text(try raw("a TEXT of \(table)"))
            case .blob: return .blob(try raw("a BLOB of \(table)"))
            case .null: return .null
            case nil: throw UpdateError(.corruptPayload, "\(name): a value of \(table) has the unknown type tag \(tag)")
            }
        }
    }
}
