/// The page a person reviews before publishing a bundle: one self-contained HTML file (its style inline, its map
/// inline SVG, no script, no external URL), the most important changes first, each section cut to
/// ``ChangesLimits/page`` rows with the count of the rest.
public enum ChangesHTML {
    public static func page(_ changes: BundleChanges) -> String {
        var page = Page()
        let (from, to) = (changes.from, changes.to)
        page.add("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        page.add("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        page.add("<title>\(e("Changes \(from.bundleVersion) → \(to.bundleVersion)"))</title>\n<style>\(style)</style>\n</head>\n<body>\n")
        page.add("<h1>\(e("What changed: \(from.bundleVersion) → \(to.bundleVersion)"))</h1>\n")
        page.table(["", "from", "to"], [
            ["bundle version", from.bundleVersion, to.bundleVersion],
            ["AIRAC cycle", "\(from.airacCycle) (\(from.airacDate))", "\(to.airacCycle) (\(to.airacDate))"],
            ["sources lock (SHA-256)", from.sourcesLockSHA256 ?? "none", to.sourcesLockSHA256 ?? "none"],
        ].map { $0.map(e) })
        if changes.isEmpty { page.add("<p class=\"none\">Nothing listed below changed.</p>\n") }

        page.section("counts", "Rows per file and table", count: nil)
        page.table(["file", "table", "before", "after", "added", "removed", "changed"], changes.tables.map { count in
            [e(count.file), e(count.table), number(count.rowsBefore), number(count.rowsAfter), number(count.added), number(count.removed), number(count.changed)]
        })

        mapSection(changes, into: &page)

        page.section("aerodromes", "Aerodromes added, removed, renamed, moved, retyped", count: changes.aerodromes.total)
        page.rows(changes.aerodromes, ["ICAO", "name", "change", "old", "new"]) { change in
            let new = change.distanceNM.map { "\(e(change.new ?? "")) (\(StoredValue.text($0)) NM)" } ?? e(change.new ?? "—")
            return [icao(change.icao), e(change.name ?? ""), e(change.kind.rawValue.replacingOccurrences(of: "_", with: " ")),
                    "<span class=\"old\">\(e(change.old ?? "—"))</span>", "<span class=\"new\">\(new)</span>"]
        }

        page.section("runways", "Runways", count: changes.runways.total)
        page.rows(changes.runways, ["ICAO", "runway", "change", "old", "new"]) { change in
            [icao(change.icao), e(change.runway), e(change.field ?? change.kind.rawValue),
             "<span class=\"old\">\(e(change.old ?? "—"))</span>", "<span class=\"new\">\(e(change.new ?? "—"))</span>"]
        }

        page.section("customs", "Customs and prior-notice rules whose reading changed", count: changes.customs.total)
        page.rows(changes.customs, ["ICAO", "change", "old", "new"]) { change in
            [icao(change.icao), e(change.kind.rawValue),
             "<span class=\"old\">\(e(change.old?.text ?? "—"))</span>", "<span class=\"new\">\(e(change.new?.text ?? "—"))</span>"]
        }

        page.section("aip", "AIP entries", count: changes.aipEntries.total)
        page.rows(changes.aipEntries, ["ICAO", "item", "source", "text (removed, added)"]) { change in
            let item = [change.section, change.stdFieldID.map(String.init), change.field].compactMap { $0 }.joined(separator: " · ")
            return [icao(change.icao), e(item), e(change.source ?? ""), difference(change.old, change.new)]
        }

        page.section("procedures", "Procedures added and removed", count: changes.procedures.total)
        page.rows(changes.procedures, ["ICAO", "procedure", "type", "change"]) { change in
            [icao(change.icao), e(change.name), e(change.procedureType), e(change.kind.rawValue)]
        }

        page.section("navaids", "Navaids and waypoints moved", count: changes.navaids.total)
        page.rows(changes.navaids, ["name", "type", "old", "new", "NM"]) { move in
            [e(move.name), e(move.pointType ?? ""), e(move.old), e(move.new), StoredValue.text(move.distanceNM)]
        }

        page.section("firs", "FIRs", count: changes.firs.total)
        page.rows(changes.firs, ["FIR", "name", "change"]) { change in [e(change.icao), e(change.name ?? ""), e(change.kind.rawValue)] }

        page.section("rules", "Rules answers (rules.json)", count: changes.rules.total)
        page.rows(changes.rules, ["question", "country", "answer (removed, added)"]) { change in
            [e(change.question ?? change.questionID), e(change.country), difference(change.old, change.new)]
        }

        page.section("coverage", "AIP coverage per state (states that lost more than a tenth first)", count: changes.coverage.total)
        page.rows(changes.coverage, ["state", "aerodromes with AIP data", "AIP items"]) { state in
            [(state.lostMoreThanATenth ? "<strong class=\"lost\">\(e(state.country))</strong>" : e(state.country)),
             "\(state.aerodromesBefore) → \(state.aerodromesAfter)", "\(state.itemsBefore) → \(state.itemsAfter)"]
        }

        page.section("findings", "Findings of the builds", count: nil)
        page.table(["severity", "before", "after"], changes.findings.bySeverity.map { [e($0.name), String($0.before), String($0.after)] })
        page.table(["most frequent codes", "before", "after"], changes.findings.topCodes.map { [e($0.name), String($0.before), String($0.after)] })
        page.add("</body>\n</html>\n")
        return page.text
    }

    /// The map, its legend, and the index of the aerodromes it draws (the points' link targets).
    private static func mapSection(_ changes: BundleChanges, into page: inout Page) {
        let points = changes.points.prefix(ChangesLimits.mapPoints)
        page.section("map", "Aerodromes that changed", count: changes.points.total)
        page.add(ChangesMap(points: points.items, outline: changes.outline).svg + "\n<ul class=\"legend\">")
        for kind in MapPoint.Kind.allCases {
            page.add("<li><svg width=\"12\" height=\"12\" aria-hidden=\"true\"><circle class=\"k-\(kind.rawValue)\" cx=\"6\" cy=\"6\" r=\"5\"/></svg> \(e(kind.label))</li>")
        }
        page.add("</ul>\n")
        page.rows(points, ["ICAO", "name", "what changed"], limit: ChangesLimits.mapPoints, id: { $0.icao }) { point in
            [e(point.icao), e(point.name ?? ""), e(point.kinds.map(\.label).joined(separator: ", "))]
        }
    }

    /// Old and new text with the differing words marked: `<del>` what went, `<ins>` what came.
    private static func difference(_ old: String?, _ new: String?) -> String {
        let limit = ChangesLimits.pageText
        switch (old, new) {
        case let (old?, new?):
            let difference = TextDifference(old: HTMLText.cut(old, limit), new: HTMLText.cut(new, limit))
            return "<span class=\"text\">\(e(difference.prefix))<del>\(e(difference.removed))</del><ins>\(e(difference.inserted))</ins>\(e(difference.suffix))</span>"
        case let (old?, nil): return "<span class=\"text\"><del>\(e(HTMLText.cut(old, limit)))</del></span>"
        case let (nil, new?): return "<span class=\"text\"><ins>\(e(HTMLText.cut(new, limit)))</ins></span>"
        case (nil, nil): return ""
        }
    }

    private static func icao(_ code: String) -> String { "<a href=\"#\(e(code))\">\(e(code))</a>" }
    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "—" }
    private static func e(_ text: String) -> String { HTMLText.escape(text) }

