import AIPContract
@testable import AIPBundleKit
import GRDB
import Testing

@Suite struct BulkInsertTests {
    typealias Sources = AirportsContract.Sources

    /// An in-memory airports.db schema without foreign-key enforcement, so one table can be filled on its own.
    func emptyDatabase() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(configuration: configuration)
        try queue.write { db in
            for statement in AirportsContract.schema.createStatements { try db.execute(sql: statement) }
        }
        return queue
    }

    /// A value no other column of the table gets, of the column's type.
    static func sentinel(_ column: ColumnSchema, at index: Int, in table: TableSchema) -> DatabaseValue {
        switch column.type {
        case .text: "\(table.name).\(column.name)".databaseValue
        case .integer: (1000 + index).databaseValue
        case .real: (Double(index) + 0.25).databaseValue
        }
    }

    /// Every column gets its own sentinel through the by-name binder and is read back by name: a binder that
    /// mapped any name to another column's parameter fails here, for every table of airports.db.
    @Test(arguments: AirportsContract.schema.tables.map(\.name))
    func everyColumnRoundTripsByName(tableName: String) throws {
        let table = try #require(AirportsContract.schema.table(tableName))
        let queue = try emptyDatabase()
        try queue.write { db in
            var insert = try BulkInsert(db, into: table)
            try insert.insert { row in
                // Reverse order: the binder must not depend on columns being set in contract order.
                for (index, column) in table.columns.enumerated().reversed() {
                    switch Self.sentinel(column, at: index, in: table).storage {
                    case let .string(text): row.set(column, text)
                    case let .int64(number): row.set(column, Int(number))
                    case let .double(number): row.set(column, number)
                    default: Issue.record("no sentinel for \(column.name)")
                    }
                }
            }
        }
        let stored = try #require(try queue.read { try Row.fetchOne($0, sql: "SELECT * FROM \(table.name)") })
        for (index, column) in table.columns.enumerated() {
            #expect(stored[column.name] as DatabaseValue == Self.sentinel(column, at: index, in: table), "\(table.name).\(column.name)")
        }
    }

    @Test func laterRowsInAnotherOrderStillBindByName() throws {
        let queue = try emptyDatabase()
        try queue.write { db in
            typealias Metadata = AirportsContract.ModelMetadata
            var insert = try BulkInsert(db, into: Metadata.table)
            try insert.insert { row in row.set(Metadata.key, "a"); row.set(Metadata.value, "1"); row.set(Metadata.updatedAt, "t1") }
            try insert.insert { row in row.set(Metadata.updatedAt, "t2"); row.set(Metadata.value, "2"); row.set(Metadata.key, "b") }
        }
        let rows = try queue.read { try Row.fetchAll($0, sql: "SELECT key, value, updated_at FROM model_metadata ORDER BY key") }
        #expect(rows.map { [$0["key"], $0["value"], $0["updated_at"]] as [String] } == [["a", "1", "t1"], ["b", "2", "t2"]])
    }

    @Test func anUnsetColumnIsAnErrorNamingIt() throws {
        let error = try insertError(into: Sources.table) { row in row.set(Sources.name, "x"); row.set(Sources.recordCount, 1) }
        #expect(error == "sources: last_updated not set in a row; every column must be set (nil for NULL)")
    }

    @Test func aColumnSetTwiceIsAnError() throws {
        let error = try insertError(into: Sources.table) { row in
            row.set(Sources.name, "x"); row.set(Sources.name, "y"); row.set(Sources.lastUpdated, nil as String?); row.set(Sources.recordCount, 1)
        }
        #expect(error == "sources.name: set twice in one row")
    }

    @Test func anUnknownColumnIsAnError() throws {
        let error = try insertError(into: Sources.table) { row in row.set(ColumnSchema(name: "nmae", type: .text), "x") }
        #expect(error == "sources.nmae: no such column in the contract")
    }

    @Test func aValueOfAnotherTypeIsAnError() throws {
        let error = try insertError(into: Sources.table) { row in row.set(Sources.recordCount, "12") }
        #expect(error == "sources.record_count: is INTEGER, cannot take a String")
    }

    @Test func aFailedRowInsertsNothing() throws {
        let queue = try emptyDatabase()
        try queue.write { db in
            var insert = try BulkInsert(db, into: Sources.table)
            #expect(throws: BundleWriteError.self) { try insert.insert { row in row.set(Sources.name, "x") } }
            try insert.insert { row in row.set(Sources.name, "y"); row.set(Sources.lastUpdated, "t"); row.set(Sources.recordCount, 2) }
        }
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT name FROM sources") } == ["y"])
    }

    func insertError(into table: TableSchema, _ fill: (inout RowValues) -> Void) throws -> String? {
        let queue = try emptyDatabase()
        return try queue.write { db in
            var insert = try BulkInsert(db, into: table)
            do {
                try insert.insert(fill)
                return nil
            } catch let error as BundleWriteError {
                return error.description
            }
        }
    }
}
