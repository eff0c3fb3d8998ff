import AIPContract
import AIPStages
import GRDB

/// Records in `airports.db` what changed since the previous bundle, on the finished in-memory database before it
/// is serialized, with a copy of the previous file attached as `previous` (SQL does the comparison, in one place).
///
/// - The change log accumulates: the previous bundle's `*_changes` rows are kept with their ids, and this build's
///   rows follow, tagged with its `changed_at` (the build timestamp) and `airac_date`. "What changed this cycle at
///   LFAT" is a query on `airac_date`; a change row is never rewritten, so older cycles cost nothing in a delta.
/// - A row whose content did not change keeps its `created_at`/`updated_at`; a changed row keeps `created_at`.
/// - A change row's `airport_icao`, `runway_id` or `procedure_id` naming a row this bundle no longer has is NULL
///   (the foreign keys must hold), in this build's rows and in the history alike; a removed row stays identified by
///   its label in `old_value`.
/// - `airac_updates` gets one row per cycle (``buildSource``), recounted on a rebuild of the same cycle;
///   `airac_country_coverage` is rebuilt from the airports' source tags.
enum ChangeLog {
    /// The schema name the previous `airports.db` is attached under; the SQL of ``ChangeLogTable`` reads it by name.
    static let previousSchema = "previous"
    /// `airac_updates.source` of the rows a build writes: the build as a whole fetched the cycle.
    static let buildSource = "aipbundle"

    /// - Parameter hasPrevious: whether a previous `airports.db` is attached as ``previousSchema``.
    /// - Returns: this build's change rows, per `*_changes` table and per country (empty without a previous bundle).
    static func record(in db: Database, stamp: BuildStamp, hasPrevious: Bool) throws -> ChangeLogCounts {
        // Named after the change rows' columns they fill (``ChangeLogTable``'s SQL binds `:changed_at`, `:airac_date`).
        let arguments: StatementArguments = [AirportsContract.ChangeColumns.changedAt.name: stamp.timestamp,
                                             AirportsContract.ChangeColumns.airacDate.name: stamp.airac.effectiveDate]
        var counts = ChangeLogCounts()
        // Read now: the failure they explain may roll the transaction, and the raised marks with it, back.
        let exhausted = try String.fetchAll(db, sql: "SELECT name FROM main.sqlite_sequence WHERE seq = ? ORDER BY name", arguments: [Int64.max])
        if hasPrevious {
            do {
                let previous = try PreviousTables(db)
                for table in AirportsContract.schema.tables where table.hasTimestamps || ChangeLogTable.named(table.name) != nil {
                    try compare(table, previous: previous, db: db, arguments: arguments, counts: &counts)
                }
                try carry(AirportsContract.AiracUpdates.table, previous: previous, db: db)
            } catch let error as DatabaseError {
                throw exhaustedIds(exhausted, error) ?? BundleWriteError(
                    "the previous bundle's \(AirportsContract.fileName) cannot be compared with this build: \(error.message ?? "\(error.resultCode)")")
            }
        }
        do {
            try recordUpdate(in: db, arguments: arguments)
        } catch let error as DatabaseError {
            throw exhaustedIds(exhausted, error) ?? error
        }
        try AiracCoverage.write(in: db, stamp: stamp)
        try sortSequence(in: db)
        return counts
    }

    /// The change log's rows get their ids from SQLite's AUTOINCREMENT, which fails with SQLITE_FULL ("database or
    /// disk is full") once a table's `sqlite_sequence` mark, carried from the previous bundle, is at `Int64.max`:
    /// said as what it is, an exhausted id space, with the fix. Nil for any other failure.
    /// - Parameter exhausted: the tables whose mark was at `Int64.max` before the change log ran.
    private static func exhaustedIds(_ exhausted: [String], _ error: DatabaseError) -> IdCarryOverError? {
        guard error.resultCode == .SQLITE_FULL, let table = exhausted.first else { return nil }
        return IdCarryOverError(file: AirportsContract.fileName, table: table, keyColumns: [], problem: .exhausted(highWater: .max))
    }

