import Foundation

/// The content of a `rows` payload (docs/delta-format.md): per table, the keys of rows to delete and the rows to
/// insert, each value with its storage class and exact bits.
///
/// ```
/// payload = "aipbundle-rows-1" table*                     the 16 ASCII bytes, then tables until the end
/// table   = text(name) u64(n) text(column)×n u64(k) u64(key column index)×k
///           u64(d) (value×k)×d u64(u) (value×n)×u
/// value   = 0x01 i64 | 0x02 f64 bits | 0x03 text | 0x04 u64(len) bytes | 0x05      (u64/i64 big-endian)
/// text(s) = u64(byte count) UTF-8 bytes
/// ```
package struct RowPayload: Sendable, Equatable {
    package struct Table: Sendable, Equatable {
        package var name: String
        /// Every column of the table, in table order; upserted rows carry one value per column.
        package var columns: [String]
        /// Indexes into `columns` of the columns that identify a row (the primary key, in key order).
        package var keyColumns: [Int]
        /// Key values of rows to delete; each such row must exist.
        package var deletes: [[SQLValue]]
        /// Whole rows of the target to insert; a row with the same key is deleted first.
        package var upserts: [[SQLValue]]

        package init(name: String, columns: [String], keyColumns: [Int], deletes: [[SQLValue]], upserts: [[SQLValue]]) {
            self.name = name
            self.columns = columns
            self.keyColumns = keyColumns
            self.deletes = deletes
            self.upserts = upserts
        }
    }

    package static let magic = Array("aipbundle-rows-1".utf8)
    package var tables: [Table]

    package init(tables: [Table]) { self.tables = tables }

    /// The payload bytes (before compression).
    package func encoded() -> Data {
        var out = Data(Self.magic)
        func u64(_ value: UInt64) { withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) } }
        func bytes(_ value: [UInt8]) { u64(UInt64(value.count)); out.append(contentsOf: value) }
        func value(_ value: SQLValue) {
            switch value {
            case .integer(let number): out.append(SQLValue.Tag.integer.rawValue); u64(UInt64(bitPattern: number))
            case .real(let number): out.append(SQLValue.Tag.real.rawValue); u64(number.bitPattern)
            case .text(let text): out.append(SQLValue.Tag.text.rawValue); bytes(text)
            case .blob(let blob): out.append(SQLValue.Tag.blob.rawValue); bytes(blob)
            case .null: out.append(SQLValue.Tag.null.rawValue)
            }
        }
        for table in tables {
            bytes(Array(table.name.utf8))
            u64(UInt64(table.columns.count))
            table.columns.forEach { bytes(Array($0.utf8)) }
            u64(UInt64(table.keyColumns.count))
            table.keyColumns.forEach { u64(UInt64($0)) }
            u64(UInt64(table.deletes.count))
            table.deletes.forEach { $0.forEach(value) }
            u64(UInt64(table.upserts.count))
            table.upserts.forEach { $0.forEach(value) }
        }
        return out
    }

    /// Decodes payload bytes. Every count is checked against the bytes that remain before anything is read or
    /// reserved, so damaged or hostile input ends in an error, never in a long loop or a large allocation.
    /// - Throws: `UpdateError.corruptPayload` saying where the bytes stop making sense.
    package init(decoding data: Data, name: String) throws {
        var reader = Reader(bytes: [UInt8](data), name: name)
        guard data.count >= Self.magic.count, Array(data.prefix(Self.magic.count)) == Self.magic else {
            throw UpdateError(.corruptPayload, "\(name): the rows payload does not start with \"aipbundle-rows-1\"")
        }
        reader.offset = Self.magic.count
        var tables: [Table] = []
        while !reader.atEnd {
            let table = try reader.text("a table name")
            let columnCount = try reader.count("the column count of \(table)", each: 9)
            let columns = try (0..<columnCount).map { _ in try reader.text("a column name of \(table)") }
            let keyCount = try reader.count("the key column count of \(table)", each: 8)
            let keys = try (0..<keyCount).map { _ in try reader.u64("a key column of \(table)") }
            guard keyCount > 0, keys.allSatisfy({ $0 < UInt64(columnCount) }), Set(keys).count == keyCount else {
                throw UpdateError(.corruptPayload, "\(name): the key columns of \(table) are not columns of it")
            }
            let deleteCount = try reader.count("the delete count of \(table)", each: keyCount)
            let deletes = try (0..<deleteCount).map { _ in try (0..<keyCount).map { _ in try reader.value(table) } }
            let upsertCount = try reader.count("the upsert count of \(table)", each: max(columnCount, 1))
            let upserts = try (0..<upsertCount).map { _ in try (0..<columnCount).map { _ in try reader.value(table) } }
            tables.append(Table(name: table, columns: columns, keyColumns: keys.map { Int($0) }, deletes: deletes, upserts: upserts))
        }
        self.tables = tables
    }

    private struct Reader {
        let bytes: [UInt8]
        let name: String
        var offset = 0

        var atEnd: Bool { offset == bytes.count }

        func truncated(_ what: String) -> UpdateError {
            UpdateError(.corruptPayload, "\(name): the rows payload ends inside \(what) (at byte \(offset) of \(bytes.count))")
        }

        mutating func u64(_ what: String) throws -> UInt64 {
            guard bytes.count - offset >= 8 else { throw truncated(what) }
            let value = bytes[offset..<offset + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += 8
            return value
        }

        /// A count of items that each take at least `each` bytes: more than the bytes left could hold is refused.
        mutating func count(_ what: String, each: Int) throws -> Int {
            let value = try u64(what)
            guard value <= UInt64(bytes.count - offset) / UInt64(max(each, 1)) else {
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
            case .integer: return .integer(Int64(bitPattern: try u64("an INTEGER of \(table)")))
            case .real: return .real(Double(bitPattern: try u64("a REAL of \(table)")))
            case .text: return .text(try raw("a TEXT of \(table)"))
            case .blob: return .blob(try raw("a BLOB of \(table)"))
            case .null: return .null
            case nil: throw UpdateError(.corruptPayload, "\(name): a value of \(table) has the unknown type tag \(tag)")
            }
        }
    }
}
