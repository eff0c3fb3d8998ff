import Foundation
import TestSupport
import Testing

/// `report.json` and `manifest.json` of real builds follow `docs/schemas/`, and the schemas refuse what they must.
@Suite struct RecordSchemaTests {
    func record(_ name: String, in out: URL) throws -> Data {
        try Data(contentsOf: out.appendingPathComponent(name))
    }

    /// The JSON object of `data` changed by `edit`, written back.
    func edited(_ data: Data, _ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func theRecordsOfAFixtureBuildASignedOneAndAnOnlyBuildFollowTheirSchemas() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out"), keys = folder.url.appendingPathComponent("keys")
        let build = ["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"]
        try await runCommand(build)
        #expect(try schemaViolations(record("report.json", in: out), schema: "report.schema.json") == [])
        #expect(try schemaViolations(record("manifest.json", in: out), schema: "manifest.schema.json") == [])
        try await runCommand(["keygen", "--out", keys.path])
        try await runCommand(build + ["--only", "airports", "--bundle-version", "2612.1", "--signing-key", keys.appendingPathComponent("signing.key").path])
        let manifest = try record("manifest.json", in: out)
        #expect(try schemaViolations(record("report.json", in: out), schema: "report.schema.json") == [])
        #expect(try schemaViolations(manifest, schema: "manifest.schema.json") == [])
        // What the schema checked is there: the signature's key and the bundle this one follows.
        let object = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        #expect(object["signing"] != nil)
        #expect((object["build"] as? [String: Any])?["previous"] != nil)
    }

    @Test func theSchemasRefuseRecordsMissingTheirKeysOrWithKeysOfTheirOwn() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        let report = try record("report.json", in: out), manifest = try record("manifest.json", in: out)

        let withoutFormat = try schemaViolations(edited(report) { $0["format"] = nil }, schema: "report.schema.json")
        #expect(withoutFormat == [": 'format' is a required property"])
        let unknownKey = try schemaViolations(edited(report) { $0["timings"] = [:] as [String: Any] }, schema: "report.schema.json")
        #expect(unknownKey.count == 1 && unknownKey[0].contains("'timings' was unexpected"), "\(unknownKey)")
        let wrongTotals = try schemaViolations(edited(report) { report in
            var totals = report["totals"] as! [String: Any]
            totals["findings_by_action"] = ["row_dropped": 1]
            report["totals"] = totals
        }, schema: "report.schema.json")
        #expect(wrongTotals.count == 1 && wrongTotals[0].hasPrefix("totals/findings_by_action: 'row_dropped'"), "\(wrongTotals)")
        let twoLocations = try schemaViolations(edited(report) { report in
            var stages = report["stages"] as! [[String: Any]]
            stages[0]["findings"] = [["file": "a.csv", "code": "value.empty", "reason": "is empty", "action": "row_rejected", "line": 3, "page": 1]]
            report["stages"] = stages
        }, schema: "report.schema.json")
        #expect(twoLocations.count == 1 && twoLocations[0].hasPrefix("stages/0/findings/0: "), "\(twoLocations)")

        let withoutBuild = try schemaViolations(edited(manifest) { $0["build"] = nil }, schema: "manifest.schema.json")
        #expect(withoutBuild == [": 'build' is a required property"])
        let shortHash = try schemaViolations(edited(manifest) { manifest in
            var build = manifest["build"] as! [String: Any]
            build["settings_sha256"] = "e3b0c442"
            manifest["build"] = build
        }, schema: "manifest.schema.json")
        #expect(shortHash.count == 1 && shortHash[0].hasPrefix("build/settings_sha256: "), "\(shortHash)")
    }
}
