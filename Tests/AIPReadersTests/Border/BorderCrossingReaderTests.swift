import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct BorderCrossingReaderTests {
    static func read(_ text: String) throws -> BorderCrossingFile {
        try BorderCrossingReader.read(SourceFile(displayName: "border/list.csv", bytes: Data(text.utf8)))
    }

    @Test func readsRowsByHeaderNameWithTheOriginalRow() throws {
        let file = try Self.read("\u{FEFF}Country,Name,Type,Comment,ICAO,Airfield Name\nFrance,Albert-Bray,Airport,,LFAQ,Albert Bray\nMalta,Luqa,Airport,\"Main, only\",,Malta\n")
        #expect(file.rowCount == 2)
        #expect(file.findings.isEmpty)
        let first = file.records[0]
        #expect(first.country == "France" && first.name == "Albert-Bray" && first.icao == "LFAQ" && first.type == "Airport")
        #expect(first.comment == nil && first.airfieldName == "Albert Bray" && first.line == 2)
        #expect(first.originalRow.map(\.column) == ["Country", "Name", "Type", "Comment", "ICAO", "Airfield Name"])
        #expect(file.records[1].icao == nil)
        #expect(file.records[1].originalRow[3].value == "Main, only")
    }

    @Test func aRowWithoutCountryIsRejectedAndTheOthersKept() throws {
        let file = try Self.read("Country,Name,ICAO\n,Nowhere,EBBR\nBelgium,Oostende,EBOS\n")
        #expect(file.records.map(\.name) == ["Oostende"])
        #expect(file.findings.map(\.code) == [.valueEmpty])
        #expect(file.findings.first?.line == 2)
    }

    @Test func aFileWithoutTheColumnsIsNotABorderList() {
        #expect(throws: SourceError.self) { try Self.read("a,b\n1,2\n") }
        #expect(throws: SourceError.self) { try Self.read("Country,Name,ICAO\n") }
        #expect(throws: SourceError.self) { try Self.read("") }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/border/airfieldmap.csv"))
    func theRealListReadsEveryRow() throws {
        let file = try BorderCrossingReader.read(SourceFile(contentsOf: SharedFixtures.url("border/airfieldmap.csv"), displayName: "border/airfieldmap.csv"))
        // 650 lines: the header and 649 rows (the issue counts 648).
        #expect(file.rowCount == 649)
        #expect(file.records.count == file.rowCount)
        #expect(file.findings.isEmpty)
        #expect(file.records.first?.country == "Belgium")
    }
}
