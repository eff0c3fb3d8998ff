@testable import AIPChanges
import Foundation
import Testing

/// The renderers on changes made in code: what they cut and count, what they escape, what the map draws.
@Suite struct ChangesRenderingTests {
    static let side = BundleChanges.Side(bundleVersion: "2611", airacCycle: "2611", airacDate: "2026-10-29", sourcesLockSHA256: nil)

    /// Changes with `runways` runway length changes (one per aerodrome `EA00`, `EA01`, …) and the given AIP entry.
    static func changes(runways: Int, entry: AIPEntryChange? = nil) -> BundleChanges {
        let runwayChanges = (0..<runways).map { index in
            RunwayChange(icao: String(format: "EA%02d", index % 100), runwayID: Int64(index), runway: "09/27", kind: .changed,
                         field: "length_ft", old: "3000", new: String(3_000 + index))
        }
        let points = Set(runwayChanges.map(\.icao)).sorted().enumerated().map { index, icao in
            MapPoint(icao: icao, name: "Aerodrome \(index)", latitudeDeg: 45 + Double(index) / 10, longitudeDeg: 5, kind: .runway, kinds: [.runway])
        }
        return BundleChanges(
            from: side, to: BundleChanges.Side(bundleVersion: "2612", airacCycle: "2612", airacDate: "2026-11-26", sourcesLockSHA256: nil),
            tables: [], aerodromes: ChangeSection([]), runways: ChangeSection(runwayChanges), aipEntries: ChangeSection(entry.map { [$0] } ?? []),
            customs: ChangeSection([]), procedures: ChangeSection([]), navaids: ChangeSection([]), firs: ChangeSection([]), rules: ChangeSection([]),
            coverage: ChangeSection([]), findings: FindingsSummary(bySeverity: [], topCodes: []), points: ChangeSection(points))
    }

    @Test("the page shows the first rows of a long section and counts the rest; the Markdown far fewer")
    func longSectionsAreCut() {
        let changes = Self.changes(runways: 1_000)
        let page = ChangesHTML.page(changes)
        #expect(page.components(separatedBy: "<td>length_ft</td>").count - 1 == ChangesLimits.page)
        #expect(page.contains("\(1_000 - ChangesLimits.page) more not shown"))
        #expect(page.contains(#"data-count="runways">1000<"#))
        let summary = ChangesMarkdown.summary(changes)
        #expect(summary.components(separatedBy: "length_ft: ").count - 1 == ChangesLimits.markdown)
        #expect(summary.contains("- … and \(1_000 - ChangesLimits.markdown) more"))
        #expect(summary.contains("## Runways (1000)"))
    }

    @Test("the JSON document keeps each section's total when its rows are cut")
    func jsonKeepsTotals() throws {
        let limited = Self.changes(runways: 50).limited(to: 10)
        #expect(limited.runways.total == 50 && limited.runways.items.count == 10 && limited.runways.omitted == 40)
    }

    @Test("text from a bundle is escaped: a page or summary cannot gain markup or a script from an AIP entry")
    func textIsEscaped() {
        let hostile = AIPEntryChange(icao: "EA00", section: "operational", field: "Customs", stdFieldID: 302, source: "x", kind: .changed,
                                     old: "H24", new: #"<script>alert(1)</script><img src="http://x">| x"#)
        let changes = Self.changes(runways: 1, entry: hostile)
        let page = ChangesHTML.page(changes)
        #expect(!page.contains("<script") && !page.contains("<img"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let summary = ChangesMarkdown.summary(changes)
        #expect(summary.contains("`<script>alert(1)</script><img src=\"http://x\">| x`"), "as code, shown as it is: \(summary)")
    }

    @Test("the changed words of an AIP text are marked, the rest kept")
    func differenceMarksWords() {
        let difference = TextDifference(old: "PPR 24 HR before ETA.\nCustoms H24", new: "PPR 48 HR before ETA.\nCustoms H24")
        #expect(difference.prefix == "PPR " && difference.removed == "24 " && difference.inserted == "48 ")
        #expect(difference.suffix == "HR before ETA.\nCustoms H24")
        let whole = TextDifference(old: "H24", new: "O/R 24 HR")
        #expect(whole.prefix.isEmpty && whole.removed == "H24" && whole.inserted == "O/R 24 HR" && whole.suffix.isEmpty)
        let same = TextDifference(old: "a b", new: "a b")
        #expect(same.removed.isEmpty && same.inserted.isEmpty && same.prefix + same.suffix == "a b")
    }

    @Test("the map draws one linked point per changed aerodrome inside its box, and the outline")
    func mapPoints() {
        let changes = Self.changes(runways: 12)
        let outline = MapOutline(rings: [[(0, 40), (10, 40), (10, 50), (0, 50)]])
        let svg = ChangesMap(points: changes.points.items, outline: outline).svg
        #expect(svg.components(separatedBy: "<circle").count - 1 == 12)
        for point in changes.points.items { #expect(svg.contains(##"<a href="#\##(point.icao)"><circle class="point k-runway""##)) }
        #expect(svg.contains(#"<path class="outline" d="M"#))
        #expect(!svg.contains("http"), "no reference out of the page")
    }
}
