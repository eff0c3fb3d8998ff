/// Row ids cannot be carried over from the previous bundle, or no id is left to hand out.
///
/// The build stops rather than renumber rows without a word: every row would get a new id, and every delta would
/// carry whole tables. Each message names the previous bundle's file, the table and the fix.
public struct IdCarryOverError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// The file has no such table.
        case missingTable
        /// The table lacks these columns (its id or natural key columns), in the contract's order.
        case missingColumns([String])
        /// The file is there but cannot be read as a database (the reader's message).
        case unreadable(String)
        /// Every id up to `Int64.max` is used (the table's `sqlite_sequence` mark or its largest id).
        case exhausted(highWater: Int64)
    }

    /// The previous bundle's file: its path when it is on disk, else its name.
    public var file: String
    public var table: String
    /// The natural key the ids carry over by (`airport_icao`, `section`, `field`, `source`).
    public var keyColumns: [String]
    public var problem: Problem

    public init(file: String, table: String, keyColumns: [String], problem: Problem) {
        self.file = file
        self.table = table
        self.keyColumns = keyColumns
        self.problem = problem
    }

    public var description: String {
        let key = "(\(keyColumns.joined(separator: ", ")))"
        let consequence = "without that, every row would get a new id and the next delta would carry the whole table"
        switch problem {
        case .missingTable:
            return "previous bundle: \(file) has no table \(table), whose row ids carry over by \(key); \(consequence). "
                + "Give --previous the bundle last published, or pass --renumber-ids to give these rows new ids "
                + "(right when the previous bundle predates the table)"
        case .missingColumns(let columns):
            return "previous bundle: \(file): table \(table) lacks the column(s) \(columns.joined(separator: ", ")), "
                + "needed to carry its row ids over by \(key); \(consequence). "
                + "Give --previous the bundle last published, or pass --renumber-ids to give these rows new ids"
        case .unreadable(let reason):
            return "previous bundle: \(file) cannot be read, so the row ids of \(table) cannot carry over: \(reason). "
                + "Restore the file from the bundle last published, or give --previous a readable bundle "
                + "(--renumber-ids does not apply to a damaged file)"
        case .exhausted(let highWater):
            return "previous bundle: \(file): table \(table) has used every id up to \(highWater), so a new row cannot get one. "
                + "Build once into a new, empty --out folder without --previous (a first build) to number every row afresh "
                + "from 1 (the next delta is then a full download)"
        }
    }
}
