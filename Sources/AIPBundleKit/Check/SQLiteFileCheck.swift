import AIPContract
import AIPErrorText
import AIPManifest
import Foundation
import GRDB

/// The checks every SQLite bundle file gets, whatever its schema, then the file's own invariants.
///
/// Each check is a named rule. A rule that throws (a query SQLite rejects, a corrupt page) becomes the finding
/// "rule <name> could not run: <reason>": a check that did not happen must never look like a clean file.
struct SQLiteFileCheck {
    /// SQLite's own tables, which may appear in any file.
    static let internalTables: Set<String> = ["sqlite_sequence", "sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"]

    let db: Database
    let file: String
    let schema: DatabaseSchema

    /// Checks the SQLite file at `url` (any name) against `schema` and `invariants`; findings are labelled `name`.
    static func run(_ url: URL, as name: String, schema: DatabaseSchema, invariants: [InvariantRule]) throws -> [CheckFinding] {
        let real = try CheckedPath.regularFile(url, expected: "an SQLite file")
        let header = try SQLiteHeader(of: real, displayPath: url.path)
        var findings: [CheckFinding] = []
        if header.isWAL {
            findings.append(CheckFinding(file: name, code: .checkJournalMode, message: """
                is in WAL mode (header bytes 18–19 are \(header.writeVersion)/\(header.readVersion)); bundle files must use the \
                rollback journal (1/1): the app opens them read-only and cannot read a WAL file
                """))
        }
        return try findings + openImmutable(real).read { db in
            SQLiteFileCheck(db: db, file: name, schema: schema).runAll(invariants: invariants)
        }
    }

