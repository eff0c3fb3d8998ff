import AIPContract
import Foundation
import GRDB

/// The schema of a database as SQLite reports it: what `check` compares, whatever wrote the file.
struct SchemaSnapshot {
    struct Column: Equatable {
        var name: String
        /// Declared type, upper-cased (SQLite keeps the declared casing).
        var type: String
        var isNotNull: Bool
        var defaultSQL: String?
    }

    struct Table {
        var name: String
        var columns: [Column]
        var primaryKey: [String]
        var isAutoincrement: Bool
        /// "a, b → parent(c, d)" descriptions: comparable and printable.
        var foreignKeys: Set<String>
        var uniques: Set<[String]>
        /// Column lists of `CREATE INDEX` indexes (names are free; the columns are the contract), each column with
        /// ` COLLATE X` when its collation is not BINARY: an index on `name` does not serve `name = ? COLLATE NOCASE`.
        var indexes: Set<[String]>
    }

    var tables: [String: Table]

    static func read(_ db: Database) throws -> SchemaSnapshot {
        let rows = try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        var tables: [String: Table] = [:]
        for row in rows {
            let name: String = row["name"]
            let sql: String = row["sql"] ?? ""
            let columns = try db.columns(in: name).map {
                Column(name: $0.name, type: $0.type.uppercased(), isNotNull: $0.isNotNull, defaultSQL: $0.defaultValueSQL)
            }
            let primaryKey = try db.primaryKey(name)
            let indexes = try db.indexes(on: name)
            tables[name] = Table(
                name: name, columns: columns,
                // A table without a declared key reports the hidden rowid; the contract has no column of that name.
                primaryKey: primaryKey.columns == [GRDB.Column.rowID.name] ? [] : primaryKey.columns,
                isAutoincrement: sql.range(of: "AUTOINCREMENT", options: .caseInsensitive) != nil,
                foreignKeys: Set(try db.foreignKeys(on: name).map {
                    "(\($0.originColumns.joined(separator: ", "))) → \($0.destinationTable)(\($0.destinationColumns.joined(separator: ", ")))"
                }),
                uniques: Set(indexes.filter { $0.origin == .uniqueConstraint }.map(\.columns)),
                indexes: Set(try indexes.filter { $0.origin == .createIndex }.map { try indexColumns($0.name, db) }))
        }
        return SchemaSnapshot(tables: tables)
    }

    /// The key columns of index `name`, in order, with their collation when it is not BINARY (`name COLLATE NOCASE`).
    private static func indexColumns(_ name: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", arguments: [name]).map { row in
            let column: String = row["name"]
            let collation: String = row["coll"]
            return collation.uppercased() == "BINARY" ? column : "\(column) COLLATE \(collation)"
        }
    }

    /// The snapshot of a fresh database created from `schema`: the contract in the same form as a file.
    static func of(_ schema: DatabaseSchema) throws -> SchemaSnapshot {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            for statement in schema.createStatements { try db.execute(sql: statement) }
            return try read(db)
        }
    }
}
