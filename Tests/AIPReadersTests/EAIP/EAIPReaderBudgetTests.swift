@testable import AIPReaders
import Foundation
import TestSupport
import Testing

/// Crafted pages cost no more than a few times a normal page of the same size, or end in a finding: the reader is
/// linear in its input whichever libxml2 parser reads the page.
///
/// Each case builds a crafted page and a normal one of at least its size from the real EGMC page (extra rows in its
/// AD 2.3 table), both well-formed (the XML parser reads them) or both broken by one unclosed `<br>` (the HTML parser
/// does), and compares their reading times in pairs. The bound is relative, so a slow or busy machine slows both.
@Suite(.serialized, .enabled(if: SharedFixtures.available, "needs ../shared/fixtures/eaip (the real EGMC page to craft from)"))
struct EAIPReaderBudgetTests {
    /// How many times a normal page of its size a crafted page may cost.
    static let allowedRatio = 4.0

    static let egmc: String = {
        let data = (try? Data(contentsOf: SharedFixtures.url("eaip/EG-AD-2.EGMC-en-GB.html"))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }()

    /// The EGMC page with `rows` inserted at the top of its AD 2.3 table; `wellFormed: false` adds an unclosed `<br>`
    /// in the first inserted row, so the page needs the HTML parser.
    static func page(inserting rows: String, wellFormed: Bool) throws -> Data {
        let section = try #require(egmc.range(of: "<div id=\"EGMC-AD-2.3\">"))
        let tbody = try #require(egmc.range(of: "<tbody", range: section.upperBound..<egmc.endIndex))
        let open = try #require(egmc.range(of: ">", range: tbody.upperBound..<egmc.endIndex))
        let broken = wellFormed ? "" : "<tr><td>9</td><td>Broken<br></td><td>x</td></tr>"
        var text = egmc
        text.insert(contentsOf: broken + rows, at: open.upperBound)
        return Data(text.utf8)
    }

    /// A normal page at least `size` bytes: the real page with copies of an ordinary numbered item row.
    static func normalPage(size: Int, wellFormed: Bool) throws -> Data {
        let row = "<tr><td>7</td><td>Remarks</td><td>Operational hours as published, see also AD 2.20 local regulations.</td></tr>"
        let count = max(0, size - egmc.utf8.count) / row.utf8.count + 1
        return try page(inserting: String(repeating: row, count: count), wellFormed: wellFormed)
    }

    /// The time of one reading, in seconds, and its result.
    static func cost(_ data: Data) -> (seconds: Double, result: EAIPReader.Result) {
        let start = ContinuousClock.now
        let result = EAIPReader.read(SourceFile(displayName: "eaip/EGMC.html", bytes: data))
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, result)
    }

    /// Reads `crafted` and a normal page of its size with the same parser, three times each, one after the other;
    /// returns the crafted result and the smallest ratio of a crafted reading to the normal one just before it. Other
    /// tests run meanwhile: a pair shares their load, and a reader that is not linear exceeds the bound in every pair.
    static func compare(_ crafted: Data, wellFormed: Bool) throws -> (result: EAIPReader.Result, ratio: Double) {
        let normal = try normalPage(size: crafted.count, wellFormed: wellFormed)
        // Both pages are read by the same parser, so the comparison is like for like.
        #expect(HTMLDocument(bytes: normal)?.isXML == wellFormed)
        var ratio = Double.infinity
        var craftedResult: EAIPReader.Result?
        for _ in 0..<3 {
            let normalCost = cost(normal)
            #expect(normalCost.result.page != nil)
            let craftedCost = cost(crafted)
            craftedResult = craftedCost.result
            ratio = min(ratio, craftedCost.seconds / normalCost.seconds)
        }
        print("crafted \(crafted.count) B, normal \(normal.count) B: smallest ratio \(ratio)")
        return (craftedResult!, ratio)
    }