    /// Logs one table's changes (when it has a `*_changes` table) and carries its timestamps over.
    private static func compare(_ table: TableSchema, previous: PreviousTables, db: Database, arguments: StatementArguments,
                                counts: inout ChangeLogCounts) throws {
        let log = ChangeLogTable.named(table.name)
        if let log { try carry(log.changes, previous: previous, db: db) }
        guard let previousColumns = previous.columns(of: table.name),
              table.keyColumns.allSatisfy(previousColumns.contains) else { return }
        let excluded = Set(table.keyColumns + [SharedColumns.createdAt.name, SharedColumns.updatedAt.name])
        let compared = table.columns.filter { !excluded.contains($0.name) && previousColumns.contains($0.name) }
        try db.execute(sql: ChangeLogTable.changedKeysSQL(table, compared: compared.map(\.name)))
        // Without it, SQLite scans the changed keys once per row it joins them with.
        try db.execute(sql: "CREATE INDEX temp.changelog_changed_key ON changelog_changed (\(table.keyColumns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")))")
        if let log {
            try db.execute(sql: try log.collectSQL(compared: compared, previousColumns: previousColumns), arguments: arguments)
            try counts.count(ChangeLogTable.collectedRows, loggedIn: log.changes, db: db)
            try db.execute(sql: log.appendSQL)
            try db.execute(sql: "DROP TABLE \(ChangeLogTable.collectedRows)")
        }
        if table.hasTimestamps, previousColumns.contains(SharedColumns.createdAt.name), previousColumns.contains(SharedColumns.updatedAt.name) {
            try db.execute(sql: ChangeLogTable.timestampsSQL(table))
        }
        try db.execute(sql: "DROP TABLE \(ChangeLogTable.changedKeys)")
    }

    /// Copies the previous bundle's rows of `table` (the columns both have), ids included.
    private static func carry(_ table: TableSchema, previous: PreviousTables, db: Database) throws {
        guard let previousColumns = previous.columns(of: table.name) else { return }
        let columns = table.columns.map(\.name).filter(previousColumns.contains)
        try db.execute(sql: ChangeLogTable.copySQL(table, columns: columns, from: "previous.\(table.name.quotedDatabaseIdentifier)"))
    }

    /// Rewrites `sqlite_sequence` in table-name order. Its rows come in the order tables first got an id, which
    /// depends on what the previous bundle held; sorted, a rebuild on the same content gives the same bytes.
    /// A mark of 0 (an `INSERT … SELECT` of no rows leaves one) hands out nothing, but would make a bundle built with
    /// a previous one differ from the same content built without: it is dropped.
    private static func sortSequence(in db: Database) throws {
        try db.execute(sql: """
            CREATE TEMP TABLE changelog_sequence AS SELECT name, seq FROM main.sqlite_sequence WHERE seq > 0 ORDER BY name;
            DELETE FROM main.sqlite_sequence;
            INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM temp.changelog_sequence ORDER BY rowid;
            DROP TABLE temp.changelog_sequence;
            """)
    }

    /// This cycle's `airac_updates` row: the airports of this bundle with a change tagged with the cycle, and the
    /// change rows so tagged (every `*_changes` table with an `airac_date`; border points' has none).
    private static func recordUpdate(in db: Database, arguments: StatementArguments) throws {
        typealias Updates = AirportsContract.AiracUpdates
        let airacDate = SharedColumns.airacDate.name, airportICAO = SharedColumns.airportICAO.name
        let cycle = ":\(airacDate)", changedAt = ":\(AirportsContract.ChangeColumns.changedAt.name)"
        let tagged = ChangeLogTable.airports.map(\.changes).filter { $0.column(airacDate) != nil }
        let changes = tagged.map { "SELECT count(*) FROM main.\($0.name.quotedDatabaseIdentifier) WHERE \(airacDate) = \(cycle)" }
        let airports = tagged.filter { $0.column(airportICAO) != nil }
            .map { "SELECT \(airportICAO) FROM main.\($0.name.quotedDatabaseIdentifier) WHERE \(airacDate) = \(cycle)" }
        let counted = """
            (SELECT count(DISTINCT \(airportICAO)) FROM (\(airports.joined(separator: " UNION ALL ")))),
            \(changes.map { "(\($0))" }.joined(separator: " + "))
            """
        // An update first, then an insert: an upsert would raise the AUTOINCREMENT counter even when it updates.
        try db.execute(sql: """
            UPDATE main.\(Updates.table.name) SET \(Updates.fetchedAt.name) = \(changedAt), \(Updates.status.name) = 'success',
                (\(Updates.airportsUpdated.name), \(Updates.changesCount.name)) = (SELECT \(counted))
            WHERE \(Updates.airacDate.name) = \(cycle) AND \(Updates.source.name) = '\(buildSource)'
            """, arguments: arguments)
        guard db.changesCount == 0 else { return }
        let columns = [Updates.airacDate, Updates.source, Updates.fetchedAt, Updates.airportsUpdated, Updates.changesCount, Updates.status]
        try db.execute(sql: """
            INSERT INTO main.\(Updates.table.name) (\(columns.map(\.name).joined(separator: ", ")))
            VALUES (\(cycle), '\(buildSource)', \(changedAt), \(counted), 'success')
            """, arguments: arguments)
    }
}
