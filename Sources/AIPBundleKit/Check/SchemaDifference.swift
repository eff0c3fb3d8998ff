import AIPContract

/// One way a database's schema differs from the schema it is compared with.
public struct SchemaDifference: Sendable, Equatable, CustomStringConvertible {
    public var table: String
    public var column: String?
    public var message: String
    /// `.euroAIP013` when the difference is a part the contract added in euro_aip 0.13 (expected when comparing
    /// with a database that predates it).
    public var introduced: ContractRevision

    public var description: String {
        "\(table)\(column.map { ".\($0)" } ?? ""): \(message)"
    }
}

extension SchemaSnapshot {
    /// How `actual` differs from `expected`; `schema` tells which expected parts are 0.13 additions.
    static func differences(actual: SchemaSnapshot, expected: SchemaSnapshot, schema: DatabaseSchema) -> [SchemaDifference] {
        var differences: [SchemaDifference] = []
        for contractTable in schema.tables {
            let name = contractTable.name
            guard let want = expected.tables[name] else { continue }
            func add(_ column: String?, _ message: String, _ introduced: ContractRevision = .original) {
                differences.append(SchemaDifference(table: name, column: column, message: message, introduced: introduced))
            }
            guard let have = actual.tables[name] else {
                add(nil, "table is missing", contractTable.introduced)
                continue
            }
            let haveByName = Dictionary(have.columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let wantNames = Set(want.columns.map(\.name))
            for column in want.columns {
                let introduced = contractTable.column(column.name)?.introduced ?? .original
                guard let found = haveByName[column.name] else {
                    add(column.name, "column is missing", introduced)
                    continue
                }
                if found.type != column.type { add(column.name, "declared type is \(found.type.isEmpty ? "none" : found.type), expected \(column.type)") }
                if found.isNotNull != column.isNotNull { add(column.name, column.isNotNull ? "lacks NOT NULL" : "is NOT NULL, the contract allows NULL") }
                if found.defaultSQL != column.defaultSQL {
                    add(column.name, "default is \(found.defaultSQL ?? "none"), expected \(column.defaultSQL ?? "none")")
                }
            }
            for column in have.columns where !wantNames.contains(column.name) {
                add(column.name, "column is not in the contract (readers that go by position would shift)")
            }
            let sharedHave = have.columns.map(\.name).filter(wantNames.contains)
            let sharedWant = want.columns.map(\.name).filter { haveByName[$0] != nil }
            if sharedHave != sharedWant {
                add(nil, "columns are out of order: \(sharedHave.joined(separator: ", ")); expected \(sharedWant.joined(separator: ", "))")
            }
            if have.primaryKey != want.primaryKey {
                // A key that gained a 0.13 column (waypoints.source_id) is part of that addition.
                let introduced: ContractRevision = want.primaryKey.contains { contractTable.column($0)?.introduced == .euroAIP013 } ? .euroAIP013 : .original
                add(nil, "primary key is (\(have.primaryKey.joined(separator: ", "))), expected (\(want.primaryKey.joined(separator: ", ")))", introduced)
            }
            if have.isAutoincrement != want.isAutoincrement {
                add(nil, want.isAutoincrement ? "id is not AUTOINCREMENT" : "has AUTOINCREMENT, the contract does not")
            }
            for key in want.foreignKeys.subtracting(have.foreignKeys).sorted() { add(nil, "foreign key \(key) is missing") }
            for key in have.foreignKeys.subtracting(want.foreignKeys).sorted() { add(nil, "foreign key \(key) is not in the contract") }
            for unique in want.uniques.subtracting(have.uniques).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                add(nil, "UNIQUE (\(unique.joined(separator: ", "))) is missing")
            }
            for index in want.indexes.subtracting(have.indexes).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                let introduced = contractTable.indexes.first { $0.columns == index }?.introduced ?? .original
                add(nil, "index on (\(index.joined(separator: ", "))) is missing", introduced)
            }
        }
        return differences
    }
}
