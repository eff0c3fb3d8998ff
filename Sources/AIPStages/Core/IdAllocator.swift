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
/// which makes the numbering deterministic.
public struct IdAllocator: Sendable {
    private let previous: [RowKey: Int64]
    private var assigned: [RowKey: Int64] = [:]
    /// The largest id ever used, previous bundles included; write it to `sqlite_sequence`.
    public private(set) var highWater: Int64

    /// - Parameters:
    ///   - previous: the id of each key in the previous bundle.
    ///   - previousHighWater: the previous bundle's `sqlite_sequence` value for the table (0 when none).
    public init(previous: [RowKey: Int64] = [:], previousHighWater: Int64 = 0) {
        self.previous = previous
        highWater = max(previousHighWater, previous.values.max() ?? 0)
    }

    /// The id of the row with this key; asking again for the same key gives the same id.
    public mutating func id(for key: RowKey) -> Int64 {
        if let id = assigned[key] { return id }
        let id: Int64
        if let carried = previous[key] {
            id = carried
        } else {
            highWater += 1
            id = highWater
        }
        assigned[key] = id
        return id
    }

    /// Gives `key` a new id above every id so far, for a row that must now come after rows it used to precede
    /// (table order matters to a reader); later asks for `key` give the new id.
    public mutating func renumber(_ key: RowKey) -> Int64 {
        highWater += 1
        assigned[key] = highWater
        return highWater
    }
}

extension BundleContents {
    /// An allocator for `table` of `file`, seeded with the ids its rows have in this bundle, keyed by `keyColumns`.
    ///
    /// Rows that share a key in the bundle (which a correct previous build never wrote) keep the first id read.
    public func idAllocator(for table: String, in file: String, keyColumns: [String]) throws -> IdAllocator {
        guard let rows = try self.table(table, in: file), let idIndex = rows.index(of: "id") else { return IdAllocator() }
        let keyIndexes = keyColumns.compactMap(rows.index(of:))
        guard keyIndexes.count == keyColumns.count else { return IdAllocator() }
        var previous: [RowKey: Int64] = [:]
        for row in rows.rows {
            guard let id = row[idIndex].integer else { continue }
            let key = RowKey(keyIndexes.map { row[$0].keyText })
            if previous[key] == nil { previous[key] = id }
        }
        let highWater = try idHighWaterMarks(in: file)[table] ?? 0
        return IdAllocator(previous: previous, previousHighWater: Int64(highWater))
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
