import AIPPDFText
@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// Whole PDFs through poppler: the synthetic chapter, and damaged, encrypted, image-only and garbage files, each a
/// finding (never a crash or a hang).
@Suite(.enabled(if: popplerInstalled, "needs pdftotext (poppler-utils; scripts/install-deps.sh installs it)"))
struct AIPPDFReaderTests {
    static func read(_ bytes: Data, extractor: PDFTextExtractor = PDFTextExtractor()) async throws -> AIPPDFReader.Result {
        try await AIPPDFReader.read(SourceFile(displayName: "aip-pdf/t.pdf", bytes: bytes), extract: extractor.extract)
    }

    @Test func aSyntheticChapterReadsThroughPoppler() async throws {
        let result = try await Self.read(TestPDF.document(SyntheticChapter.english))
        let page = try #require(result.page)
        #expect(result.pageCount == 2 && result.findings.isEmpty)
        #expect(page.icao == "ZZZZ" && page.effectiveDate == "2026-01-05")
        #expect(page.entries.count == 34)
        let values = Dictionary(page.entries.map { ($0.section * 100 + ($0.itemNumber ?? 0), $0.value) }) { a, _ in a }
        #expect(values[201] == "511156N 0025144E")
        #expect(values[206] == "TESTFIELD AIRPORT LTD\n1 Main Road\nTEL: 0123 456")
        #expect(values[208] == "Remarks that run over the whole width of the value column up to the margin and wrap.")
        #expect(values[301] == "MON-FRI 0700-1500\nSAT 0800-1200")
        #expect(values[507] == "P7")
    }

