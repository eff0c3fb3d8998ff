/// One row of a border crossing list (`border/*.csv`, header `Country,Name,Type,Comment,ICAO,Airfield Name`), as read.
public struct BorderCrossingRecord: Sendable, Equatable {
    /// The list, relative to the source tree.
    public var file: String
    /// 1-based line where the row starts.
    public var line: Int
    /// English country name (`France`, `Czech Republic`).
    public var country: String
    /// The crossing point's name (`Albert-Bray`).
    public var name: String
    /// `Airport`, `Aerodrome`, `Airfield`, `Heliport`, or other kinds of crossing; nil when empty.
    public var type: String?
    public var comment: String?
    /// The ICAO column as written (may be empty or malformed: the stage decides), trimmed.
    public var icao: String?
    public var airfieldName: String?
    /// Every column of the row in header order, for `metadata_json`.
    public var originalRow: [Field]

    /// One column of the original row.
    public struct Field: Sendable, Equatable {
        public var column: String
        public var value: String
    }
}

/// The rows of one border crossing list, with the rows it had to reject.
public struct BorderCrossingFile: Sendable {
    public var fileName: String
    public var records: [BorderCrossingRecord]
    /// Data rows read, rejected ones included.
    public var rowCount: Int
    public var byteCount: Int
    public var findings: [Finding]
}
