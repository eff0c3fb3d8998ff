import AIPStages
import Testing

@Suite struct IdAllocatorTests {
    let previous: [RowKey: Int64] = [RowKey("EGMC", "302"): 7, RowKey("EGMC", "402"): 3, RowKey("LFAQ", "302"): 12]

    @Test func aKeyOfThePreviousBundleKeepsItsID() throws {
        var allocator = IdAllocator(previous: previous)
        #expect(try allocator.id(for: RowKey("LFAQ", "302")) == 12)
        #expect(try allocator.id(for: RowKey("EGMC", "302")) == 7)
    }

    @Test func newKeysAreNumberedAboveThePreviousMaximumInTheOrderAsked() throws {
        var allocator = IdAllocator(previous: previous)
        #expect(try allocator.id(for: RowKey("EBOS", "302")) == 13)
        #expect(try allocator.id(for: RowKey("EGMC", "302")) == 7)
        #expect(try allocator.id(for: RowKey("EDSB", "302")) == 14)
        #expect(allocator.highWater == 14)
        #expect(try allocator.id(for: RowKey("EBOS", "302")) == 13, "asking again gives the same id")
    }

    @Test func anIDOfARemovedRowIsNeverGivenToAnotherRow() throws {
        // The previous bundle once used id 20 (its sqlite_sequence says so) for a row it no longer has.
        var allocator = IdAllocator(previous: previous, previousHighWater: 20)
        #expect(try allocator.id(for: RowKey("EBOS", "302")) == 21)
    }

    @Test func aKeyRemovedAndAddedAgainIsANewRow() throws {
        // Cycle 1 had LFAQ/302 as id 12; cycle 2 dropped it (its previous bundle lacks the key); cycle 3 re-adds it.
        var cycle2 = IdAllocator(previous: previous)
        let kept = try [RowKey("EGMC", "302"), RowKey("EGMC", "402")].map { try cycle2.id(for: $0) }
        #expect(kept == [7, 3])
        let cycle2Bundle = [RowKey("EGMC", "302"): Int64(7), RowKey("EGMC", "402"): 3]
        var cycle3 = IdAllocator(previous: cycle2Bundle, previousHighWater: 12)
        #expect(try cycle3.id(for: RowKey("LFAQ", "302")) == 13)
    }

    @Test("numbering gives each row its key's id, new keys in the order given, and returns the rows in id order")
    func numbering() throws {
        struct Row { var name: String; var id: Int64 = 0 }
        var allocator = IdAllocator(previous: previous)
        let rows = try allocator.numbering([(RowKey("EBOS", "302"), Row(name: "new")), (RowKey("LFAQ", "302"), Row(name: "kept")),
                                            (RowKey("EDSB", "302"), Row(name: "newer"))], id: \.id)
        #expect(rows.map(\.name) == ["kept", "new", "newer"])
        #expect(rows.map(\.id) == [12, 13, 14])
    }

    @Test("with every id up to Int64.max used, a new key is an error, not a crash; carried keys still get theirs")
    func exhaustedIDs() throws {
        var allocator = IdAllocator(previous: previous, previousHighWater: .max)
        #expect(try allocator.id(for: RowKey("LFAQ", "302")) == 12)
        let error = #expect(throws: IdCarryOverError.self) { try allocator.id(for: RowKey("EBOS", "302")) }
        #expect(error?.problem == .exhausted(highWater: .max))
        #expect(throws: IdCarryOverError.self) { try allocator.renumber(RowKey("EGMC", "302")) }
    }

    @Test("the last id below Int64.max is handed out, then the next key is an error")
    func lastID() throws {
        var allocator = IdAllocator(previousHighWater: .max - 1)
        #expect(try allocator.id(for: RowKey("EBOS")) == .max)
        #expect(throws: IdCarryOverError.self) { try allocator.id(for: RowKey("EDSB")) }
    }
}
