import AIPBuild
import AIPBundleFolder
import AIPChanges
import Foundation
import GRDB
import TestSupport
import Testing

/// `changes`, and the page `build --previous` writes: two bundles one cycle apart, built from the fixture tree and from
/// a copy with 5 runway lengths changed, 2 runways removed, 1 added and one customs text changed.
@Suite struct ChangesCommandTests {
    /// The two bundles, and the edits between them.
    struct Pair {
        let folder: TemporaryFolder
        let old: URL
        let new: URL
        /// (ICAO, runway id, old length, new length) as the bundle stores them, in feet.
        var lengths: [(icao: String, id: Int64, old: Int, new: Int)] = []
        var removed: [(icao: String, id: Int64)] = []
        var added: (icao: String, id: Int64) = ("", 99_999_901)
        /// The aerodrome whose customs text changed, and the texts.
        static let customsICAO = "EGTF", oldCustoms = "24 HR PNR.", newCustoms = "H24."

        /// Every aerodrome that changed: one map point each.
        var changedAerodromes: Set<String> {
            Set(lengths.map(\.icao) + removed.map(\.icao) + [added.icao, Self.customsICAO])
        }
    }

    /// Builds the fixture tree (AIRAC 2611), then a copy edited as a real cycle might (AIRAC 2612) with it as
    /// `--previous`. The runways edited are the first of the first bundle with a length, in id order.
    static func pair() async throws -> Pair {
        let folder = try TemporaryFolder()
        var pair = Pair(folder: folder, old: folder.url.appendingPathComponent("old"), new: folder.url.appendingPathComponent("new"))
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", pair.old.path, "--airac", "2026-10-29"])
        let runways = try await DatabaseQueue(path: pair.old.appendingPathComponent("airports.db").path).read { db in
            try Row.fetchAll(db, sql: "SELECT id, airport_icao, length_ft FROM runways WHERE length_ft IS NOT NULL ORDER BY id LIMIT 8")
                .map { (id: $0[0] as Int64, icao: $0[1] as String, length: Int($0[2] as Double)) }
        }
        try #require(runways.count == 8)

        let tree = folder.url.appendingPathComponent("sources")
        try FileManager.default.copyItem(at: SharedFixtures.fixtureSources, to: tree)
        let csvURL = tree.appendingPathComponent("ourairports/runways.csv")
        var lines = try String(contentsOf: csvURL, encoding: .utf8).components(separatedBy: "\n")
        func index(of id: Int64) throws -> Int { try #require(lines.firstIndex { $0.hasPrefix("\(id),") }) }
        // Runway lines hold no quoted commas (RunwayEdits), so fields split on ",".
        for runway in runways.prefix(5) {
            let line = try index(of: runway.id)
            var fields = lines[line].components(separatedBy: ",")
            fields[3] = String(runway.length + 328)
            lines[line] = fields.joined(separator: ",")
            pair.lengths.append((runway.icao, runway.id, runway.length, runway.length + 328))
        }
        var copied = lines[try index(of: runways[7].id)].components(separatedBy: ",")
        copied[0] = String(pair.added.id)
        copied[8] = "\"36X\""
        lines.append(copied.joined(separator: ","))
        pair.added.icao = runways[7].icao
        for runway in runways[5...6] {
            lines.remove(at: try index(of: runway.id))
            pair.removed.append((runway.icao, runway.id))
        }
        try lines.joined(separator: "\n").write(to: csvURL, atomically: true, encoding: .utf8)
        let pageURL = tree.appendingPathComponent("eaip/uk/EG-AD-2.EGTF-en-GB.html")
        let page = try String(contentsOf: pageURL, encoding: .utf8)
        try #require(page.components(separatedBy: Pair.oldCustoms).count == 2, "the customs text is on the page once")
        try page.replacingOccurrences(of: Pair.oldCustoms, with: Pair.newCustoms).write(to: pageURL, atomically: true, encoding: .utf8)

        try await runCommand(["build", "--sources", tree.path, "--out", pair.new.path, "--previous", pair.old.path, "--airac", "2026-11-26"])
        return pair
    }

    /// Runs `changes` between the pair, writing the page and the summary into the pair's folder.
    static func changes(_ pair: Pair) async throws -> (json: [String: Any], stdout: String, page: String, summary: String) {
        let page = pair.folder.url.appendingPathComponent("changes.html"), summary = pair.folder.url.appendingPathComponent("changes.md")
        let run = try await runCommand(["changes", "--from", pair.old.path, "--to", pair.new.path, "--html", page.path, "--markdown", summary.path, "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        return (try #require(document["changes"] as? [String: Any]), run.stdout,
                try String(contentsOf: page, encoding: .utf8), try String(contentsOf: summary, encoding: .utf8))
    }

    static func items(_ changes: [String: Any], _ section: String) -> [[String: Any]] {
        (changes[section] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    static func total(_ changes: [String: Any], _ section: String) -> Int? {
        ((changes[section] as? [String: Any])?["total"] as? NSNumber)?.intValue
    }

    @Test("one cycle apart: the JSON, the Markdown and the page list exactly the edits, old → new; build --previous wrote the same")
    func exactlyTheEdits() async throws {
        let pair = try await Self.pair()
        let (changes, stdout, page, summary) = try await Self.changes(pair)
        #expect(try schemaViolations(Data(stdout.utf8), schema: "changes.schema.json") == [])

        let runways = Self.items(changes, "runways")
        let lengths = runways.filter { $0["kind"] as? String == "changed" }
        #expect(Self.total(changes, "runways") == 8)
        #expect(Set(lengths.map { "\($0["runway_id"]!) \($0["field"]!) \($0["old"]!) \($0["new"]!)" })
                == Set(pair.lengths.map { "\($0.id) length_ft \($0.old) \($0.new)" }))
        #expect(Set(runways.filter { $0["kind"] as? String == "removed" }.map { ($0["runway_id"] as? NSNumber)?.int64Value }) == Set(pair.removed.map(\.id)))
        #expect(runways.filter { $0["kind"] as? String == "added" }.map { ($0["runway_id"] as? NSNumber)?.int64Value } == [pair.added.id])

        let entries = Self.items(changes, "aip_entries")
        #expect(entries.count == 1 && Self.total(changes, "aip_entries") == 1)
        let customs = try #require(entries.first)
        #expect(customs["icao"] as? String == Pair.customsICAO && (customs["std_field_id"] as? NSNumber)?.intValue == 302)
        #expect((customs["old"] as? String)?.contains(Pair.oldCustoms) == true && (customs["new"] as? String)?.contains(Pair.newCustoms) == true)
        let reading = try #require(Self.items(changes, "customs").first)
        #expect(Self.total(changes, "customs") == 1 && reading["icao"] as? String == Pair.customsICAO)
        #expect(((reading["old"] as? [String: Any])?["hours_notice"] as? NSNumber)?.intValue == 24)
        #expect((reading["new"] as? [String: Any])?["notification_type"] as? String == "h24")
        for section in ["aerodromes", "procedures", "navaids", "firs", "rules"] {
            #expect(Self.total(changes, section) == 0, "\(section)")
        }
        #expect(Set(Self.items(changes, "points").compactMap { $0["icao"] as? String }) == pair.changedAerodromes)

        // The Markdown: the section counts, each length old → new on its runway's line, the customs text.
        #expect(summary.contains("## Runways (8)") && summary.contains("## AIP entries (1)"))
        let runwayLines = summary.components(separatedBy: "## Runways (8)")[1].components(separatedBy: "\n## ")[0]
            .split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(runwayLines.count == 8)
        for edit in pair.lengths {
            #expect(runwayLines.contains { $0.hasPrefix("- **\(edit.icao)**") && $0.hasSuffix("length_ft: `\(edit.old)` → `\(edit.new)`") }, "\(edit)")
        }
        #expect(summary.contains(Pair.oldCustoms) && summary.contains(Pair.newCustoms))

        // The page: the counts, each length old → new in one row, one map point per changed aerodrome.
        #expect(page.contains(#"data-count="runways">8<"#) && page.contains(#"data-count="aip">1<"#))
        for edit in pair.lengths {
            #expect(page.contains(#"<td>length_ft</td><td><span class="old">\#(edit.old)</span></td><td><span class="new">\#(edit.new)</span></td>"#))
        }
        #expect(page.components(separatedBy: #"<circle class="point"#).count - 1 == pair.changedAerodromes.count)
        for icao in pair.changedAerodromes {
            #expect(page.contains(##"<a href="#\##(icao)"><circle"##) && page.contains(#"<tr id="\#(icao)">"#), "\(icao)")
        }
        #expect(Self.externalReferences(page) == [])

        // build --previous wrote the same page and summary beside report.json, and no manifest lists them.
        #expect(try String(contentsOf: pair.new.appendingPathComponent(BundleBuilder.changesPageName), encoding: .utf8) == page)
        #expect(try String(contentsOf: pair.new.appendingPathComponent(BundleBuilder.changesSummaryName), encoding: .utf8) == summary)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: pair.new.appendingPathComponent("manifest.json"))) as? [String: Any])
        let files = try #require(manifest["files"] as? [String: Any])
        #expect(files[BundleBuilder.changesPageName] == nil && files[BundleBuilder.changesSummaryName] == nil && files["report.json"] == nil)
    }

    /// Every `src`, `href`, `url(` or `@import` of the page that is not a fragment of the page itself.
    static func externalReferences(_ page: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:src|href|xlink:href)\s*=\s*"([^"]*)"|url\(|@import"#, options: [.caseInsensitive])
        return pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).compactMap { match in
            guard match.range(at: 1).location != NSNotFound, let range = Range(match.range(at: 1), in: page) else { return "url( or @import" }
            return page[range].hasPrefix("#") ? nil : String(page[range])
        }
    }

    @Test("headless Chromium, network off: the counts, a runway's old and new length, one point per changed aerodrome; no request, no console message",
          .enabled(if: HeadlessChromium.available, "needs Debian's chromium (scripts/install-deps.sh installs it)"))
    func inABrowser() async throws {
        let pair = try await Self.pair()
        let page = pair.new.appendingPathComponent(BundleBuilder.changesPageName).resolvingSymlinksInPath()
        let screenshot = pair.folder.url.appendingPathComponent("changes.png")
        let load = try HeadlessChromium.load(page, screenshot: screenshot)
        #expect(load.consoleMessages == [])
        #expect(load.pageRequests == [])
        #expect(load.dom.contains(#"data-count="runways">8</span>"#))
        let edit = pair.lengths[0]
        #expect(load.dom.contains(#"<td>length_ft</td><td><span class="old">\#(edit.old)</span></td><td><span class="new">\#(edit.new)</span></td>"#))
        #expect(load.dom.components(separatedBy: #"<circle class="point"#).count - 1 == pair.changedAerodromes.count)
        #expect(try Data(contentsOf: screenshot).prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG")

        // The same checks catch a page that requests something and logs an error.
        let control = try pair.folder.write(#"<!DOCTYPE html><html><body><img src="http://example.com/x.png"><script>console.error("boom")</script></body></html>"#,
                                            to: "control.html")
        let caught = try HeadlessChromium.load(control)
        #expect(caught.pageRequests == ["http://example.com/x.png"])
        #expect(caught.consoleMessages.count == 1 && caught.consoleMessages[0].contains("boom"))
    }

    @Test("a bundle edited after its build is refused before anything is compared")
    func editedBundleIsRefused() async throws {
        let folder = try TemporaryFolder()
        let old = folder.url.appendingPathComponent("old"), new = folder.url.appendingPathComponent("new")
        for out in [old, new] {
            try await runCommand(["build", "--only", "airports", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        }
        try await DatabaseQueue(path: new.appendingPathComponent("airports.db").path).write { try $0.execute(sql: "UPDATE runways SET length_ft = 1") }
        let page = folder.url.appendingPathComponent("page.html")
        let run = await aipbundle(["changes", "--from", old.path, "--to", new.path, "--html", page.path])
        #expect(run.code == 1)
        #expect(run.errorMessage.contains("--to, the newer bundle") && run.errorMessage.contains("does not match its manifest.json"), "\(run.errorMessage)")
        #expect(!FileManager.default.fileExists(atPath: page.path))
    }

    @Test("an older bundle without the firs and waypoints tables is still compared: those kinds are empty, the others listed")
    func olderContract() async throws {
        let pair = try await Self.pair()
        let old = pair.folder.url.appendingPathComponent("old-contract")
        try FileManager.default.copyItem(at: try #require(BundleFolder.currentContents(of: pair.old)), to: old)
        try await DatabaseQueue(path: old.appendingPathComponent("airports.db").path).write { db in
            try db.execute(sql: "DROP TABLE firs; DROP TABLE waypoints_changes; DROP TABLE waypoints")
        }
        let changes = try BundleComparison.compare(from: old, to: try #require(BundleFolder.currentContents(of: pair.new)),
                                                   reportName: BundleBuilder.reportName)
        #expect(changes.firs.total == 0 && changes.navaids.total == 0)
        #expect(changes.runways.total == 8 && changes.aipEntries.total == 1)
    }

    @Test("two builds of the same inputs: nothing listed changed, and the result line says so")
    func sameBundle() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--only", "airports", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let run = try await runCommand(["changes", "--from", out.path, "--to", out.path])
        #expect(run.stdout == "2612 → 2612: 0 aerodrome changes, 0 runway changes, 0 AIP entry changes, 0 customs changes, 0 procedure changes, 0 rules answer changes\n")
    }
}
