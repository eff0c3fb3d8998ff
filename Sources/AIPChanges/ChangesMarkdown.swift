/// The summary for a CI job page (GitHub's job summary takes Markdown up to 1 MiB): the same sections as the page,
/// each cut to ``ChangesLimits/markdown`` lines with the count of the rest, texts to ``ChangesLimits/markdownText``
/// characters.
public enum ChangesMarkdown {
    public static func summary(_ changes: BundleChanges) -> String {
        let (from, to) = (changes.from, changes.to)
        var lines = ["# What changed: \(from.bundleVersion) → \(to.bundleVersion)", ""]
        lines += ["| | from | to |", "|---|---|---|",
                  "| bundle version | \(cell(from.bundleVersion)) | \(cell(to.bundleVersion)) |",
                  "| AIRAC cycle | \(from.airacCycle) (\(from.airacDate)) | \(to.airacCycle) (\(to.airacDate)) |",
                  "| sources lock | \(from.sourcesLockSHA256.map { "`\($0.prefix(12))`" } ?? "none") | \(to.sourcesLockSHA256.map { "`\($0.prefix(12))`" } ?? "none") |", ""]

        let changed = changes.tables.filter { [$0.added, $0.removed, $0.changed].contains { ($0 ?? 0) > 0 } || $0.rowsBefore != $0.rowsAfter }
        lines += ["## Rows per file and table", ""]
        if changed.isEmpty {
            lines.append("No table changed.")
        } else {
            lines += ["| file | table | before | after | added | removed | changed |", "|---|---|--:|--:|--:|--:|--:|"]
            lines += changed.map { "| \($0.file) | \($0.table) | \(number($0.rowsBefore)) | \(number($0.rowsAfter)) | \(number($0.added)) | \(number($0.removed)) | \(number($0.changed)) |" }
        }
        if changed.count < changes.tables.count { lines += ["", "\(changes.tables.count - changed.count) other tables unchanged."] }

        section("Aerodromes", changes.aerodromes, into: &lines) { change in
            let distance = change.distanceNM.map { " (\(StoredValue.text($0)) NM)" } ?? ""
            let kind = change.kind.rawValue.replacingOccurrences(of: "_", with: " ")
            let values = change.kind == .added || change.kind == .removed ? "" : " " + arrow(change.old, change.new)
            return "**\(change.icao)** \(text(change.name ?? "")): \(kind)\(values)\(distance)"
        }
        section("Runways", changes.runways, into: &lines) { change in
            "**\(change.icao)** \(text(change.runway)) \(change.field ?? change.kind.rawValue)\(change.field == nil ? "" : ": " + arrow(change.old, change.new))"
        }
        section("Customs and prior notice", changes.customs, into: &lines) { change in
            "**\(change.icao)** \(change.kind.rawValue): \(arrow(change.old?.text, change.new?.text))"
        }
        section("AIP entries", changes.aipEntries, into: &lines) { change in
            let item = [change.section, change.stdFieldID.map(String.init), change.field].compactMap { $0 }.joined(separator: " · ")
            return "**\(change.icao)** \(text(item)) (\(text(change.source ?? ""))) \(change.kind.rawValue): \(arrow(change.old, change.new))"
        }
        section("Procedures", changes.procedures, into: &lines) { "**\($0.icao)** \(text($0.name)) (\($0.procedureType)) \($0.kind.rawValue)" }
        section("Navaids moved", changes.navaids, into: &lines) { "**\(text($0.name))** \(arrow($0.old, $0.new)) (\(StoredValue.text($0.distanceNM)) NM)" }
        section("FIRs", changes.firs, into: &lines) { "**\(text($0.icao))** \(text($0.name ?? "")) \($0.kind.rawValue)" }
        section("Rules answers", changes.rules, into: &lines) { change in
            "**\(change.country)** \(text(change.question ?? change.questionID)) \(change.kind.rawValue): \(arrow(change.old, change.new))"
        }
        section("AIP coverage per state", changes.coverage, into: &lines) { state in
            "\(state.lostMoreThanATenth ? "**\(state.country)** lost more than a tenth" : state.country): aerodromes \(state.aerodromesBefore) → \(state.aerodromesAfter), items \(state.itemsBefore) → \(state.itemsAfter)"
        }
        lines += ["", "## Findings", "", "| | before | after |", "|---|--:|--:|"]
        lines += (changes.findings.bySeverity + changes.findings.topCodes).map { "| \(text($0.name)) | \($0.before) | \($0.after) |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A heading with the section's total, its first lines, and a line counting the rest.
    private static func section<Item>(_ title: String, _ section: ChangeSection<Item>, into lines: inout [String], _ line: (Item) -> String) {
        lines += ["", "## \(title) (\(section.total))", ""]
        guard section.total > 0 else {
            lines.append("None.")
            return
        }
        let shown = section.prefix(ChangesLimits.markdown)
        lines += shown.items.map { "- " + line($0) }
        if shown.omitted > 0 { lines.append("- … and \(shown.omitted) more (see the page or `--json`)") }
    }

    /// `old → new` with each value quoted as code; `—` for a missing one.
    private static func arrow(_ old: String?, _ new: String?) -> String {
        "\(old.map(code) ?? "—") → \(new.map(code) ?? "—")"
    }

    /// A code span shows its text as it is (no entity is decoded in it), so only a backtick needs a wider fence.
    private static func code(_ value: String) -> String {
        let flat = oneLine(value)
        return flat.contains("`") ? "`` \(flat) ``" : "`\(flat)`"
    }

    /// Text on one line, cut, with what Markdown or a table would read as markup made harmless.
    private static func text(_ value: String) -> String {
        HTMLText.escape(oneLine(value)).replacingOccurrences(of: "|", with: "\\|")
    }

    private static func oneLine(_ value: String) -> String {
        HTMLText.cut(value.split(whereSeparator: \.isNewline).joined(separator: " "), ChangesLimits.markdownText)
    }

    private static func cell(_ value: String) -> String { text(value) }
    private static func number(_ value: Int?) -> String { value.map(String.init) ?? "—" }
}
