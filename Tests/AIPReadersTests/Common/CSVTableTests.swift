import AIPReaders
import Foundation
import Testing

@Suite struct CSVTableTests {
    /// Reads `text` as a headerless GeoNames-style file of `columnCount` columns; returns the rows and the summary.
    func readHeaderless(_ text: String, dialect: CSVDialect = .geoNames, columnCount: Int) throws -> (rows: [[String]], summary: CSVTableSummary) {
        var rows: [[String]] = []
        let summary = try CSVTable.read(SourceFile(displayName: "geonames/cities500.txt", bytes: Data(text.utf8)),
                                        format: "GeoNames cities500.txt", dialect: dialect, columnCount: columnCount) { record in
            rows.append((0..<record.count).map(record.text))
        }
        return (rows, summary)
    }

    func readWithHeader(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        _ = try CSVTable.read(SourceFile(displayName: "border/a.csv", bytes: Data(text.utf8)), format: "border",
                              required: ["id", "name"], columns: { $0 }) { record, _ in
            rows.append((0..<record.count).map(record.text))
        }
        return rows
    }

    func sourceError(_ body: () throws -> Void) -> SourceError? {
        do {
            try body()
            return nil
        } catch {
            return error as? SourceError
        }
    }

    @Test func headerlessRowsAreAllDataAndWrongWidthsAreFindings() throws {
        let result = try readHeaderless("1\t\"Big\" Apple\tx\n2\tshort\n3\tGent\ty\n", columnCount: 3)
        #expect(result.rows == [["1", "\"Big\" Apple", "x"], ["3", "Gent", "y"]])
        #expect(result.summary.recordCount == 3)
        #expect(result.summary.findings.map(\.description) == ["geonames/cities500.txt:2: has 2 fields, GeoNames cities500.txt has 3 (row rejected)"])
        #expect(result.summary.findings.map(\.code) == [.csvFieldCount])
    }

    @Test func countryInfoSkipsItsBOMAndCommentLines() throws {
        let text = "\u{FEFF}# GeoNames country info\n#ISO\tISO3\tContinent\nBE\tBEL\tEU\nUS\tUSA\tNA\n"
        let result = try readHeaderless(text, dialect: .geoNamesCountryInfo, columnCount: 3)
        #expect(result.rows == [["BE", "BEL", "EU"], ["US", "USA", "NA"]])
        #expect(result.summary.findings.isEmpty)
    }

    @Test func aHeaderlessFileWithNoLineOfTheRightWidthIsNotThatFile() {
        let error = sourceError { _ = try readHeaderless("<html>Rate limit exceeded</html>\n", columnCount: 19) }
        #expect(error?.kind == .notCSV)
    }

    @Test func aDuplicatedColumnNameIsFatalAndNamed() {
        let error = sourceError { _ = try readWithHeader("id,name,lat,name,lat\n1,a,2,b,3\n") }
        #expect(error?.kind == .duplicateColumns(["name", "lat"]))
        #expect(error?.reason.contains("name, lat more than once") == true)
    }

    @Test(arguments: ["id,name\n1,a\n2", "id,name\n1,a\n2,\"b", "id,name\n1,a\n2,\"b\n"])
    func aFileCutInsideItsLastRecordIsTruncated(_ text: String) {
        let error = sourceError { _ = try readWithHeader(text) }
        #expect(error?.kind == .truncated)
        #expect(error?.reason == "ends inside a record at line 3: the file looks truncated; download it again")
    }

    @Test func aWellFormedLastLineWithoutNewlineIsFine() throws {
        #expect(try readWithHeader("id,name\n1,a\n2,b") == [["1", "a"], ["2", "b"]])
    }

    @Test func aBinaryFileIsNotText() {
        #expect(sourceError { _ = try readWithHeader("id,name\n1,\u{0}\n") }?.kind == .notText)
    }

    /// Every dialect, CR-only lines, NULs, invalid UTF-8 and truncation: the table reader throws a SourceError or
    /// reports rows and findings whose lines lie within the file.
    @Test(arguments: [CSVDialect.csv, .geoNames, .geoNamesCountryInfo])
    func fuzzedTablesKeepTheirInvariants(_ dialect: CSVDialect) {
        var generator = SplitMix64(seed: 11)
        let base = Array("id,name\tx\r1,\"a\"\tb\n2,c\td\r\n3,e\tf\n#4,g\th\n".utf8)
        let noise: [UInt8] = [0x22, 0x2C, 0x09, 0x0A, 0x0D, 0x00, 0xFF, 0xC3, 0x23, 0x41]
        for _ in 0..<2_000 {
            var bytes = base + base + base
            for _ in 0..<Int(generator.next() % 6) {
                bytes[Int(generator.next() % UInt64(bytes.count))] = noise[Int(generator.next() % UInt64(noise.count))]
            }
            if generator.next() % 3 == 0 { bytes.removeLast(Int(generator.next() % 20)) }
            let file = SourceFile(displayName: "f", bytes: Data(bytes))
            var lines: [Int] = []
            var delivered = 0
            do {
                let summary: CSVTableSummary
                if dialect.hasHeader {
                    summary = try CSVTable.read(file, format: "f", dialect: dialect, required: ["id"], columns: { $0 }) { record, _ in
                        lines.append(record.line)
                        delivered += 1
                    }
                } else {
                    summary = try CSVTable.read(file, format: "f", dialect: dialect, columnCount: 2) { record in
                        lines.append(record.line)
                        delivered += 1
                    }
                }
                let lineCount = bytes.enumerated().count { index, byte in
                    byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
                } + 1
                lines += summary.findings.compactMap(\.line)
                #expect(lines.allSatisfy { (1...lineCount).contains($0) })
                #expect(delivered + summary.findings.count <= summary.recordCount)
                #expect(summary.recordCount <= lineCount)
            } catch {
                #expect((error as? SourceError)?.file == "f")
            }
        }
    }
}
