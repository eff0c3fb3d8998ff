@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// The place dump read piece by piece, plain, gzipped and zipped, must give what a whole read gives.
@Suite struct GeoNamesStreamingTests {
    /// Line numbers, records and findings of a read, for comparing two ways of reading the same bytes.
    func digest(_ file: GeoNamesPlacesFile) -> [String] {
        file.places.map { "\($0.line):\($0.geonameid):\($0.name):\($0.alternateNames.count):\($0.population)" }
            + file.findings.map(\.description) + ["rows \(file.rowCount) bytes \(file.byteCount)"]
    }

    /// The real slice with a few broken rows and CRLF line ends mixed in.
    func hostileSlice() throws -> String {
        var lines = try GeoNamesTestData.sliceLines()
        lines[10] = "broken\trow"
        lines[20] += "\r"
        lines[30] = lines[30].replacingOccurrences(of: "\t", with: "\t\t")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [1, 7, 64, 1000, 4096])
    func smallPiecesCutLinesAnywhereAndChangeNothing(pieceSize: Int) throws {
        let folder = try TemporaryFolder()
        let text = try hostileSlice()
        let url = try folder.write(text, to: "cities15000.txt")
        let whole = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text, name: "cities15000.txt"))
        var stream = try SourceStream(contentsOf: url, displayName: "cities15000.txt")
        stream.pieceSize = pieceSize
        let pieces = try GeoNamesTestData.readAll(stream)
        #expect(digest(pieces) == digest(whole))
        #expect(whole.places.count == 318)
        #expect(whole.findings.map(\.line) == [11, 31])
    }

    @Test func aBOMIsSkippedInAPieceWiseRead() throws {
        let folder = try TemporaryFolder()
        let text = "\u{FEFF}# comment\n" + ["DE", "FR"].map { "\($0)\tx\tx\tx\tName\tx\tx\tx\tEU" + String(repeating: "\t", count: 10) }.joined(separator: "\n") + "\n"
        let url = try folder.write(text, to: "countryInfo.txt")
        var stream = try SourceStream(contentsOf: url, displayName: "countryInfo.txt")
        stream.pieceSize = 64
        #expect(try GeoNamesReader.readCountries(stream).records.map(\.isoCode) == ["DE", "FR"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/gzip"), "needs gzip to build the archive"))
    func aGzippedDumpStreamsLikeThePlainOne() throws {
        let folder = try TemporaryFolder()
        let text = try hostileSlice()
        try folder.write(text, to: "cities15000.txt")
        try TestFiles.shell("gzip -k cities15000.txt", in: folder)
        let stream = try SourceStream(contentsOf: folder.url.appendingPathComponent("cities15000.txt.gz"), displayName: "cities15000.txt")
        let plain = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text, name: "cities15000.txt"))
        #expect(digest(try GeoNamesTestData.readAll(stream)) == digest(plain))
        #expect(stream.storedByteCount < text.utf8.count / 2)
    }

    @Test(.enabled(if: TestFiles.zipAvailable, "needs the zip tool to build the archive"))
    func aZippedDumpStreamsAndItsStoredPathIsTheArchive() throws {
        let folder = try TemporaryFolder()
        let text = try hostileSlice()
        try folder.write(text, to: "geonames/cities15000.txt")
        try TestFiles.shell("cd geonames && zip -q cities15000.zip cities15000.txt && rm cities15000.txt", in: folder)
        try folder.write(try Data(contentsOf: GeoNamesTestData.sliceFolder.appendingPathComponent("countryInfo.txt")), to: "geonames/countryInfo.txt")
        let sources = try GeoNamesSources.locate(in: SourceTree(root: folder.url))
        #expect(sources.places.displayName == "geonames/cities15000.zip/cities15000.txt")
        #expect(sources.places.storedPath == "geonames/cities15000.zip")
        #expect(sources.alternateNames == nil)
        let plain = try GeoNamesTestData.readAll(GeoNamesTestData.stream(text, name: "geonames/cities15000.zip/cities15000.txt"))
        #expect(digest(try GeoNamesTestData.readAll(sources.places)) == digest(plain))
    }

    @Test(.enabled(if: TestFiles.zipAvailable, "needs the zip tool to build the archive"))
    func aZipMemberWithABadChecksumIsDamaged() throws {
        let folder = try TemporaryFolder()
        try folder.write(String(repeating: GeoNamesTestData.place() + "\n", count: 50), to: "cities500.txt")
        try TestFiles.shell("zip -q -0 cities500.zip cities500.txt", in: folder)
        var archive = try Data(contentsOf: folder.url.appendingPathComponent("cities500.zip"))
        // Stored (-0): flip one byte of the member's data, which sits right after its name in the local header.
        let dataStart = 30 + "cities500.txt".utf8.count + Int(archive[28]) + Int(archive[29]) << 8
        archive[dataStart + 40] ^= 0x01
        try archive.write(to: folder.url.appendingPathComponent("cities500.zip"))
        let stream = try ZipArchive(contentsOf: folder.url.appendingPathComponent("cities500.zip"), displayName: "cities500.zip")
            .memberStream("cities500.txt", archivePath: "cities500.zip")
        #expect { try GeoNamesTestData.readAll(stream) } throws: { ($0 as? SourceError)?.kind == .corruptCompression }
    }
}