    @Test func aSpanishChapterWithoutNumbersReadsThroughPoppler() async throws {
        let result = try await Self.read(TestPDF.document(SyntheticChapter.spanish))
        let page = try #require(result.page)
        #expect(page.icao == "ZZZZ" && page.name == "PRUEBAS")
        #expect(page.entries.map { $0.section * 100 + ($0.itemNumber ?? 0) }
            == [201, 202, 203, 206, 207, 208, 302, 305, 307, 312, 401, 402, 405, 406, 501, 506])
        let values = Dictionary(page.entries.map { ($0.section * 100 + ($0.itemNumber ?? 0), $0) }) { a, _ in a }
        #expect(values[203]?.altField == "Elevacion / Temperatura de referencia")
        #expect(values[206]?.value == "AENA\nTel: 913 211 000")
        #expect(values[302]?.value == "Monday to Friday\n0800-1500" && values[302]?.altValue == "Lunes a viernes\n0800-1500")
        #expect(values[307]?.value == "H24" && values[307]?.altValue == nil)
        #expect(values[501]?.value == "In the city\nHotel AD")
        #expect(result.findings.map(\.code) == [.pdfUnplacedText])
    }

    @Test func garbageEncryptedAndImageOnlyFilesAreFindings() async throws {
        #expect(try await Self.read(Data("not a pdf at all".utf8)).findings.map(\.code) == [.pdfNotPDF])
        #expect(try await Self.read(Data()).findings.map(\.code) == [.pdfNotPDF])
        #expect(try await Self.read(Data("%PDF-1.4\n garbage \u{0}\u{1}".utf8)).findings.map(\.code) == [.pdfUnreadable])
        let encrypted = try await Self.read(TestPDF.document(SyntheticChapter.english, encrypted: true))
        #expect(encrypted.page == nil && encrypted.findings.map(\.code) == [.pdfUnreadable])
        #expect(encrypted.findings.first?.reason.contains("password") == true)
        let scan = try await Self.read(TestPDF.document([[], []]))
        #expect(scan.page == nil && scan.findings.map(\.code) == [.pdfNoTextLayer])
    }

    @Test func outputPastTheLimitStopsPoppler() async throws {
        var extractor = PDFTextExtractor()
        extractor.maximumOutputBytes = 100
        #expect(try await Self.read(TestPDF.document(SyntheticChapter.english), extractor: extractor).findings.map(\.code) == [.pdfOutputTooLarge])
    }

    /// A program standing in for pdftotext, written to a temporary file; removed by the caller.
    static func script(_ name: String, _ body: String) throws -> URL {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid()).sh")
        try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test func aPdftotextThatHangsIsKilledAtTheTimeout() async throws {
        let script = try Self.script("hanging-pdftotext", "exec sleep 600")
        defer { try? FileManager.default.removeItem(at: script) }
        var extractor = PDFTextExtractor()
        extractor.executable = script.path
        extractor.timeout = 0.5
        let pdf = TestPDF.document(SyntheticChapter.english)
        // Timed on a thread of the test's own, so the figure is the extraction's, not the wait for a shared thread.
        let (extraction, elapsed) = await withTaskExecutorPreference(SerialQueueExecutor(label: "aipbundle.tests.timeout")) {
            let start = ContinuousClock.now
            let extraction = try? await extractor.extract(pdf, file: "t.pdf")
            return (extraction, ContinuousClock.now - start)
        }
        #expect(extraction == .timedOut(seconds: 0.5))
        // Killed at the deadline, not waited for until it ends by itself after 600 s. The bound is half of that, far
        // above the half second it takes: a 2-core machine also running three builds once stretched it to two minutes.
        #expect(elapsed < .seconds(300), "killed at the deadline, not when it ended by itself")
    }

    /// A pdftotext writing without end on both streams is killed at the output cap, before the deadline (which would
    /// give `.timedOut`).
    @Test func aPdftotextThatWritesWithoutEndIsKilledAtTheCap() async throws {
        let script = try Self.script("endless-pdftotext", "yes warning >&2 &\nexec yes word")
        defer { try? FileManager.default.removeItem(at: script) }
        var extractor = PDFTextExtractor()
        extractor.executable = script.path
        extractor.maximumOutputBytes = 1 << 20
        extractor.timeout = 60
        #expect(try await extractor.extract(TestPDF.document(SyntheticChapter.english), file: "t.pdf") == .outputTooLarge)
    }

    @Test func aMissingPdftotextNamesItsPackage() async {
        var extractor = PDFTextExtractor()
        extractor.executable = "/nonexistent/pdftotext"
        await #expect { try await Self.read(TestPDF.document(SyntheticChapter.english), extractor: extractor) } throws: { error in
            (error as? SourceError)?.reason.contains("poppler-utils") == true
        }
    }

    @Test func aPdftotextThatCannotStartIsSaidInWordsNotAsAFoundationError() async throws {
        // Executable, but no program: the system refuses to start it.
        let program = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-program-\(getpid())")
        try "not a program\n".write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        defer { try? FileManager.default.removeItem(at: program) }
        var extractor = PDFTextExtractor()
        extractor.executable = program.path
        await #expect { _ = try await extractor.extract(TestPDF.document(SyntheticChapter.english), file: "EBXX.pdf") } throws: { error in
            (error as? SourceError)?.reason == "cannot start \(program.path): exec format error (Debian package poppler-utils)"
        }
    }

    /// Truncations, flipped bytes and repeated blocks of the synthetic chapter and of two real ones (when
    /// `../shared` is there), from a fixed seed: each read ends with a page or with findings saying why not.
    @Test func mutatedPDFsNeverCrashOrHang() async throws {
        var inputs = [TestPDF.document(SyntheticChapter.english)]
        for name in ["EBOS", "ESMS"] where SharedFixtures.available {
            inputs.append(try Data(contentsOf: SharedFixtures.url("aip-pdf/\(name).pdf")))
        }
        var random = SplitMix64(seed: 11)
        for original in inputs {
            for round in 0..<12 {
                var bytes = original
                switch round % 3 {
                case 0: bytes = bytes.prefix(Int(random.next() % UInt64(bytes.count)))
                case 1:
                    for _ in 0..<16 {
                        let index = bytes.startIndex + Int(random.next() % UInt64(bytes.count))
                        bytes[index] = UInt8(truncatingIfNeeded: random.next())
                    }
                default:
                    let start = Int(random.next() % UInt64(bytes.count)), length = min(4096, bytes.count - start)
                    bytes.insert(contentsOf: bytes[(bytes.startIndex + start)..<(bytes.startIndex + start + length)], at: bytes.startIndex + start)
                }
                let result = try await Self.read(bytes)
                #expect(result.page != nil || !result.findings.isEmpty, "round \(round) of a \(original.count)-byte file")
                if let page = result.page { #expect(page.entries.allSatisfy { AerodromeDocument.itemSections.contains($0.section) }) }
            }
        }
    }
}
