import AIPContract

/// The natural key of a row that has no stable id of its own in its source (an AIP entry, a procedure, a border
/// crossing point): the values that say which real-world thing the row is about.
public struct RowKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var parts: [String?]

    public init(_ parts: [String?]) { self.parts = parts }
    public init(_ parts: String?...) { self.parts = parts }

    public static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        lhs.parts.lexicographicallyPrecedes(rhs.parts) { ($0 ?? "") < ($1 ?? "") || ($0 == nil && $1 != nil) }
    }

    public var description: String { parts.map { $0 ?? "NULL" }.joined(separator: "|") }
}

/// Row ids that stay the same from one release to the next, so a delta carries only rows that really changed.
///
/// A key the previous bundle had keeps its id. A new key gets the next id above the high-water mark: the largest
/// id the previous bundle had *or had ever used* (its `sqlite_sequence` value), so an id once given to a row that
/// was later removed is never handed to a different row. A key that is removed and re-added later is a new row
/// with a new id. Ids are handed out in the order keys are asked for: callers ask in their (sorted) row order,
/// which makes the numbering deterministic. Seed one from a previous bundle with
/// ``StageContext/idAllocator(for:)``.
public struct IdAllocator: Sendable {
    private let previous: [RowKey: Int64]
    private var assigned: [RowKey: Int64] = [:]
    /// The largest id ever used, previous bundles included; write it to `sqlite_sequence`.
    public private(set) var highWater: Int64
    /// Where the previous ids were read, for the error when none is left; nil when not read from a bundle.
    private let origin: (file: String, key: NaturalKey)?

    /// - Parameters:
    ///   - previous: the id of each key in the previous bundle.
    ///   - previousHighWater: the previous bundle's `sqlite_sequence` value for the table (0 when none).
    public init(previous: [RowKey: Int64] = [:], previousHighWater: Int64 = 0) {
        self.init(previous: previous, previousHighWater: previousHighWater, origin: nil)
    }

    init(previous: [RowKey: Int64], previousHighWater: Int64, origin: (file: String, key: NaturalKey)?) {
        self.previous = previous
        self.origin = origin
        highWater = max(previousHighWater, previous.values.max() ?? 0)
    }

    /// The id of the row with this key; asking again for the same key gives the same id.
    /// - Throws: ``IdCarryOverError`` when a new id is needed and every id up to `Int64.max` is used.
    public mutating func id(for key: RowKey) throws(IdCarryOverError) -> Int64 {
        if let id = assigned[key] { return id }
        let id: Int64
        if let carried = previous[key] {
            id = carried
        } else {
            id = try nextID()
        }
        assigned[key] = id
        return id
    }

    /// Gives `key` a new id above every id so far, for a row that must now come after rows it used to precede
    /// (table order matters to a reader); later asks for `key` give the new id.
    /// - Throws: ``IdCarryOverError`` when every id up to `Int64.max` is used.
    public mutating func renumber(_ key: RowKey) throws(IdCarryOverError) -> Int64 {
        let id = try nextID()
        assigned[key] = id
        return id
    }

    /// `rows` each with the id of its key (asked in the order given, so give them sorted), in id order: the order
    /// rows are written in.
    /// - Throws: ``IdCarryOverError`` when a new id is needed and every id up to `Int64.max` is used.
    public mutating func numbering<Row>(_ rows: [(key: RowKey, row: Row)], id: WritableKeyPath<Row, Int64>) throws(IdCarryOverError) -> [Row] {
        var numbered = rows.map(\.row)
        try number(&numbered, keys: rows.map(\.key), id: id)
        return numbered
    }

    /// Gives each of `rows` the id of its key, `keys[i]` for `rows[i]` (asked in that order, so give them sorted), then
    /// puts `rows` in id order: the order rows are written in. In place: the rows are never copied.
    /// - Throws: ``IdCarryOverError`` when a new id is needed and every id up to `Int64.max` is used.
    public mutating func number<Row>(_ rows: inout [Row], keys: [RowKey], id: WritableKeyPath<Row, Int64>) throws(IdCarryOverError) {
        precondition(keys.count == rows.count, "\(keys.count) keys for \(rows.count) rows")
        assigned.reserveCapacity(assigned.count + rows.count)
        var inOrder = true
        for index in rows.indices {
            let value = try self.id(for: keys[index])
            rows[index][keyPath: id] = value
            if index > 0, value < rows[index - 1][keyPath: id] { inOrder = false }
        }
        // New ids come in asking order: only carried-over ones can be out of it, and a first build has none.
        if !inOrder { rows.sort { $0[keyPath: id] < $1[keyPath: id] } }
    }

    /// The id above the high-water mark, which it raises. SQLite's own AUTOINCREMENT fails at the same limit.
    private mutating func nextID() throws(IdCarryOverError) -> Int64 {
        guard highWater < Int64.max else {
            throw IdCarryOverError(file: origin?.file ?? "(no file)", table: origin?.key.table.name ?? "(no table)",
                                   keyColumns: origin?.key.columns.map(\.name) ?? [], problem: .exhausted(highWater: highWater))
        }
        highWater += 1
        return highWater
    }
}

extension PlainValue {
    /// The value as key text: keys are compared as text whatever their storage class.
    var keyText: String? {
        switch self {
        case .null: nil
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): value
        case .blob(let bytes): bytes.map { String($0, radix: 16) }.joined()
        }
    }
}
