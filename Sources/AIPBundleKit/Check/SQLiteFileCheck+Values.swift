import AIPContract
import AIPManifest
import Foundation
import GRDB

/// The value checks every SQLite bundle file gets from its contract: text that every reader reads the same, and
/// numbers inside their column's physical range.
extension SQLiteFileCheck {
    /// The SQL function counting a value that is not valid UTF-8 (given as a BLOB, so SQLite hands over the bytes
    /// as stored: as TEXT, GRDB would repair them on the way).
    static let invalidUTF8 = DatabaseFunction("aipbundle_invalid_utf8", argumentCount: 1, pure: true) { values in
        guard case .blob(let data) = values[0].storage else { return 0 }
        return data.withUnsafeBytes { String(validating: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) == nil } ? 1 : 0
    }

    /// TEXT values holding a NUL (C and SQLite's own text functions stop there, Swift keeps it) or bytes that are
    /// not UTF-8 (readers repair, replace or fail on them, each differently), per column. SQLite stores text as it
    /// is given and validates nothing, so both are looked at in the stored bytes.
    func textEncodingFindings(_ snapshot: SchemaSnapshot) throws -> [CheckFinding] {
        db.add(function: Self.invalidUTF8)
        let nul = try countPerColumn(snapshot, where: { $0.type == .text }) { "typeof(\($0.name)) = 'text' AND instr(CAST(\($0.name) AS BLOB), x'00') > 0" }
        let invalid = try countPerColumn(snapshot, where: { $0.type == .text }) {
            "typeof(\($0.name)) = 'text' AND \(Self.invalidUTF8.name)(CAST(\($0.name) AS BLOB))"
        }
        return nul.map { column, table, bad in
            CheckFinding(file: file, table: table, column: column.name, code: .checkTextEncoding,
                         message: "\(bad) value\(bad == 1 ? " holds" : "s hold") a NUL character")
        } + invalid.map { column, table, bad in
            CheckFinding(file: file, table: table, column: column.name, code: .checkTextEncoding,
                         message: "\(bad) value\(bad == 1 ? " is" : "s are") not valid UTF-8")
        }
    }

    /// Numbers outside the physical range the contract declares for their column (``ColumnSchema/range``), with the
    /// smallest and largest such value for a person to recognise the slip by. ±Inf is left to the finite-reals rule.
    func rangeFindings(_ snapshot: SchemaSnapshot) throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for table in schema.tables {
            guard let present = snapshot.tables[table.name] else { continue }
            for column in table.columns where present.columns.contains(where: { $0.name == column.name }) {
                guard let range = column.range else { continue }
                let sql = """
                    SELECT count(*), min(\(column.name)), max(\(column.name)) FROM \(table.name)
                    WHERE typeof(\(column.name)) IN ('integer', 'real') AND \(column.name) NOT BETWEEN ? AND ?
                        AND \(column.name) NOT IN (9e999, -9e999)
                    """
                guard let row = try Row.fetchOne(db, sql: sql, arguments: [range.lowerBound, range.upperBound]) else { continue }
                let bad: Int = row[0]
                guard bad > 0 else { continue }
                let low: Double = row[1], high: Double = row[2]
                findings.append(CheckFinding(file: file, table: table.name, column: column.name, code: .checkOutOfRange, message: """
                    \(bad) value\(bad == 1 ? " is" : "s are") outside \(Self.number(range.lowerBound))…\(Self.number(range.upperBound)) \
                    (\(low == high ? Self.number(low) : "from \(Self.number(low)) to \(Self.number(high))"))
                    """))
            }
        }
        return findings
    }

    /// A number as a person writes it: `-5`, `0.5`, `-1e+12`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
