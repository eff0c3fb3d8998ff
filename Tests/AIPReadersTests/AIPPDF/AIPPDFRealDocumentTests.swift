@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// The eight real chapters of `../shared/fixtures/aip-pdf/`, every AD 2.2–2.5 item compared with the hand-checked
/// values of its `expected.json` (whitespace-normalised: each line trimmed, runs of spaces made one, blank lines
/// dropped; nothing else).
/// Whether poppler's pdftotext is installed (scripts/install-deps.sh installs it).
let popplerInstalled = ["/usr/bin/pdftotext", "/usr/local/bin/pdftotext"].contains { FileManager.default.isExecutableFile(atPath: $0) }

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
        var icao: String
        var items: [Item]
        var arp: ARP
        var elevation_printed: String
    }

    static let expected: [String: Expected] = {
        guard let data = try? Data(contentsOf: SharedFixtures.url("aip-pdf/expected.json")) else { return [:] }
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    static func normalised(_ text: String?) -> String? {
        text.map { $0.split(whereSeparator: \.isNewline)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }
            .filter { !$0.isEmpty }.joined(separator: "\n") }
    }

    static func read(_ icao: String) throws -> AIPPDFReader.Result {
        try AIPPDFReader.read(SourceFile(contentsOf: SharedFixtures.url("aip-pdf/\(icao).pdf"), displayName: "aip-pdf/\(icao).pdf"))
    }

    /// The ids of the expected items the page gets wrong (missing, or another value).
    static func wrongItems(_ page: AerodromeDocument, _ expected: Expected) -> [Int] {
        expected.items.filter { item in
            let entry = page.entries.first { $0.section * 100 + ($0.itemNumber ?? 0) == item.id }
            let right = entry != nil && normalised(entry?.value) == normalised(item.value) && normalised(entry?.altValue) == normalised(item.alt_value)
            if !right {
                print("[aip-pdf] \(expected.icao) \(item.id) expected \(String(reflecting: item.value)) alt \(String(reflecting: item.alt_value))\n            got      \(String(reflecting: entry?.value)) alt \(String(reflecting: entry?.altValue))")
            }
            return !right
        }.map(\.id)
    }

    @Test(arguments: ["EBOS", "EDSB", "EGKB", "ESMS", "LSGS", "LFAT", "LFQA", "LIMJ"])
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
            let entry = page.entries.first { $0.section * 100 + ($0.itemNumber ?? 0) == item.id }
            let national = entry?.altField ?? entry?.field
            return entry?.field != item.label || national != (item.alt_label ?? item.label)
        }.map(\.id)
        print("[aip-pdf] \(icao): \(expected.items.count - wrongLabels.count)/\(expected.items.count) labels match; wrong: \(wrongLabels)")
        #expect(wrongLabels.isEmpty, "labels of \(icao) read wrong: \(wrongLabels)")
        #expect(page.arpText?.contains(expected.arp.printed) == true, "ARP \(expected.arp.printed) in \(String(describing: page.arpText))")
        let elevation = page.entries.first { $0.section == 2 && $0.itemNumber == 3 }?.value
        #expect(elevation?.contains(expected.elevation_printed) == true, "elevation \(expected.elevation_printed) in \(String(describing: elevation))")
    }
}
