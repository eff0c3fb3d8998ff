/// The rule that turns many bad rows into one bad file: at least ``minimumRows`` relevant rows, and more than half of
/// them rejected, is fatal.
///
/// A file where most rows are bad is a broken file, not a file with bad rows, and publishing the few rows that
/// survived would pass a corrupt download off as data. The caller says which rows matter: in a whole-world file,
/// counting the rows nobody reads would let a file whose every in-scope row is bad pass as "mostly fine".
public enum BadRowRule {
    /// Below this many relevant rows, the rule never fires: a handful of rows is too few to judge a file by.
    public static let minimumRows = 10

    /// Throws when `rejectedRows` of `relevantRows` make the file look corrupt.
    ///
    /// - Parameters:
    ///   - file: the file as named in errors.
    ///   - relevantRows: the rows that matter (e.g. in-scope airports, or runways of known airports).
    ///   - rejectedRows: how many of those were rejected.
    ///   - rows: what the rows are, for the message (`"in-scope rows"`, `"runways"`).
    /// - Throws: ``SourceError`` `.tooManyBadRows`.
    public static func check(file: String, relevantRows: Int, rejectedRows: Int, rows: String = "rows") throws(SourceError) {
        guard relevantRows >= minimumRows, rejectedRows * 2 > relevantRows else { return }
        throw SourceError(file: file, kind: .tooManyBadRows,
                          reason: "\(rejectedRows) of its \(relevantRows) \(rows) are rejected; the file looks corrupt, fix or replace it")
    }
}
