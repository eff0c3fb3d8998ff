import AIPPDFText
@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// Whether poppler's pdftotext is installed (scripts/install-deps.sh installs it).
let popplerInstalled = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].contains { FileManager.default.isExecutableFile(atPath: $0) }

/// Every real chapter of `../shared/fixtures/aip-pdf/` (those its `expected.json` holds), every AD 2.2–2.5 item
/// compared with the hand-checked values of `expected.json` (whitespace-normalised: each line trimmed, runs of spaces made one, blank lines
/// dropped; nothing else). Items are matched by section and item number as printed (as the hand-checked ids are;
/// a chapter printing no numbers has the catalogue's).
@Suite(.enabled(if: SharedFixtures.available && popplerInstalled,
                "needs ../shared/fixtures/aip-pdf and pdftotext (poppler-utils)"))
struct AIPPDFRealDocumentTests {
    struct Expected: Decodable {
        struct Item: Decodable {
            var id: Int
            var value: String
            var alt_value: String?
            var label: String
            var alt_label: String?
        }
        struct ARP: Decodable { var printed: String }
        struct Customs: Decodable { var text: String }
        var icao: String
        var items: [Item]
        var arp: ARP
        var elevation_printed: String
        var customs_302: Customs
    }

    static func expected() throws -> [String: Expected] {
        try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: RealAIPChapters.expectedFile))
    }

    /// Every chapter of `expected.json` (the tests below run once per code).
    static let chapters = RealAIPChapters.codes

    static func normalised(_ text: String?) -> String? {
        text.map { $0.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: "\n") }
    }

    static func read(_ icao: String) async throws -> AIPPDFReader.Result {
        try await AIPPDFReader.read(SourceFile(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"), displayName: "aip-pdf/\(icao).pdf"),
                                    extract: PDFTextExtractor().extract)
    }

    /// Runs `body`; for a chapter of ``RealAIPChapters/knownIssues`` what fails in it is that known issue (and
    /// nothing failing is an issue too: the chapter is then read, and its mark must go). Other chapters are strict.
    static func checking(_ icao: String, _ body: () async throws -> Void) async rethrows {
        guard let issue = RealAIPChapters.knownIssues[icao] else { return try await body() }
        await withKnownIssue(Comment(rawValue: issue)) { try await body() }
    }

    static func entry(_ page: AerodromeDocument?, _ id: Int) -> AerodromeEntry? {
        page?.entries.first { $0.section * 100 + ($0.itemNumber ?? 0) == id }
    }

    /// The ids of the expected items the page gets wrong (missing, or another value), each printed with what was read.
    static func wrongItems(_ page: AerodromeDocument?, _ expected: Expected) -> [Int] {
        expected.items.filter { item in
            let entry = entry(page, item.id)
            let right = entry != nil && normalised(entry?.value) == normalised(item.value) && normalised(entry?.altValue) == normalised(item.alt_value)
            if !right {
                print("[aip-pdf] \(expected.icao) \(item.id) expected \(String(reflecting: item.value)) alt \(String(reflecting: item.alt_value))\n            got      \(String(reflecting: entry?.value)) alt \(String(reflecting: entry?.altValue))")
            }
            return !right
        }.map(\.id)
    }

    /// The chapters this suite reads are those of `expected.json`, which decodes, and they are exactly the PDFs of the
    /// folder: a chapter added without hand-checked values (or values without their PDF) is noticed here.
    @Test func everyChapterOfTheExpectedFileIsRead() throws {
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: SharedFixtures.url("aip-pdf").path)
            .filter { $0.hasSuffix(".pdf") }.map { String($0.dropLast(4)) }
        #expect(Set(pdfs) == Set(Self.chapters))
        #expect(try Self.expected().count == Self.chapters.count)
        #expect(Set(RealAIPChapters.knownIssues.keys).isSubset(of: Set(Self.chapters)), "a known issue names a chapter expected.json lacks")
    }

    @Test(arguments: chapters)
    func itemsMatchTheHandCheckedValues(_ icao: String) async throws {
        let expected = try #require(try Self.expected()[icao])
        let result = try await Self.read(icao)
        try await Self.checking(icao) {
            let page = try #require(result.page)
            #expect(page.icao == icao)
            #expect(page.family == .aipPDF && page.sourceTag == "aip_pdf")
            let wrong = Self.wrongItems(page, expected)
            print("[aip-pdf] \(icao): \(expected.items.count - wrong.count)/\(expected.items.count) items match; wrong: \(wrong)")
            // The score line of the chapter, as the issue measures it (items right / printed).
            print("[aip-pdf score] \(icao) \(expected.items.count - wrong.count)/\(expected.items.count)")
            #expect(wrong.isEmpty, "items of \(icao) read wrong: \(wrong)")
            // Labels too (sub-row labels joined by " / "), national ones in `alt_field` where a page prints them.
            let wrongLabels = expected.items.filter { item in
                let entry = Self.entry(page, item.id)
                let national = entry?.altField ?? entry?.field
                let right = entry?.field == item.label && national == (item.alt_label ?? item.label)
                if !right { print("[aip-pdf] \(icao) \(item.id) label expected \(String(reflecting: item.label)) alt \(String(reflecting: item.alt_label)), got \(String(reflecting: entry?.field)) alt \(String(reflecting: entry?.altField))") }
                return !right
            }.map(\.id)
            print("[aip-pdf] \(icao): \(expected.items.count - wrongLabels.count)/\(expected.items.count) labels match; wrong: \(wrongLabels)")
            #expect(wrongLabels.isEmpty, "labels of \(icao) read wrong: \(wrongLabels)")
            #expect(page.arpText?.contains(expected.arp.printed) == true, "ARP \(expected.arp.printed) in \(String(describing: page.arpText))")
            let elevation = page.entries.first { $0.section == 2 && $0.itemNumber == 3 }?.value
            #expect(elevation?.contains(expected.elevation_printed) == true, "elevation \(expected.elevation_printed) in \(String(describing: elevation))")
            #expect(Self.normalised(Self.entry(page, 302)?.value) == Self.normalised(expected.customs_302.text), "customs (AD 2.3 item 2)")
        }
    }

    /// Each chapter's word boxes scaled as a chapter set in smaller or larger type would be read item for item as
    /// at their own size: no threshold of the reader is in points.
    @Test(arguments: [0.3, 3.0])
    func everyChapterReadsAlikeAtAnotherSize(_ factor: Double) async throws {
        for icao in Self.chapters {
            let data = try SourceFile(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"), displayName: icao).bytes
            guard case .xhtml(let xhtml) = try await PDFTextExtractor().extract(data, file: icao) else {
                Issue.record("pdftotext did not read \(icao)")
                continue
            }
            let layer = PDFTextLayer(bboxXHTML: xhtml)
            let original = PDFLayoutScaleTests.reading(AIPPDFReader.read(layer, file: icao))
            #expect(PDFLayoutScaleTests.reading(AIPPDFReader.read(PDFLayoutScaleTests.scaled(layer, by: factor), file: icao)) == original,
                    "\(icao) at \(factor)")
        }
    }
}
