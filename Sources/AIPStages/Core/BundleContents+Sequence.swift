extension BundleContents {
    /// The `sqlite_sequence` marks of `file` by table: the largest id each AUTOINCREMENT table ever handed out.
    ///
    /// A build writes them again, raised to its own largest ids, so no id is reused across releases and the
    /// counter matches what a device has after applying the delta.
    public func idHighWaterMarks(in file: String) throws -> [String: Int] {
        guard let sequence = try table("sqlite_sequence", in: file), let name = sequence.index(of: "name"),
              let seq = sequence.index(of: "seq") else { return [:] }
        var marks: [String: Int] = [:]
        for row in sequence.rows {
            if let table = row[name].text, let value = row[seq].integer { marks[table] = Int(value) }
        }
        return marks
    }
}
