@testable import AIPReaders
import Foundation
import Synchronization
import Testing

/// The reader is a function of what pdftotext gave (``PDFTextExtraction``): each outcome is its finding, and the
/// XHTML of a chapter reads as its word boxes do; no process runs in this suite.
@Suite struct AIPPDFReaderExtractionTests {
    /// `layer` as `pdftotext -bbox-layout` writes it.
    static func bboxXHTML(_ layer: PDFTextLayer) -> Data {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        let pages = layer.pages.map { page in
            "<page width=\"\(page.width)\" height=\"\(page.height)\"><flow><block><line>"
                + page.words.map { "<word xMin=\"\($0.x0)\" yMin=\"\($0.y0)\" xMax=\"\($0.x1)\" yMax=\"\($0.y1)\">\(escaped($0.text))</word>" }.joined(separator: "\n")
                + "</line></block></flow></page>"
        }
        return Data(("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">"
            + "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title></title></head><body><doc>" + pages.joined(separator: "\n") + "</doc></body></html>").utf8)
    }

    @Test func eachOutcomeOfPdftotextIsItsFinding() throws {
        let timedOut = AIPPDFReader.read(.timedOut(seconds: 20), file: "aip-pdf/t.pdf")
        #expect(timedOut.page == nil && timedOut.findings.map(\.code) == [.pdfTimeout])
        #expect(timedOut.findings.first?.reason == "pdftotext took more than 20 s; not read")
        let rejected = AIPPDFReader.read(.rejected("Command Line Error: Incorrect password"), file: "aip-pdf/t.pdf")
        #expect(rejected.findings.map(\.code) == [.pdfUnreadable])
        #expect(rejected.findings.first?.reason == "poppler cannot read it (Command Line Error: Incorrect password); damaged, truncated or encrypted")
        let tooLarge = AIPPDFReader.read(.outputTooLarge, file: "aip-pdf/t.pdf")
        #expect(tooLarge.findings.map(\.code) == [.pdfOutputTooLarge] && tooLarge.findings.first?.file == "aip-pdf/t.pdf")
        #expect(AIPPDFReader.read(.xhtml(Data("not xml".utf8)), file: "t.pdf").findings.map(\.code) == [.pdfNoTextLayer])
    }

    /// The synthetic chapter as pdftotext's XHTML reads item for item as its word boxes.
    @Test func aChapterReadsFromItsXHTMLAsFromItsWords() throws {
        let layer = SyntheticChapter.layer(SyntheticChapter.english)
        let fromXHTML = AIPPDFReader.read(.xhtml(Self.bboxXHTML(layer)), file: "aip-pdf/t.pdf")
        let fromWords = AIPPDFReader.read(layer, file: "aip-pdf/t.pdf")
        let page = try #require(fromXHTML.page)
        #expect(page.entries.count == 34 && page.icao == "ZZZZ")
        #expect(page == fromWords.page && fromXHTML.findings == fromWords.findings)
        #expect(fromXHTML.pageCount == 2)
    }

    /// Files that are no AD 2 chapter are refused before any process: the extraction is not called for them.
    @Test func refusedFilesNeverReachTheExtraction() async throws {
        let calls = Calls()
        let extract: AIPPDFReader.Extract = { _, _ in
            calls.count.withLock { $0 += 1 }
            return .rejected("called")
        }
        let notPDF = try await AIPPDFReader.read(SourceFile(displayName: "aip-pdf/x.pdf", bytes: Data("<html>".utf8)), extract: extract)
        #expect(notPDF.findings.map(\.code) == [.pdfNotPDF])
        let huge = Data("%PDF-1.4\n".utf8) + Data(count: AIPPDFReader.maximumFileBytes)
        #expect(AIPPDFReader.refusal(SourceFile(displayName: "aip-pdf/big.pdf", bytes: huge))?.findings.map(\.code) == [.pdfTooLarge])
        #expect(calls.count.withLock { $0 } == 0)
        let pdf = try await AIPPDFReader.read(SourceFile(displayName: "aip-pdf/t.pdf", bytes: Data("%PDF-1.4\n".utf8)), extract: extract)
        #expect(pdf.findings.map(\.code) == [.pdfUnreadable] && calls.count.withLock { $0 } == 1)
    }
}

/// How often a test's extraction was called.
private final class Calls: Sendable {
    let count = Mutex(0)
}
