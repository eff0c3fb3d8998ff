import AIPStages
import Testing

@Suite struct IdAllocatorTests {
    let previous: [RowKey: Int64] = [RowKey("EGMC", "302"): 7, RowKey("EGMC", "402"): 3, RowKey("LFAQ", "302"): 12]

    @Test func aKeyOfThePreviousBundleKeepsItsID() {
        var allocator = IdAllocator(previous: previous)
        #expect(allocator.id(for: RowKey("LFAQ", "302")) == 12)
        #expect(allocator.id(for: RowKey("EGMC", "302")) == 7)
    }

    @Test func newKeysAreNumberedAboveThePreviousMaximumInTheOrderAsked() {
        var allocator = IdAllocator(previous: previous)
        #expect(allocator.id(for: RowKey("EBOS", "302")) == 13)
        #expect(allocator.id(for: RowKey("EGMC", "302")) == 7)
        #expect(allocator.id(for: RowKey("EDSB", "302")) == 14)
        #expect(allocator.highWater == 14)
        #expect(allocator.id(for: RowKey("EBOS", "302")) == 13, "asking again gives the same id")
    }

    @Test func anIDOfARemovedRowIsNeverGivenToAnotherRow() {
        // The previous bundle once used id 20 (its sqlite_sequence says so) for a row it no longer has.
        var allocator = IdAllocator(previous: previous, previousHighWater: 20)
        #expect(allocator.id(for: RowKey("EBOS", "302")) == 21)
    }

    @Test func aKeyRemovedAndAddedAgainIsANewRow() {
        // Cycle 1 had LFAQ/302 as id 12; cycle 2 dropped it (its previous bundle lacks the key); cycle 3 re-adds it.
        var cycle2 = IdAllocator(previous: previous)
        let kept = [RowKey("EGMC", "302"), RowKey("EGMC", "402")].map { cycle2.id(for: $0) }
        #expect(kept == [7, 3])
        let cycle2Bundle = [RowKey("EGMC", "302"): Int64(7), RowKey("EGMC", "402"): 3]
        var cycle3 = IdAllocator(previous: cycle2Bundle, previousHighWater: 12)
        #expect(cycle3.id(for: RowKey("LFAQ", "302")) == 13)
    }

    @Test func previousIDsAreReadFromTheBundleByNaturalKey() throws {
        let entries = PlainTable(columns: ["id", "airport_icao", "std_field_id"], rows: [
            [.integer(3), .text("EGMC"), .integer(402)], [.integer(7), .text("EGMC"), .integer(302)],
        ])
        let sequence = PlainTable(columns: ["name", "seq"], rows: [[.text("aip_entries"), .integer(9)]])
        let bundle = BundleContents(fileNames: ["airports.db"]) { _, table in
            ["aip_entries": entries, "sqlite_sequence": sequence][table]
        }
        var allocator = try bundle.idAllocator(for: "aip_entries", in: "airports.db", keyColumns: ["airport_icao", "std_field_id"])
        #expect(allocator.id(for: RowKey("EGMC", "302")) == 7)
        #expect(allocator.id(for: RowKey("LFAQ", "302")) == 10)
        var empty = try BundleContents.empty.idAllocator(for: "aip_entries", in: "airports.db", keyColumns: ["airport_icao"])
        #expect(empty.id(for: RowKey("EGMC")) == 1)
    }
}
