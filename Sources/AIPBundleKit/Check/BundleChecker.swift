import Foundation
import GRDB

/// Checks bundle files against the data contract: schema, storage classes of the values, invariants.
public enum BundleChecker {
    /// The files a bundle folder may hold, with the schema each must follow.
    static let schemas: [String: DatabaseSchema] = [AirportsSchema.fileName: AirportsSchema.schema]

    /// Checks a bundle folder (every known file in it) or one file.
    ///
    /// - Throws: when `path` does not exist, is not a file `check` knows, or cannot be opened as SQLite.
    public static func check(_ path: URL) throws -> [CheckFinding] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) else {
            throw CheckError("\(path.path) does not exist")
        }
        guard isDirectory.boolValue else {
            return try checkFile(path)
        }
        let present = schemas.keys.sorted().filter { FileManager.default.fileExists(atPath: path.appendingPathComponent($0).path) }
        guard !present.isEmpty else {
            return [CheckFinding(file: path.lastPathComponent, message: "holds no bundle file (expected \(schemas.keys.sorted().joined(separator: ", ")))")]
        }
        return try present.flatMap { try checkFile(path.appendingPathComponent($0)) }
    }

    /// How the schema of `reference` differs from that of `path` (a bundle folder's airports.db, or one file),
    /// each difference marked as a known 0.13 addition or not.
    public static func compareSchema(_ path: URL, reference: URL) throws -> [SchemaDifference] {
        var isDirectory: ObjCBool = false
        let file = FileManager.default.fileExists(atPath: path.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? path.appendingPathComponent(AirportsSchema.fileName) : path
        let schema = try schemaFor(file)
        let ours = try open(file).read(SchemaSnapshot.read)
        let theirs = try open(reference).read(SchemaSnapshot.read)
        return SchemaSnapshot.differences(actual: theirs, expected: ours, schema: schema)
    }

    static func checkFile(_ url: URL) throws -> [CheckFinding] {
        let schema = try schemaFor(url)
        let file = url.lastPathComponent
        return try open(url).read { db in
            let snapshot = try SchemaSnapshot.read(db)
            var findings = SchemaSnapshot.differences(actual: snapshot, expected: try SchemaSnapshot.of(schema), schema: schema)
                .map { CheckFinding(file: file, table: $0.table, column: $0.column, message: $0.message) }
            findings += try storageClassFindings(db, schema: schema, snapshot: snapshot, file: file)
            if schema.fileName == AirportsSchema.fileName {
                findings += try invariantFindings(db, snapshot: snapshot, file: file)
            }
            return findings
        }
    }

    /// Values stored with another class than the declared type (e.g. `101` as INTEGER in a REAL column,
    /// `'1'` as TEXT in a flag): readers that go by storage class would misread them.
    static func storageClassFindings(_ db: Database, schema: DatabaseSchema, snapshot: SchemaSnapshot, file: String) throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for table in schema.tables {
            guard let present = snapshot.tables[table.name] else { continue }
            let columns = table.columns.filter { column in present.columns.contains { $0.name == column.name } }
            guard !columns.isEmpty else { continue }
            let counts = columns.map { "coalesce(sum(typeof(\($0.name)) NOT IN ('\($0.type.rawValue.lowercased())', 'null')), 0)" }
            guard let row = try Row.fetchOne(db, sql: "SELECT \(counts.joined(separator: ", ")) FROM \(table.name)") else { continue }
            for (index, column) in columns.enumerated() {
                let bad: Int = row[index]
                if bad > 0 {
                    findings.append(CheckFinding(file: file, table: table.name, column: column.name,
                                                 message: "\(bad) value\(bad == 1 ? " is" : "s are") not stored as \(column.type.rawValue)"))
                }
            }
        }
        return findings
    }

    static func invariantFindings(_ db: Database, snapshot: SchemaSnapshot, file: String) throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        for rule in AirportsInvariants.rules {
            // A missing table or column is already a schema finding; its invariants cannot be run.
            guard let table = snapshot.tables[rule.table],
                  rule.column.map({ name in table.columns.contains { $0.name == name } }) ?? true else { continue }
            guard let offenders = try? String.fetchAll(db, sql: rule.sql), !offenders.isEmpty else { continue }
            let samples = offenders.prefix(3).joined(separator: ", ")
            findings.append(CheckFinding(
                file: file, table: rule.table, column: rule.column,
                message: "\(rule.message) (\(offenders.count) row\(offenders.count == 1 ? "" : "s"), e.g. \(samples))"))
        }
        return findings
    }

    static func schemaFor(_ url: URL) throws -> DatabaseSchema {
        guard let schema = schemas[url.lastPathComponent] else {
            throw CheckError("\(url.lastPathComponent): not a bundle file check knows (\(schemas.keys.sorted().joined(separator: ", ")))")
        }
        return schema
    }

    static func open(_ url: URL) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            _ = try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            return queue
        } catch {
            throw CheckError("\(url.path) cannot be opened as an SQLite database: \(error)")
        }
    }
}

/// `check` could not look at the file at all.
public struct CheckError: Error, CustomStringConvertible, LocalizedError {
    public var description: String
    init(_ description: String) { self.description = description }
    public var errorDescription: String? { description }
}
