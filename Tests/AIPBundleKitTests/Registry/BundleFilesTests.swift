import AIPBundleKit
import AIPContract
import Foundation
import TestSupport
import Testing

@Suite struct BundleFilesTests {
    @Test func airportsDBIsRegisteredOnceWithItsSchemaAndOwner() throws {
        #expect(BundleFiles.all.map(\.name) == ["airports.db", "rules.json", "european_cities.db", "ga_notifications.db"])
        let file = try #require(BundleFiles.named("airports.db"))
        #expect(file.stage == "airports")
        guard case let .sqlite(schema, invariants) = file.kind else {
            Issue.record("airports.db is not registered as SQLite")
            return
        }
        #expect(!schema.tables.isEmpty)
        #expect(invariants.contains { $0.name == "model_metadata stamp" })
    }

    static let contract = SharedFixtures.root.deletingLastPathComponent().appendingPathComponent("docs/data-contract.md")

    /// The registered airports.db schema, table by table and column by column, against the table of the data contract
    /// itself (`| table | columns, in order |` in ../shared/docs/data-contract.md): names and order as the app reads them.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: contract.path), "needs ../shared/docs/data-contract.md"))
    func airportsSchemaIsTheDataContractsTableList() throws {
        let text = try String(contentsOf: Self.contract, encoding: .utf8)
        let start = try #require(text.range(of: "| table | columns, in order |"))
        var documented: [String: [String]] = [:]
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("| ") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            // "icao_code TEXT NN, name TEXT, …; table constraint …": the first word of each comma-separated column.
            let columns = cells[1].split(separator: ";")[0].split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
            documented[cells[0]] = columns
        }
        let registered = try #require(BundleFiles.named(AirportsContract.fileName))
        guard case let .sqlite(schema, _) = registered.kind else {
            Issue.record("airports.db is not SQLite")
            return
        }
        #expect(Set(schema.tables.map(\.name)) == Set(documented.keys))
        for table in schema.tables {
            #expect(table.columns.map(\.name) == documented[table.name], "\(table.name)")
        }
    }

    @Test func lookupsByNameAndStage() {
        #expect(BundleFiles.named("nowhere.db") == nil)
        #expect(BundleFiles.owned(by: "airports").map(\.name) == ["airports.db"])
        #expect(BundleFiles.owned(by: "cities").map(\.name) == ["european_cities.db"])
        #expect(BundleFiles.owned(by: "rules").map(\.name) == ["rules.json"])
        #expect(BundleFiles.owned(by: "nowhere").isEmpty)
    }

    @Test func namesAreUnique() {
        #expect(Set(BundleFiles.all.map(\.name)).count == BundleFiles.all.count)
    }
}
