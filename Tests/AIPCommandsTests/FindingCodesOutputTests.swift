import AIPBundleKit
@testable import AIPCommands
import AIPFindings
import Foundation
import TestSupport
import Testing

/// Every code a real build writes to `report.json`, and every code `check --json` prints, is a catalogue code.
///
/// The types make this so (a finding's code is a ``FindingCode``); these builds make sure the JSON says so too, on
/// the committed fixture tree with the real eAIP pages, border list and PDF chapters of `../shared/fixtures` added,
/// and a few files no reader can use, so that many kinds of finding are written.
@Suite struct FindingCodesOutputTests {
    /// The committed fixture tree, with `eaip/`, `border/` and `aip-pdf/` also holding the real shared files and a
    /// page and a PDF that are not what their folder expects.
    static func tree(in folder: TemporaryFolder) throws -> URL {
        let tree = folder.url.appendingPathComponent("sources")
        let manager = FileManager.default
        for input in try manager.contentsOfDirectory(atPath: SharedFixtures.fixtureSources.path) where !["eaip", "border"].contains(input) {
            try manager.createDirectory(at: tree, withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: tree.appendingPathComponent(input),
                                           withDestinationURL: SharedFixtures.fixtureSources.appendingPathComponent(input))
        }
        func link(_ target: URL, as path: String) throws {
            let link = tree.appendingPathComponent(path)
            try manager.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: link, withDestinationURL: target)
        }
        for fixture in ["eaip/uk", "eaip/fr", "border/crossings.csv"] {
            try link(SharedFixtures.fixtureSources.appendingPathComponent(fixture), as: fixture)
        }
        for shared in ["eaip/EG-AD-2.EGMC-en-GB.html", "eaip/FR-AD-2.LFAQ-fr-FR.html", "border/airfieldmap.csv"] {
            try link(SharedFixtures.url(shared), as: shared)
        }
        for pdf in try manager.contentsOfDirectory(atPath: SharedFixtures.url("aip-pdf").path) where pdf.hasSuffix(".pdf") {
            try link(SharedFixtures.url("aip-pdf/\(pdf)"), as: "aip-pdf/\(pdf)")
        }
        try folder.write("<html><body><p>Moved.</p></body></html>", to: "sources/eaip/notice.html")
        try folder.write("<html><body>404 Not Found</body></html>", to: "sources/aip-pdf/saved-error-page.pdf")
        return tree
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures (eaip, border, aip-pdf)"))
    func everyCodeInARealReportIsACatalogueCode() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", try Self.tree(in: folder).path, "--out", out.path, "--airac", "2026-10-29"])
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        let findings = try #require(report?["stages"] as? [[String: Any]]).flatMap { $0["findings"] as? [[String: Any]] ?? [] }
        let codes = findings.map { $0["code"] as? String }
        #expect(codes.filter { $0.flatMap(FindingCode.init(rawValue:)) == nil } == [])
        // Many kinds, from readers and stages of both document kinds, or the check above proves little.
        let kinds = Set(codes.compactMap { $0 })
        #expect(kinds.count >= 8, "\(kinds.sorted())")
        #expect(kinds.isSuperset(of: ["eaip.not_ad2_page", "pdf.not_pdf", "border.unknown_airport"]), "\(kinds.sorted())")
    }

    @Test func everyCodeCheckPrintsIsACatalogueCode() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        // A rules.json that is not JSON, so no longer the file manifest.json lists.
        try FileManager.default.removeItem(at: out.appendingPathComponent("rules.json"))
        try folder.write("{", to: "out/rules.json")
        let run = await aipbundle(["check", "--json", out.path])
        #expect(run.code == 1)
        let json = run.stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let codes = try #require(object?["findings"] as? [[String: Any]]).map { $0["code"] as? String }
        #expect(codes.filter { $0.flatMap(FindingCode.init(rawValue:)) == nil } == [])
        #expect(Set(codes) == ["check.json_contract", "check.manifest_mismatch"], "\(json)")
    }
}
