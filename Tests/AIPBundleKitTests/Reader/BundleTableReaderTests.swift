import AIPBundleKit
import AIPStages
import Foundation
import GRDB
import TestSupport
import Testing

/// A filtered read (what the notifications stage asks of `aip_entries`) keeps every row holding one of the values,
/// no other value, in the order of a whole read.
@Suite struct BundleTableReaderTests {
    /// `typed.code` is INTEGER (the text '302' is stored as 302); `loose.code` has no type (text stays text).
    static func database(in folder: TemporaryFolder) throws -> URL {
        let url = folder.url.appendingPathComponent("tables.db")
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE typed (id INTEGER PRIMARY KEY, code INTEGER, value TEXT)")
            try db.execute(sql: "CREATE TABLE loose (id INTEGER PRIMARY KEY, code, value TEXT)")
            for table in ["typed", "loose"] {
                try db.execute(sql: "INSERT INTO \(table) VALUES (5, 302, 'a'), (2, '302', 'b'), (3, 303, 'c'), (4, NULL, 'd'), (1, 'x302', 'e')")
            }
        }
        return url
    }

    @Test(arguments: ["typed", "loose"])
    func aFilteredReadKeepsTheRowsHoldingAValueInRowidOrder(table: String) throws {
        let folder = try TemporaryFolder()
        let url = try Self.database(in: folder)
        let filter = PlainFilter(column: "code", values: [.integer(302), .text("302")])
        let whole = try #require(try BundleTableReader.read(url, table: table))
        let filtered = try #require(try BundleTableReader.read(url, table: table, where: filter))
        #expect(filtered.columns == whole.columns)
        #expect(filtered.rows.map { $0[0] } == [.integer(2), .integer(5)])
        #expect(filtered.rows == whole.rows.filter { filter.values.contains($0[1]) })
    }

    @Test func aTableWithoutTheColumnIsReadWhole() throws {
        let folder = try TemporaryFolder()
        let url = try Self.database(in: folder)
        let filtered = try BundleTableReader.read(url, table: "typed", where: PlainFilter(column: "absent", values: [.integer(302)]))
        #expect(filtered?.rows.count == 5)
    }

    @Test func contentsWithoutAFilteredReaderFilterTheWholeTable() throws {
        let table = PlainTable(columns: ["code"], rows: [[.integer(302)], [.integer(303)], [.text("302")], [.null]])
        let contents = BundleContents(fileNames: ["a.db"]) { _, _ in table }
        let filtered = try contents.table("t", in: "a.db", where: PlainFilter(column: "code", values: [.integer(302), .text("302")]))
        #expect(filtered?.rows == [[.integer(302)], [.text("302")]])
    }
}
