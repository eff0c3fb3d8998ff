import AIPReaders
import Foundation
import TestSupport
import Testing

/// What a page says wrongly is reported, never silently repaired: bytes that are not UTF-8, an effective date that
/// is no date.
@Suite struct EAIPReaderSilentLossTests {
    static func page(date: String = "2025-06-12", value: [UInt8] = Array("H24".utf8)) -> Data {
        let head = "<html><head><meta name=\"EM.effectiveDateStart\" content=\"\(date)\"/></head><body>\n"
            + "<div id='EGXX-AD-2.3'><table><tr><td>1</td><td>Customs</td><td>"
        return Data(Array(head.utf8) + value + Array("</td></tr></table></div>\n</body></html>".utf8))
    }

    static func read(_ data: Data) -> EAIPReader.Result {
        EAIPReader.read(SourceFile(displayName: "eaip/x.html", bytes: data))
    }

    @Test func invalidUTF8IsAFindingWithItsLineAndThePageIsKept() throws {
        // "H" then a lone continuation byte then "24": read as "H\u{FFFD}24", and said so.
        let data = Self.page(value: [0x48, 0x80, 0x32, 0x34])
        let result = Self.read(data)
        let page = try #require(result.page)
        #expect(page.entries.first?.value.hasPrefix("H") == true)
        let finding = try #require(result.findings.first { $0.code == .eaipInvalidUTF8 })
        #expect(finding.location == .line(2) && finding.action == .warning && finding.file == "eaip/x.html")
        let offset = try #require(data.firstIndex(of: 0x80))
        #expect(finding.reason.contains("the first at byte \(offset)"))
    }

    @Test func validUTF8GivesNoEncodingFinding() {
        let result = Self.read(Self.page(value: Array("Zoll – H24, Flughafen München".utf8)))
        #expect(result.page?.entries.first?.value == "Zoll – H24, Flughafen München")
        #expect(!result.findings.contains { $0.code == .eaipInvalidUTF8 })
    }

    @Test(arguments: ["9999-99-99", "2025-02-30", "2025-13-01", "25-06-2025", "next AIRAC"])
    func anEffectiveDateThatIsNoDateIsAFindingAndIgnored(date: String) throws {
        let result = Self.read(Self.page(date: date))
        let page = try #require(result.page)
        #expect(page.effectiveDate == nil)
        let finding = try #require(result.findings.first { $0.code == .eaipEffectiveDateInvalid })
        #expect(finding.value == date && finding.location == .record("EM.effectiveDateStart"))
    }

    @Test(arguments: ["2025-06-12", "2024-02-29", " 2026-11-26 "])
    func aCalendarDateIsKept(date: String) throws {
        let result = Self.read(Self.page(date: date))
        #expect(result.page?.effectiveDate == date.trimmingCharacters(in: .whitespaces))
        #expect(!result.findings.contains { $0.code == .eaipEffectiveDateInvalid })
    }
}

/// A real, well-formed page with one bad byte: the XML parser must refuse it, so the HTML parser reads it and the
/// encoding check runs (the check is skipped for pages the XML parser read).
@Suite(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (the real EGMC page)"))
struct EAIPReaderRealPageEncodingTests {
    @Test func aBadByteInARealPageIsAFinding() throws {
        var bytes = [UInt8](try Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html")))
        let at = try #require(String(decoding: bytes, as: UTF8.self).utf8.firstRange(of: "SOUTHEND".utf8)).lowerBound
        let offset = String(decoding: bytes, as: UTF8.self).utf8.distance(from: String(decoding: bytes, as: UTF8.self).utf8.startIndex, to: at)
        bytes[offset] = 0xFF
        let result = EAIPReader.read(SourceFile(displayName: "eaip/EGMC.html", bytes: Data(bytes)))
        #expect(result.page?.icao == "EGMC")
        #expect(result.findings.filter { $0.code == .eaipInvalidUTF8 }.count == 1)
        let clean = EAIPReader.read(try SourceFile(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"), displayName: "eaip/EGMC.html"))
        #expect(!clean.findings.contains { $0.code == .eaipInvalidUTF8 })
    }
}
