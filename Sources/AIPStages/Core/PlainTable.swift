import Foundation

/// One SQL value, as a stage sees it: no database types cross into the stages layer.
public enum PlainValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    public var text: String? { if case .text(let value) = self { value } else { nil } }
}

/// Rows whose `column` holds one of `values`. A database reader may keep a few more (SQLite compares an integer
/// equal to the same real), so a stage still tests each row it is given.
public struct PlainFilter: Sendable {
    public var column: String
    public var values: [PlainValue]

    public init(column: String, values: [PlainValue]) {
        self.column = column
        self.values = values
    }
}

/// A table of a bundle file read into memory: column names and rows, in the order the bundle layer read them
/// (primary-key order).
public struct PlainTable: Sendable {
    public var columns: [String]
    public var rows: [[PlainValue]]

    public init(columns: [String], rows: [[PlainValue]]) {
        self.columns = columns
        self.rows = rows
    }

    /// The position of `column`, or nil when the table has no such column.
    public func index(of column: String) -> Int? { columns.firstIndex(of: column) }
}

/// Read access to the files of one bundle (this build's, or the previous one), as plain values.
///
/// The build layer supplies the reading; a stage only asks for tables by name, so it never opens a database
/// (`design.md`, Layers) and tests can hand a stage any content they like.
public struct BundleContents: Sendable {
    /// Names of the files this bundle has.
    public let fileNames: [String]
    /// The folder holding the files, for the bundle layer's writers (the change log attaches the previous file);
    /// a stage reads tables through ``table(_:in:)``. Nil for contents that are not on disk.
    public let folder: URL?
    private let read: @Sendable (_ file: String, _ table: String) throws -> PlainTable?
    private let readMatching: (@Sendable (_ file: String, _ table: String, _ filter: PlainFilter) throws -> PlainTable?)?
    private let readBytes: @Sendable (_ file: String) throws -> [UInt8]?

    /// `readBytes` gives a whole file's bytes, for files that are not databases (`rules.json`); `readMatching`, the
    /// rows of a table a filter keeps (when nil, the whole table is read and filtered here).
    public init(fileNames: [String], folder: URL? = nil, read: @escaping @Sendable (_ file: String, _ table: String) throws -> PlainTable?,
                readMatching: (@Sendable (_ file: String, _ table: String, _ filter: PlainFilter) throws -> PlainTable?)? = nil,
                readBytes: @escaping @Sendable (_ file: String) throws -> [UInt8]? = { _ in nil }) {
        self.fileNames = fileNames
        self.folder = folder
        self.read = read
        self.readMatching = readMatching
        self.readBytes = readBytes
    }

    /// A bundle with no files: the first build into an empty `--out`.
    public static let empty = BundleContents(fileNames: []) { _, _ in nil }

    public func has(_ file: String) -> Bool { fileNames.contains(file) }

    /// Where `file` lies on disk; nil when the bundle lacks it or is not on disk.
    public func location(of file: String) -> URL? {
        has(file) ? folder?.appendingPathComponent(file) : nil
    }

    /// The rows of `table` in `file`; nil when the bundle lacks the file or the file lacks the table.
    public func table(_ table: String, in file: String) throws -> PlainTable? {
        guard has(file) else { return nil }
        return try read(file, table)
    }

    /// The rows of `table` in `file` that `filter` keeps, in the same order; nil when the bundle lacks the file or the
    /// file lacks the table. A table without the filter's column is given whole, for the caller to name what it lacks.
    public func table(_ table: String, in file: String, where filter: PlainFilter) throws -> PlainTable? {
        guard has(file) else { return nil }
        if let readMatching { return try readMatching(file, table, filter) }
        guard var whole = try read(file, table) else { return nil }
        if let index = whole.index(of: filter.column) { whole.rows.removeAll { !filter.values.contains($0[index]) } }
        return whole
    }

    /// The bytes of `file` (a JSON file such as `rules.json`); nil when the bundle lacks it.
    public func data(of file: String) throws -> [UInt8]? {
        guard has(file) else { return nil }
        return try readBytes(file)
    }
}
