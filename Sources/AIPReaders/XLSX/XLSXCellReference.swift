/// A1-style cell references (`B12`): column letters, then the row number.
public enum XLSXCellReference {
    /// The largest sheet Excel writes: 16,384 columns (`XFD`) by 1,048,576 rows. References beyond are damage.
    public static let maxColumns = 16_384
    public static let maxRows = 1_048_576

    /// The 0-based column and 1-based row of `reference`, or nil when it is not a reference inside the largest sheet.
    public static func parse(_ reference: String) -> (column: Int, row: Int)? {
        var column = 0
        var row = 0
        var letters = 0
        var digits = 0
        for byte in reference.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits == 0:
                letters += 1
                column = column * 26 + Int(byte - 64)
            case UInt8(ascii: "0")...UInt8(ascii: "9") where letters > 0:
                digits += 1
                row = row * 10 + Int(byte - 48)
            default:
                return nil
            }
            guard letters <= 3, digits <= 7 else { return nil }
        }
        guard letters > 0, digits > 0, column <= maxColumns, (1...maxRows).contains(row) else { return nil }
        return (column - 1, row)
    }

    /// The column's letters (`0` → `A`, `27` → `AB`).
    public static func columnName(_ column: Int) -> String {
        var name: [Character] = []
        var rest = column + 1
        while rest > 0 {
            let remainder = (rest - 1) % 26
            name.insert(Character(Unicode.Scalar(UInt8(65 + remainder))), at: 0)
            rest = (rest - 1) / 26
        }
        return String(name)
    }

    /// `B12` for column 1, row 12.
    public static func name(column: Int, row: Int) -> String { columnName(column) + String(row) }
}