    @Test(arguments: [true, false])
    func aCellWithTensOfThousandsOfAttributesEndsInAFinding(wellFormed: Bool) throws {
        let attributes = (0..<30_000).map { " a\($0)=\"v\"" }.joined()
        let crafted = try Self.page(inserting: "<tr><td>8</td><td>Crafted</td><td\(attributes)>x</td></tr>", wellFormed: wellFormed)
        let (result, ratio) = try Self.compare(crafted, wellFormed: wellFormed)
        #expect(result.page == nil)
        #expect(result.findings.map(\.code) == [.eaipPageOverBudget])
        #expect(ratio < Self.allowedRatio)
    }

    @Test(arguments: [true, false])
    func valuelessAttributesCountToo(wellFormed: Bool) throws {
        // HTML lets an attribute go without a value, and the HTML parser compares each with all before it.
        let attributes = (0..<30_000).map { " a\($0)" }.joined()
        let crafted = try Self.page(inserting: "<tr><td>8</td><td>Crafted</td><td\(attributes)>x</td></tr>", wellFormed: wellFormed)
        let (result, ratio) = try Self.compare(crafted, wellFormed: wellFormed)
        #expect(result.findings.map(\.code) == [.eaipPageOverBudget])
        #expect(ratio < Self.allowedRatio)
    }

    @Test(arguments: [true, false])
    func tensOfThousandsOfContinuationRowsFoldInLinearTime(wellFormed: Bool) throws {
        // 100,000 rows: at this size copying the item's text once per row costs several times a normal page's reading.
        let rows = 100_000
        let crafted = try Self.page(inserting: "<tr><td>8</td><td>Crafted</td><td>first</td></tr>"
            + String(repeating: "<tr><td></td><td>Note</td><td>more</td></tr>", count: rows), wellFormed: wellFormed)
        let (result, ratio) = try Self.compare(crafted, wellFormed: wellFormed)
        let page = try #require(result.page)
        let folded = try #require(page.entries.first { $0.field == "Crafted" })
        #expect(folded.value.split(separator: "\n").count == rows + 1)
        #expect(ratio < Self.allowedRatio)
    }

    @Test func aLabelOfManyForeignSpansIsReadInLinearTime() throws {
        // A French SIA label keeps its English text in `span.foreign`; the national text skips each of them.
        let spans = String(repeating: "<span class=\"foreign\">w</span> ", count: 20_000)
        let crafted = try Self.page(inserting: "<tr><td>8</td><td>Crafted \(spans)</td><td>x</td></tr>", wellFormed: true)
        let (result, ratio) = try Self.compare(crafted, wellFormed: true)
        #expect(result.page != nil)
        #expect(ratio < Self.allowedRatio)
    }

    /// The scan's count, tag by tag: an attribute starts after white space or after a value's closing quote, a quote
    /// opens a value only after `=`, and `>` inside a value does not end the tag.
    @Test(arguments: [
        ("<td>", 0), ("<td class=\"a b c\">", 1), ("<td a b  c\td>", 16), ("<td a=1 b=22 c>", 9),
        ("<td a=\"x\"b='>' c >", 9), ("<td a = \"v w\" b>", 4), ("<td a=x\"y z\" b>", 9), ("<tdname-only>", 0),
        ("</td a b> <!-- c d --> <? e f ?>", 0), ("<td a=\"unclosed b c>", 1), ("text < td a b> <td a b", 4),
    ])
    func attributeWorkCountsEachStartTagsAttributes(_ markup: String, _ work: Int) {
        #expect(PageBudget.attributeWork(Data(markup.utf8)) == work, "\(markup)")
    }

    @Test(arguments: EAIPReaderParserTests.realPages)
    func realPagesAreWellWithinTheBudget(_ name: String) throws {
        let data = try Data(contentsOf: SharedFixtures.url("eaip/\(name)"))
        let work = PageBudget.attributeWork(data)
        // The real pages use a small share of the allowance, so a page several times denser still passes.
        #expect(work * 4 < PageBudget.allowedAttributeWork(byteCount: data.count))
    }
}
