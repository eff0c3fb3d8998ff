import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TestFiles.zipAvailable, "needs /usr/bin/zip to build test archives"))
struct ZipArchiveTests {
    let folder: TemporaryFolder
    let archiveURL: URL

    /// `cities.zip` holds `cities500.txt` (two GeoNames-like rows) and `docs/readme.txt`.
    init() throws {
        folder = try TemporaryFolder()
        try folder.write("1\tGent\n2\tBrugge\n", to: "cities500.txt")
        try folder.write("read me\n", to: "docs/readme.txt")
        try TestFiles.shell("zip -q -r cities.zip cities500.txt docs", in: folder)
        archiveURL = folder.url.appendingPathComponent("cities.zip")
    }

    func archive() throws -> ZipArchive { try ZipArchive(contentsOf: archiveURL, displayName: "geonames/cities.zip") }

    @Test func listsFilesInByteOrderWithoutFolders() throws {
        #expect(try archive().memberNames == ["cities500.txt", "docs/readme.txt"])
    }

    @Test func readsAMemberAsASourceFile() throws {
        let member = try archive().member("cities500.txt")
        #expect(member.displayName == "geonames/cities.zip/cities500.txt")
        #expect(String(decoding: member.bytes, as: UTF8.self) == "1\tGent\n2\tBrugge\n")
    }

    @Test func aMissingMemberNamesWhatIsThere() throws {
        #expect {
            try archive().member("cities15000.txt")
        } throws: { error in
            let error = error as? SourceError
            return error?.kind == .missingFile && error?.reason.contains("cities500.txt, docs/readme.txt") == true
        }
    }

    @Test func aFileThatIsNotAZipIsCorrupt() throws {
        let url = try folder.write("id,name\n1,x\n", to: "fake.zip")
        #expect {
            try ZipArchive(contentsOf: url, displayName: "fake.zip")
        } throws: { ($0 as? SourceError)?.kind == .corruptCompression }
    }

    @Test func aZipBombIsTooLarge() throws {
        try TestFiles.shell("head -c 20000000 /dev/zero > zeros.txt && zip -q bomb.zip zeros.txt", in: folder)
        let bomb = try ZipArchive(contentsOf: folder.url.appendingPathComponent("bomb.zip"), displayName: "bomb.zip")
        let limits = DecompressionLimits(maxBytes: .max, ratioCheckAfterBytes: 1 << 20, maxRatio: 200)
        #expect {
            try bomb.member("zeros.txt", limits: limits)
        } throws: { ($0 as? SourceError)?.kind == .tooLarge }
        #expect(try bomb.member("zeros.txt").bytes.count == 20_000_000)
    }

    /// Truncated and byte-flipped archives never crash: they read, or fail with a SourceError.
    @Test func damagedArchivesFailCleanly() throws {
        try TestFiles.shell("seq 1 20000 > numbers.txt && zip -q numbers.zip numbers.txt", in: folder)
        let original = try Data(contentsOf: folder.url.appendingPathComponent("numbers.zip"))
        let expected = try Data(contentsOf: folder.url.appendingPathComponent("numbers.txt"))
        var generator = SplitMix64(seed: 9)
        var damagedButRead = 0
        for round in 0..<300 {
            var bytes = [UInt8](original)
            if round % 3 == 0 {
                bytes.removeLast(1 + Int(generator.next() % UInt64(bytes.count - 1)))
            } else {
                for _ in 0...(generator.next() % 4) {
                    bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(1 + generator.next() % 255)
                }
            }
            let url = try folder.write(Data(bytes), to: "damaged.zip")
            do {
                let archive = try ZipArchive(contentsOf: url, displayName: "damaged.zip")
                for name in archive.memberNames {
                    let member = try archive.member(name)
                    if member.bytes != expected { damagedButRead += 1 }
                }
            } catch {
                // The message names the archive, and the member when one is damaged.
                #expect(error.file.hasPrefix("damaged.zip"))
            }
        }
        // Flipped bytes in the data are caught by the CRC: no damaged content is ever returned as good.
        #expect(damagedButRead == 0)
    }
}
