@testable import AIPReaders
import TestSupport
import Testing

/// No length the layout compares is in points: every synthetic chapter, its pages and boxes scaled as a chapter set
/// in smaller or larger type (and on a smaller or larger page) would be, reads as it does at its own size.
@Suite struct PDFLayoutScaleTests {
    static func scaled(_ layer: PDFTextLayer, by factor: Double) -> PDFTextLayer {
        PDFTextLayer(pages: layer.pages.map { page in
            PDFTextLayer.Page(width: page.width * factor, height: page.height * factor, words: page.words.map {
                PDFWord(page: $0.page, x0: $0.x0 * factor, y0: $0.y0 * factor, x1: $0.x1 * factor, y1: $0.y1 * factor, text: $0.text)
            })
        })
    }

    static func reading(_ result: AIPPDFReader.Result) -> [String] {
        (result.page.map { [$0.icao, $0.name ?? "-", $0.effectiveDate ?? "-"] } ?? [])
            + (result.page?.entries.map { "\($0.section).\($0.itemNumber ?? 0) \($0.field) | \($0.altField ?? "-") = \($0.value) | \($0.altValue ?? "-")" } ?? [])
            + result.findings.map { "\($0.code) \($0.value ?? "")" }
    }

    static let chapters: [(String, [[SyntheticChapter.Text]])] = [
        ("english", SyntheticChapter.english), ("spanish", SyntheticChapter.spanish), ("twoColumns", SyntheticChapter.twoColumns),
        ("stackedInCells", SyntheticChapter.stackedInCells), ("languageColumns", SyntheticChapter.languageColumns),
        ("runOnColumns", SyntheticChapter.runOnColumns), ("stackedCentred", SyntheticChapter.stackedCentred),
    ]

    @Test(arguments: [0.3, 3.0])
    func aChapterReadsAlikeAtAnySize(_ factor: Double) {
        for (name, chapter) in Self.chapters {
            let layer = SyntheticChapter.layer(chapter)
            let original = Self.reading(AIPPDFReader.read(layer, file: "t.pdf"))
            #expect(!original.isEmpty)
            #expect(Self.reading(AIPPDFReader.read(Self.scaled(layer, by: factor), file: "t.pdf")) == original, "\(name) at \(factor)")
        }
    }
}
