import AIPReaders
import Foundation
import TestSupport
import Testing

/// Pages that are not what they should be: each a finding, never a crash, a hang or a guessed value.
@Suite struct EAIPReaderHostileTests {
    static func read(_ text: String) -> EAIPReader.Result { read(Data(text.utf8)) }
    static func read(_ data: Data) -> EAIPReader.Result { EAIPReader.read(SourceFile(displayName: "eaip/x.html", bytes: data)) }

    @Test func anEmptyFileIsReported() {
        let result = Self.read("")
        #expect(result.page == nil)
        #expect(result.findings.map(\.code) == [.eaipEmptyPage])
    }

    @Test func anHTMLFileThatIsNoAD2PageIsReported() {
        let result = Self.read("<html><body><div id='main'><p>Hello</p></div></body></html>")
        #expect(result.page == nil)
        #expect(result.findings.map(\.code) == [.eaipNotAD2Page])
        #expect(result.findings.first?.location == .file)
    }

    @Test func aPageWithoutICAOCodeIsReported() {
        let result = Self.read("<html><body><div id='AD-2.2'><h4><span class='Numbering'>AD 2.2</span> DATA</h4></div></body></html>")
        #expect(result.page == nil)
        #expect(result.findings.map(\.code) == [.eaipNoICAO])
    }

    @Test func prefixesOfSectionIdsAreNotSections() {
        // Only AD 2.20 and 2.21 exist: a prefix match on AD-2.2 would read them as AD 2.2.
        let html = "<div id='EGXX-AD-2.20'><table><tr><td>1</td><td>Rule</td><td>Text</td></tr></table></div><div id='EGXX-AD-2.21'></div>"
        let result = Self.read(html)
        let page = try? #require(result.page)
        #expect(page?.entries.isEmpty == true)
        #expect(result.findings.filter { $0.code == .eaipSectionMissing }.count == 5)
    }

    @Test func aRowWithoutItemNumberIsKeptWithoutOneAndReported() throws {
        let html = "<div id='EGXX-AD-2.3'><table><tr><td>x</td><td>Customs</td><td>H24</td></tr><tr><td> </td><td>Note</td><td>more</td></tr></table></div>"
        let result = Self.read(html)
        let page = try #require(result.page)
        #expect(page.entries.count == 1)
        #expect(page.entries[0].itemNumber == nil)
        #expect(page.entries[0].value == "H24\nNote: more")
        #expect(result.findings.map(\.code).contains(.eaipItemNumberInvalid))
    }

    @Test func deeplyNestedMarkupDoesNotCrash() throws {
        // 100,000 nested spans inside an item value, then a normal item. libxml2 stops building the tree at its depth
        // limit (what follows is lost, as in a cut page); the reader's own walk is bounded too, so nothing overflows.
        let nested = String(repeating: "<span>", count: 100_000) + "deep" + String(repeating: "</span>", count: 100_000)
        let html = "<div id='EGXX-AD-2.3'><table><tr><td>1</td><td>Admin</td><td>\(nested)</td></tr><tr><td>2</td><td>Customs</td><td>H24</td></tr></table></div>"
        let result = Self.read(html)
        let page = try #require(result.page)
        #expect(page.icao == "EGXX")
        #expect(page.entries.allSatisfy { $0.section == 3 && $0.itemNumber == 1 })
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (real pages to mutate)"))
    func truncatedRealPagesKeepWhatTheyHaveAndReportTheRest() throws {
        let data = try Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"))
        let cut = data.prefix(data.count / 3)
        let result = Self.read(cut)
        let page = try #require(result.page)
        #expect(page.icao == "EGMC")
        #expect(page.entries.contains { $0.section == 2 && $0.itemNumber == 1 })
        #expect(result.findings.contains { $0.code == .eaipSectionMissing && $0.location == .record("AD 2.24") })
    }

    /// Mutations of the real pages: cut anywhere, random tags deleted, table rows shuffled, random bytes flipped. Every
    /// result must be a page of the right aerodrome with items of AD 2.2–2.5 only, or findings.
    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (real pages to mutate)"))
    func mutatedRealPagesNeverCrashOrLeakHiddenCodes() throws {
        var generator = SplitMix64(seed: 0xEA1F)
        for name in ["EG-AD-2.EGMC-en-GB.html", "FR-AD-2.LFAQ-fr-FR.html"] {
            let original = [UInt8](try Data(contentsOf: SharedFixtures.url("eaip/\(name)")))
            let icao = name.contains("EGMC") ? "EGMC" : "LFAQ"
            for round in 0..<40 {
                let mutated = Self.mutate(original, round: round, generator: &generator)
                let result = Self.read(Data(mutated))
                if let page = result.page {
                    #expect(page.icao == icao)
                    // Cutting and shuffling keep every tag whole, so the hidden spans must stay hidden (deleting a
                    // span's opening tag really turns its codes into text).
                    if round % 4 == 0 || round % 4 == 2 {
                        #expect(!page.entries.contains { $0.value.contains("TAD_HP;") || $0.value.contains("TCONTACT_INFO;") })
                    }
                    #expect(page.entries.allSatisfy { (2...5).contains($0.section) })
                } else {
                    #expect(!result.findings.isEmpty)
                }
            }
        }
    }

    static func mutate(_ bytes: [UInt8], round: Int, generator: inout SplitMix64) -> [UInt8] {
        var bytes = bytes
        switch round % 4 {
        case 0:  // truncate
            bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
        case 1:  // delete random tags
            for _ in 0..<200 {
                let start = Int(generator.next() % UInt64(bytes.count))
                guard let open = bytes[start...].firstIndex(of: UInt8(ascii: "<")),
                      let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { continue }
                bytes.removeSubrange(open...close)
            }
        case 2:  // shuffle table rows
            let text = String(decoding: bytes, as: UTF8.self)
            var parts = text.components(separatedBy: "<tr ")
            let head = parts.removeFirst()
            for index in parts.indices.reversed() where index > 0 {
                parts.swapAt(index, Int(generator.next() % UInt64(index + 1)))
            }
            bytes = Array((head + parts.map { "<tr " + $0 }.joined()).utf8)
        default:  // flip random bytes
            for _ in 0..<500 {
                bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
        }
        return bytes
    }
}
