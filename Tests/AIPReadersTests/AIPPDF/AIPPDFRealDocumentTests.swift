@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// Whether poppler's pdftotext is installed (scripts/install-deps.sh installs it).
let popplerInstalled = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].contains { FileManager.default.isExecutableFile(atPath: $0) }

/// The eleven real chapters of `../shared/fixtures/aip-pdf/`, every AD 2.2–2.5 item compared with the hand-checked
/// values of its `expected.json` (whitespace-normalised: each line trimmed, runs of spaces made one, blank lines
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

    static let expected: [String: Expected] = {
        guard let data = try? Data(contentsOf: SharedFixtures.url("aip-pdf/expected.json")) else { return [:] }
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    /// Every chapter of `expected.json` (the test below is run once per code).
    static let chapters = ["EBOS", "EDSB", "EGKB", "EKAH", "ESMS", "LEGE", "LFAT", "LFQA", "LIMJ", "LKKV", "LSGS"]

    static func normalised(_ text: String?) -> String? {
        text.map { $0.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: "\n") }
    }

    static func read(_ icao: String) throws -> AIPPDFReader.Result {
        try AIPPDFReader.read(SourceFile(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"), displayName: "aip-pdf/\(icao).pdf"))
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

    @Test(arguments: chapters)
    func itemsMatchTheHandCheckedValues(_ icao: String) throws {
        let expected = try #require(Self.expected[icao])
        let page = try #require(try Self.read(icao).page)
        #expect(page.icao == icao)
        #expect(page.family == .aipPDF && page.sourceTag == "aip_pdf")
        let wrong = Self.wrongItems(page, expected)
        print("[aip-pdf] \(icao): \(expected.items.count - wrong.count)/\(expected.items.count) items match; wrong: \(wrong)")
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

    /// The score over all chapters, one line per chapter (items right / printed), as the issue measures it: what a
    /// change to the reader gains or loses everywhere at once.
    @Test func scoreOverAllChapters() throws {
        #expect(Set(Self.expected.keys) == Set(Self.chapters), "expected.json holds other chapters than this test reads")
        var right = 0, printed = 0
        for icao in Self.chapters {
            let expected = try #require(Self.expected[icao])
            let wrong = Self.wrongItems(try Self.read(icao).page, expected).count
            print("[aip-pdf score] \(icao) \(expected.items.count - wrong)/\(expected.items.count)")
            right += expected.items.count - wrong
            printed += expected.items.count
        }
        print("[aip-pdf score] all \(right)/\(printed)")
        #expect(right * 100 >= printed * 98, "\(right) of \(printed) items right")
    }

    /// Each chapter's word boxes scaled as a chapter set in smaller or larger type would be read item for item as
    /// at their own size: no threshold of the reader is in points.
    @Test(arguments: [0.3, 3.0])
    func everyChapterReadsAlikeAtAnotherSize(_ factor: Double) throws {
        for icao in Self.chapters {
            let data = try SourceFile(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"), displayName: icao).bytes
            guard case .xhtml(let xhtml) = try PDFTextExtractor().extract(data, file: icao) else {
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