    /// Opens the file at `url` read-only and immutable (SQLite URI `immutable=1`): SQLite takes no lock and never
    /// creates a journal, `-wal` or `-shm` file, so checking cannot change or block on the file.
    static func openImmutable(_ url: URL) throws -> DatabaseQueue {
        let real = try CheckedPath.regularFile(url, expected: "an SQLite file")
        var uri = URLComponents()
        uri.scheme = "file"
        uri.path = real.path
        uri.query = "immutable=1"
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: uri.string ?? real.path, configuration: configuration)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch {
            throw CheckError(.unreadable, "\(url.path) cannot be opened as an SQLite database: \(reason(error))")
        }
    }

    /// SQLite's own words for a failure, without GRDB's "while executing" SQL dump.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return ErrorText.reason(error)
    }

    /// Every rule, in order; a rule that throws becomes the finding "rule <name> could not run: <reason>".
    func runAll(invariants: [InvariantRule]) -> [CheckFinding] {
        var findings: [CheckFinding] = []
        func run(_ name: String, table: String? = nil, column: String? = nil, _ rule: () throws -> [CheckFinding]) {
            do {
                findings += try rule()
            } catch {
                findings.append(CheckFinding(file: file, table: table, column: column, code: .checkRuleFailed,
                                             message: "rule \(name) could not run: \(Self.reason(error))"))
            }
        }
        var snapshot: SchemaSnapshot?
        run("schema") {
            let read = try SchemaSnapshot.read(db)
            snapshot = read
            return SchemaSnapshot.differences(actual: read, expected: try SchemaSnapshot.of(schema), schema: schema)
                .map { CheckFinding(file: file, table: $0.table, column: $0.column, code: .checkSchema, message: $0.message) }
        }
        run("integrity_check", integrityFindings)
        run("foreign_key_check", foreignKeyFindings)
        run("objects", objectFindings)
        // The rules below read the snapshot: without it they cannot run, and say so.
        let noSchema = CheckError(.unreadable, "the schema could not be read")
        run("storage classes") { try storageClassFindings(try snapshot ?? { throw noSchema }()) }
        run("finite reals") { try nonFiniteFindings(try snapshot ?? { throw noSchema }()) }
        run("text encoding") { try textEncodingFindings(try snapshot ?? { throw noSchema }()) }
        run("physical ranges") { try rangeFindings(try snapshot ?? { throw noSchema }()) }
        for invariant in invariants {
            run(invariant.name, table: invariant.table, column: invariant.column) {
                try invariantFindings(invariant, snapshot: try snapshot ?? { throw noSchema }())
            }
        }
        return findings
    }

    /// `PRAGMA integrity_check`: one finding per problem it lists (it answers the single row `ok` when there is none).
    func integrityFindings() throws -> [CheckFinding] {
        try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            .map { CheckFinding(file: file, code: .checkIntegrity, message: "integrity_check: \($0)") }
    }

    /// `PRAGMA foreign_key_check`: one finding per row whose foreign key names a missing parent row.
    func foreignKeyFindings() throws -> [CheckFinding] {
        try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map { row in
            let rowID: Int64? = row[1]
            return CheckFinding(file: file, table: row[0], code: .checkForeignKey,
                                message: "foreign_key_check: row \(rowID.map(String.init) ?? "?") refers to a missing row of \(row[2] as String)")
        }
    }

    /// Triggers, views and tables outside the contract. A trigger can rewrite what readers see (one deleted every
    /// runway on insert); a view or an extra table is nothing the contract promises to keep.
    func objectFindings() throws -> [CheckFinding] {
        let contract = Set(schema.tables.map(\.name))
        return try Row.fetchAll(db, sql: "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') ORDER BY rowid")
            .compactMap { row in
                let type: String = row["type"], name: String = row["name"]
                switch type {
                case "trigger": return CheckFinding(file: file, table: row["tbl_name"], code: .checkExtraObject, message: "has trigger \(name); bundle files hold no triggers")
                case "view": return CheckFinding(file: file, table: name, code: .checkExtraObject, message: "is a view; bundle files hold no views")
                default:
                    guard !contract.contains(name), !Self.internalTables.contains(name) else { return nil }
                    return CheckFinding(file: file, table: name, code: .checkExtraObject, message: "table is not in the contract")
                }
            }
    }

    /// Values stored with another class than the declared type (e.g. `101` as INTEGER in a REAL column,
    /// `'1'` as TEXT in a flag): readers that go by storage class would misread them.
    func storageClassFindings(_ snapshot: SchemaSnapshot) throws -> [CheckFinding] {
        try countPerColumn(snapshot, where: { _ in true }) { "typeof(\($0.name)) NOT IN ('\($0.type.rawValue.lowercased())', 'null')" }
            .map { column, table, bad in
                CheckFinding(file: file, table: table, column: column.name, code: .checkStorageClass,
                             message: "\(bad) value\(bad == 1 ? " is" : "s are") not stored as \(column.type.rawValue)")
            }
    }

    /// ±Inf in REAL columns: Swift, Python and JSON readers choke on them. (SQLite reads a stored NaN back as
    /// NULL, so NaN cannot reach a reader; 9e999 is how SQL spells infinity.)
    func nonFiniteFindings(_ snapshot: SchemaSnapshot) throws -> [CheckFinding] {
        try countPerColumn(snapshot, where: { $0.type == .real }) { "\($0.name) IN (9e999, -9e999)" }
            .map { column, table, bad in
                CheckFinding(file: file, table: table, column: column.name, code: .checkNonFinite,
                             message: "\(bad) value\(bad == 1 ? " is" : "s are") ±Inf or NaN")
            }
    }

    /// For each contract table, one query counting the rows where `condition` holds, per selected column present.
    func countPerColumn(_ snapshot: SchemaSnapshot, where selected: (ColumnSchema) -> Bool,
                                _ condition: (ColumnSchema) -> String) throws -> [(ColumnSchema, String, Int)] {
        var counts: [(ColumnSchema, String, Int)] = []
        for table in schema.tables {
            guard let present = snapshot.tables[table.name] else { continue }
            let columns = table.columns.filter { column in selected(column) && present.columns.contains { $0.name == column.name } }
            guard !columns.isEmpty else { continue }
            let sums = columns.map { "coalesce(sum(\(condition($0))), 0)" }
            guard let row = try Row.fetchOne(db, sql: "SELECT \(sums.joined(separator: ", ")) FROM \(table.name)") else { continue }
            for (index, column) in columns.enumerated() {
                let bad: Int = row[index]
                if bad > 0 { counts.append((column, table.name, bad)) }
            }
        }
        return counts
    }

    /// One invariant; skipped when its table or column, or another table it reads, is missing (already a schema finding).
    func invariantFindings(_ invariant: InvariantRule, snapshot: SchemaSnapshot) throws -> [CheckFinding] {
        guard let table = snapshot.tables[invariant.table],
              invariant.column.map({ name in table.columns.contains { $0.name == name } }) ?? true,
              invariant.alsoReads.allSatisfy({ snapshot.tables[$0] != nil }) else { return [] }
        let offenders = try String?.fetchAll(db, sql: invariant.sql).map { $0 ?? "NULL" }
        guard !offenders.isEmpty else { return [] }
        let samples = offenders.prefix(3).joined(separator: ", ")
        return [CheckFinding(file: file, table: invariant.table, column: invariant.column, code: .checkInvariant,
                             message: "\(invariant.message) (\(offenders.count) row\(offenders.count == 1 ? "" : "s"), e.g. \(samples))")]
    }
}