    /// The page's text as it grows.
    private struct Page {
        var text = ""

        mutating func add(_ html: String) { text += html }

        /// A section's heading; `count` (the section's total) in a `data-count` element a test or a person can find.
        mutating func section(_ id: String, _ title: String, count: Int?) {
            add("<h2 id=\"section-\(id)\">\(HTMLText.escape(title))")
            if let count { add(" <span class=\"count\" data-count=\"\(id)\">\(count)</span>") }
            add("</h2>\n")
        }

        mutating func table(_ header: [String], _ rows: [[String]], ids: [String?] = []) {
            add("<table>\n<thead><tr>" + header.map { "<th>\(HTMLText.escape($0))</th>" }.joined() + "</tr></thead>\n<tbody>\n")
            for (index, row) in rows.enumerated() {
                let id = index < ids.count ? ids[index].map { " id=\"\(HTMLText.escape($0))\"" } ?? "" : ""
                add("<tr\(id)>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n")
            }
            add("</tbody>\n</table>\n")
        }

        /// The first `limit` rows of `section`, and a line counting the rest; a line saying none when it is empty.
        mutating func rows<Item>(_ section: ChangeSection<Item>, _ header: [String], limit: Int = ChangesLimits.page,
                                 id: ((Item) -> String)? = nil, _ cells: (Item) -> [String]) {
            guard section.total > 0 else {
                add("<p class=\"none\">None.</p>\n")
                return
            }
            let shown = section.prefix(limit)
            table(header, shown.items.map(cells), ids: id.map { id in shown.items.map(id) } ?? [])
            if shown.omitted > 0 {
                add("<p class=\"omitted\">\(shown.omitted) more not shown (<code>aipbundle changes --json</code> lists up to \(ChangesLimits.json)).</p>\n")
            }
        }
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:1.5em auto;max-width:1100px;padding:0 1em;color:#1d232a}\
        h2{margin-top:1.6em;border-bottom:1px solid #ccd;padding-bottom:.2em}.count{color:#556;font-weight:normal}\
        table{border-collapse:collapse;margin:.5em 0;width:100%}th,td{border:1px solid #dde;padding:.2em .4em;text-align:left;vertical-align:top}\
        th{background:#f1f3f6}tr:target{background:#fff3c4}.old{color:#8a1c1c}.new{color:#16611f}\
        del{background:#fde2e2;color:#8a1c1c}ins{background:#ddf4de;color:#16611f;text-decoration:none}.text{white-space:pre-wrap}\
        .none,.omitted{color:#556;font-style:italic}.lost{color:#8a1c1c}\
        .map{width:100%;height:auto;max-height:90vh;border:1px solid #ccd}.sea{fill:#eef4fa}.outline{fill:#fbfbf8;stroke:#9aa7b5;stroke-width:.8}\
        .point{stroke:#fff;stroke-width:1}.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1em}\
        .k-removed{fill:#c62828}.k-added{fill:#2e7d32}.k-runway{fill:#ef6c00}.k-customs{fill:#6a1b9a}.k-aip{fill:#1565c0}\
        .k-procedure{fill:#00838f}.k-aerodrome{fill:#6d4c41}
        """
}
