import AIPReaders
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SourceFileTests {
    /// The SourceError reading `url` throws; records an issue when it does not throw.
    func error(reading url: URL, limits: DecompressionLimits = .standard) throws -> SourceError {
        do {
            _ = try SourceFile(contentsOf: url, displayName: "geonames/x", limits: limits)
        } catch let error as SourceError {
            return error
        }
        Issue.record("reading \(url.lastPathComponent) did not fail")
        throw CancellationError()
    }

    @Test func aFolderWhereAFileShouldBeIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("x", to: "airports.csv/inside.txt")
        let error = try error(reading: folder.url.appendingPathComponent("airports.csv"))
        #expect(error.kind == .notARegularFile)
        #expect(error.reason.contains("folder"))
    }

    /// Opening a FIFO for reading would block forever; the check must come first.
    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let folder = try TemporaryFolder()
        let url = folder.url.appendingPathComponent("airports.csv")
        #expect(mkfifo(url.path, 0o644) == 0)
        let error = try error(reading: url)
        #expect(error.kind == .notARegularFile)
        #expect(error.reason.contains("FIFO"))
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their permissions"))
    func anUnreadableFileSaysPermissionDenied() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("id\n1\n", to: "airports.csv")
        #expect(chmod(url.path, 0) == 0)
        let error = try error(reading: url)
        #expect(error.kind == .unreadable)
        #expect(error.reason.contains("permission denied"))
    }

    @Test func aMissingFileIsMissing() throws {
        let folder = try TemporaryFolder()
        #expect(try error(reading: folder.url.appendingPathComponent("nope.csv")).kind == .missingFile)
    }

    @Test func aCorruptGzipSaysSoAndNotCSV() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write(Data([0x1F, 0x8B, 0x08, 0x00, 0x01, 0x02, 0x03]), to: "airports.csv.gz")
        let error = try error(reading: url)
        #expect(error.kind == .corruptCompression)
        #expect(error.reason.contains("corrupt gzip") && error.reason.contains("download it again"))
        #expect(!error.reason.contains("CSV"))
    }

    @Test func aTruncatedGzipIsCorrupt() throws {
        let folder = try TemporaryFolder()
        try TestFiles.shell("seq 1 100000 | gzip > whole.gz && head -c 5000 whole.gz > cut.gz", in: folder)
        let error = try error(reading: folder.url.appendingPathComponent("cut.gz"))
        #expect(error.kind == .corruptCompression)
        #expect(error.reason.contains("truncated"))
    }

    /// 300 MB of zeros gzip to about 300 KB: the default ratio cap stops it just past 64 MiB, with a message.
    @Test func aGzipBombIsTooLarge() throws {
        let folder = try TemporaryFolder()
        try TestFiles.shell("head -c 300000000 /dev/zero | gzip > bomb.csv.gz", in: folder)
        let error = try error(reading: folder.url.appendingPathComponent("bomb.csv.gz"))
        #expect(error.kind == .tooLarge)
        #expect(error.reason.contains("expands more than 200 times"))
    }

    @Test func theAbsoluteCapHoldsWhateverTheRatio() throws {
        let folder = try TemporaryFolder()
        try TestFiles.shell("seq 1 200000 | gzip > numbers.gz", in: folder)
        let url = folder.url.appendingPathComponent("numbers.gz")
        let limits = DecompressionLimits(maxBytes: 100_000, ratioCheckAfterBytes: .max, maxRatio: 200)
        #expect(try error(reading: url, limits: limits).kind == .tooLarge)
        #expect(try SourceFile(contentsOf: url, displayName: "n").bytes.count == 1_288_895)
    }
}
