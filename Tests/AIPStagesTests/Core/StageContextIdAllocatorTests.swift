import AIPContract
import AIPPipeline
import AIPReaders
import AIPStages
import Foundation
import Testing

/// Seeding an id allocator from the previous bundle: carried by natural key, or stopped with a message that names
/// the file, the table, what is missing and the fix; fresh ids only when the user says so.
@Suite struct StageContextIdAllocatorTests {
    static let key = AirportsContract.AIPEntries.naturalKey
    static let stamp = BuildStamp(version: "test", airac: AIRACCycle(effectiveDate: "2026-11-26")!, timestamp: "2026-11-26T00:00:00")
    static let sequence = PlainTable(columns: ["name", "seq"], rows: [[.text("aip_entries"), .integer(20)]])

    /// A context whose previous bundle has `airports.db` holding `tables` (by name), or no file at all for nil.
    static func context(_ tables: [String: PlainTable]?, renumberIds: Bool = false) -> StageContext {
        let previous = tables.map { tables in BundleContents(fileNames: ["airports.db"]) { _, name in tables[name] } } ?? .empty
        return StageContext(sources: SourceTree(root: URL(fileURLWithPath: "/nonexistent")), stamp: stamp, previous: previous,
                            renumberIds: renumberIds)
    }

    static func entries(columns: [String] = ["id", "airport_icao", "section", "field", "source"]) -> PlainTable {
        let values: [String: [PlainValue]] = [
            "id": [.integer(3), .integer(7)], "airport_icao": [.text("EGMC"), .text("EGMC")],
            "section": [.text("operational"), .text("operational")], "field": [.text("Fuel"), .text("Customs")],
            "source": [.text("uk_eaip_html"), .text("uk_eaip_html")],
        ]
        return PlainTable(columns: columns, rows: (0..<2).map { row in columns.map { values[$0]![row] } })
    }

    @Test("ids are read from the previous bundle by natural key; a new key gets the next id above its mark")
    func carried() throws {
        var ids = try Self.context(["aip_entries": Self.entries(), "sqlite_sequence": Self.sequence]).idAllocator(for: Self.key)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Customs", "uk_eaip_html")) == 7)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Fuel", "uk_eaip_html")) == 3)
        #expect(try ids.id(for: RowKey("LFAQ", "operational", "Customs", "france_eaip_html")) == 21)
    }

    @Test("a previous bundle without the file is a first build: ids from 1, no error")
    func firstBuild() throws {
        var ids = try Self.context(nil).idAllocator(for: Self.key)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Customs", "uk_eaip_html")) == 1)
    }

    @Test("a file without the table stops, naming the file, the table, the key and --renumber-ids")
    func missingTable() throws {
        let error = #expect(throws: IdCarryOverError.self) {
            try Self.context(["sqlite_sequence": Self.sequence]).idAllocator(for: Self.key)
        }
        #expect(error?.problem == .missingTable)
        let message = try #require(error?.description)
        for part in ["airports.db", "no table aip_entries", "(airport_icao, section, field, source)", "--renumber-ids", "--previous"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
    }

    @Test("with --renumber-ids a missing table gives fresh ids above the file's mark for it")
    func missingTableRenumbered() throws {
        var ids = try Self.context(["sqlite_sequence": Self.sequence], renumberIds: true).idAllocator(for: Self.key)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Customs", "uk_eaip_html")) == 21)
    }

    @Test("a table without a key column stops, naming the column")
    func missingColumn() throws {
        let renamed = Self.entries(columns: ["id", "airport_icao", "section", "source"])
        let error = #expect(throws: IdCarryOverError.self) {
            try Self.context(["aip_entries": renamed]).idAllocator(for: Self.key)
        }
        #expect(error?.problem == .missingColumns(["field"]))
        let message = try #require(error?.description)
        for part in ["airports.db", "table aip_entries lacks the column(s) field", "--renumber-ids"] {
            #expect(message.contains(part), "\(part) in: \(message)")
        }
        let noID = Self.entries(columns: ["airport_icao", "section", "field", "source"])
        let idError = #expect(throws: IdCarryOverError.self) { try Self.context(["aip_entries": noID]).idAllocator(for: Self.key) }
        #expect(idError?.problem == .missingColumns(["id"]))
    }

    @Test("with --renumber-ids a table without a key column gives every row a fresh id above the ids it still has")
    func missingColumnRenumbered() throws {
        let renamed = Self.entries(columns: ["id", "airport_icao", "section", "source"])
        var ids = try Self.context(["aip_entries": renamed], renumberIds: true).idAllocator(for: Self.key)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Customs", "uk_eaip_html")) == 8)
    }

    @Test("a file that cannot be read stops the build, --renumber-ids or not")
    func unreadable() throws {
        struct Damaged: Error, CustomStringConvertible { var description: String { "file is not a database" } }
        let previous = BundleContents(fileNames: ["airports.db"]) { _, _ in throw Damaged() }
        for renumberIds in [false, true] {
            let context = StageContext(sources: SourceTree(root: URL(fileURLWithPath: "/nonexistent")), stamp: Self.stamp,
                                       previous: previous, renumberIds: renumberIds)
            let error = #expect(throws: IdCarryOverError.self) { try context.idAllocator(for: Self.key) }
            #expect(error?.problem == .unreadable("file is not a database"))
        }
    }

    @Test("a previous mark at Int64.max is an error naming the file and table, not a crash")
    func exhausted() throws {
        let full = PlainTable(columns: ["name", "seq"], rows: [[.text("aip_entries"), .integer(.max)]])
        var ids = try Self.context(["aip_entries": Self.entries(), "sqlite_sequence": full]).idAllocator(for: Self.key)
        #expect(try ids.id(for: RowKey("EGMC", "operational", "Customs", "uk_eaip_html")) == 7)
        let error = #expect(throws: IdCarryOverError.self) { try ids.id(for: RowKey("LFAQ", "operational", "Customs", "france_eaip_html")) }
        #expect(error?.problem == .exhausted(highWater: .max))
        #expect(error?.file == "airports.db")
        #expect(error?.table == "aip_entries")
    }
}
