import AIPBundleKit
import AIPManifest
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct SQLiteContentHashTests {
    /// The bytes of the documented encoding, written out by hand for a small table with one value of each type,
    /// then hashed by `FileDigest`: the hash of the database must be the hash of exactly these bytes.
    @Test func theEncodingIsExactlyTheDocumentedOne() throws {
        let folder = try TemporaryFolder()
        let url = try makeDatabase(in: folder, "t.db", """
            CREATE TABLE t(k INTEGER PRIMARY KEY, v);
            INSERT INTO t VALUES (6, X'00FF'), (2, 2.5), (1, 'a'), (3, NULL), (4, -7), (5, -0.0);
            """)
        func u64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func text(_ value: String) -> [UInt8] { u64(UInt64(value.utf8.count)) + Array(value.utf8) }
        var rows: [UInt8] = []
        rows += [0x52, 0x01] + u64(1) + [0x03] + text("a")
        rows += [0x52, 0x01] + u64(2) + [0x02] + u64(2.5.bitPattern)
        rows += [0x52, 0x01] + u64(3) + [0x05]
        rows += [0x52, 0x01] + u64(4) + [0x01] + u64(UInt64(bitPattern: -7))
        rows += [0x52, 0x01] + u64(5) + [0x02] + u64(0)
        rows += [0x52, 0x01] + u64(6) + [0x04] + u64(2) + [0x00, 0xFF]
        // The rows' own digest stands in the file's stream (two levels, so tables can be hashed in parallel).
        let rowsDigest = try FileDigest(fileAt: folder.write(Data(rows), to: "rows.bin")).sha256
        var stream = Array("aipbundle-sqlite-content-1".utf8)
        stream += [0x54] + text("t") + u64(2) + text("k") + text("INTEGER") + u64(1) + text("v") + text("") + u64(0)
        stream += u64(6) + stride(from: 0, to: 64, by: 2).map { UInt8(rowsDigest.dropFirst($0).prefix(2), radix: 16)! }
        let expected = try FileDigest(fileAt: folder.write(Data(stream), to: "stream.bin")).sha256

        let hash = try SQLiteContentHash(fileAt: url)
        #expect(hash.sha256 == expected)
        #expect(hash.rowCounts == ["t": 6])
    }

    /// Thousands of rows and a BLOB larger than the 64 KiB hashing buffer: every way a value can meet the
    /// buffer's end must give the same digest as the bytes in one piece.
    @Test func valuesAcrossAndBeyondTheHashingBufferEncodeAsDocumented() throws {
        let folder = try TemporaryFolder()
        let blob = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let url = folder.url.appendingPathComponent("t.db")
        try DatabaseQueue(path: url.path).write { db in
            try db.execute(sql: "CREATE TABLE t(k INTEGER PRIMARY KEY, v)")
            for k in 1...5000 {
                try db.execute(sql: "INSERT INTO t VALUES (?, ?)", arguments: [k, String(repeating: "x", count: k % 13)])
            }
            try db.execute(sql: "INSERT INTO t VALUES (5001, ?)", arguments: [blob])
        }
        func u64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        func text(_ value: String) -> [UInt8] { u64(UInt64(value.utf8.count)) + Array(value.utf8) }
        var rows: [UInt8] = []
        for k in 1...5000 {
            rows += [0x52, 0x01] + u64(UInt64(k)) + [0x03] + text(String(repeating: "x", count: k % 13))
        }
        rows += [0x52, 0x01] + u64(5001) + [0x04] + u64(UInt64(blob.count)) + Array(blob)
        let rowsDigest = try FileDigest(fileAt: folder.write(Data(rows), to: "rows.bin")).sha256
        let digestBytes = stride(from: 0, to: 64, by: 2).map { UInt8(rowsDigest.dropFirst($0).prefix(2), radix: 16)! }
        var stream = Array("aipbundle-sqlite-content-1".utf8)
        stream += [0x54] + text("t") + u64(2) + text("k") + text("INTEGER") + u64(1) + text("v") + text("") + u64(0)
        stream += u64(5001) + digestBytes
        let expected = try FileDigest(fileAt: folder.write(Data(stream), to: "stream.bin")).sha256

        #expect(try SQLiteContentHash(fileAt: url).sha256 == expected)
    }

    @Test func aVacuumedCopyHasOtherBytesAndTheSameHash() throws {
        let folder = try TemporaryFolder()
        let original = try writeSampleDatabase(in: folder)
        let copy = folder.url.appendingPathComponent("copy.db")
        try FileManager.default.copyItem(at: original, to: copy)
        // Rewrite the runways in reverse order, then change the page size: other pages, other bytes, same rows.
        try DatabaseQueue(path: copy.path).writeWithoutTransaction { db in
            try db.inTransaction {
                try db.execute(sql: """
                    CREATE TEMP TABLE saved AS SELECT * FROM runways;
                    DELETE FROM runways;
                    INSERT INTO runways SELECT * FROM saved ORDER BY id DESC;
                    DROP TABLE saved;
                    """)
                return .commit
            }
            try db.execute(sql: "PRAGMA page_size = 1024; VACUUM")
        }
        #expect(try FileDigest(fileAt: copy).sha256 != FileDigest(fileAt: original).sha256)
        #expect(try SQLiteContentHash(fileAt: copy) == SQLiteContentHash(fileAt: original))
    }

    @Test func changingOneValueChangesTheHash() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        let before = try SQLiteContentHash(fileAt: url).sha256
        #expect(try logicalHash(of: url, after: "UPDATE runways SET length_ft = length_ft + 1 WHERE id = 233628") != before)
    }

    @Test func addingOrRemovingARowChangesTheHash() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        let before = try SQLiteContentHash(fileAt: url)
        #expect(try logicalHash(of: url, after: "DELETE FROM runways WHERE id = 233628") != before.sha256)
        let after = try SQLiteContentHash(fileAt: url)
        #expect(after.rowCounts["runways"] == before.rowCounts["runways"]! - 1)
        #expect(try logicalHash(of: url, after: "INSERT INTO model_metadata (key, value) VALUES ('extra', NULL)") != after.sha256)
    }

    @Test func anIntegerAndAnEqualRealHashDifferently() throws {
        let folder = try TemporaryFolder()
        // `v` has no declared type, so SQLite keeps 1 and 1.0 in their own storage classes.
        let integer = try makeDatabase(in: folder, "integer.db", "CREATE TABLE t(k INTEGER PRIMARY KEY, v); INSERT INTO t VALUES (1, 1)")
        let real = try makeDatabase(in: folder, "real.db", "CREATE TABLE t(k INTEGER PRIMARY KEY, v); INSERT INTO t VALUES (1, 1.0)")
        #expect(try SQLiteContentHash(fileAt: integer).sha256 != SQLiteContentHash(fileAt: real).sha256)
    }

    @Test func rowsOfATableWithoutPrimaryKeyHashTheSameInAnyInsertionOrder() throws {
        let folder = try TemporaryFolder()
        let schema = "CREATE TABLE t(a, b TEXT);"
        let rows = ["(2, 'x')", "(1, 'y')", "(1, 'x')", "(NULL, 'z')", "(1.0, 'x')", "(0.0, 'w')", "(-0.0, 'w')", "('b', NULL)", "(X'01', 'a')"]
        let forward = try makeDatabase(in: folder, "forward.db", schema + rows.map { "INSERT INTO t VALUES \($0);" }.joined())
        let backward = try makeDatabase(in: folder, "backward.db", schema + rows.reversed().map { "INSERT INTO t VALUES \($0);" }.joined())
        #expect(try SQLiteContentHash(fileAt: forward) == SQLiteContentHash(fileAt: backward))
    }

    @Test func rowsOfAWithoutRowidTableHashTheSameInAnyInsertionOrder() throws {
        let folder = try TemporaryFolder()
        let schema = "CREATE TABLE t(a TEXT, b INTEGER, c, PRIMARY KEY (b, a)) WITHOUT ROWID;"
        let rows = ["('x', 2, 1)", "('y', 1, 2)", "('x', 1, 3)", "('é', 1, 4)", "('Z', 1, 5)"]
        let forward = try makeDatabase(in: folder, "forward.db", schema + rows.map { "INSERT INTO t VALUES \($0);" }.joined())
        let backward = try makeDatabase(in: folder, "backward.db", schema + rows.reversed().map { "INSERT INTO t VALUES \($0);" }.joined())
        #expect(try SQLiteContentHash(fileAt: forward) == SQLiteContentHash(fileAt: backward))
    }

    @Test func renamingATableOrColumnOrChangingADeclaredTypeChangesTheHash() throws {
        let folder = try TemporaryFolder()
        let base = "CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'a');"
        let variants = [
            base,
            "CREATE TABLE u(k INTEGER PRIMARY KEY, v TEXT); INSERT INTO u VALUES (1, 'a');",
            "CREATE TABLE t(k INTEGER PRIMARY KEY, w TEXT); INSERT INTO t VALUES (1, 'a');",
            "CREATE TABLE t(k INTEGER PRIMARY KEY, v VARCHAR); INSERT INTO t VALUES (1, 'a');",
            "CREATE TABLE t(k INTEGER, v TEXT); INSERT INTO t VALUES (1, 'a');",
            base + "CREATE TABLE empty(x);",
        ]
        let hashes = try variants.enumerated().map { index, sql in
            try SQLiteContentHash(fileAt: makeDatabase(in: folder, "\(index).db", sql)).sha256
        }
        #expect(Set(hashes).count == variants.count)
    }

    @Test func statisticsTablesAreLeftOutAndTheSequenceTableIsIncluded() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        let before = try SQLiteContentHash(fileAt: url)
        #expect(before.rowCounts.keys.contains("sqlite_sequence"))
        #expect(try logicalHash(of: url, after: "ANALYZE") == before.sha256)
        #expect(try logicalHash(of: url, after: "UPDATE sqlite_sequence SET seq = seq + 100 WHERE name = 'runways'") != before.sha256)
    }

    @Test func aFileThatIsNotADatabaseThrowsNamingIt() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("not a database, only text long enough to fill a header block", to: "fake.db")
        #expect { try SQLiteContentHash(fileAt: url) } throws: { "\($0)".contains("fake.db") }
    }
}

@Suite struct ManifestFileFromContentsTests {
    /// The build makes entries from the bytes its writer holds; a device and `check` make them from the file.
    @Test func anEntryMadeFromTheImageEqualsOneMadeFromTheFile() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        let fromImage = try ManifestFile(contents: Data(contentsOf: url), kind: .sqlite, name: "airports.db")
        #expect(fromImage == (try ManifestFile(fileAt: url, kind: .sqlite)))
        #expect(fromImage.tables?["runways"] == 3 && fromImage.schemaVersion == 1)
        let json = Data(#"{"questions": []}"#.utf8)
        #expect(try ManifestFile(contents: json, kind: .json, name: "rules.json") == ManifestFile(fileAt: folder.write(json, to: "rules.json"), kind: .json))
    }

    @Test func anImageThatIsNotADatabaseIsAnError() {
        #expect(throws: (any Error).self) { try ManifestFile(contents: Data("not sqlite".utf8), kind: .sqlite, name: "airports.db") }
    }
}
