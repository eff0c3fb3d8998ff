import AIPCommands
import Foundation
import GRDB
import TestSupport
import Testing

/// eAIP pages and border crossing lists through the whole build: the committed fixtures, then the real pages and
/// border list with the 2026 OurAirports snapshot.
@Suite struct EAIPBuildTests {
    @Test func theFixtureTreeGivesEntriesProceduresAndBorderCrossings() async throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", SharedFixtures.fixtureSources.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(await exitCode(["check", out.path]) == 0)
        try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM aip_entries") == 28)
            #expect(try String.fetchAll(db, sql: "SELECT sources FROM airports WHERE icao_code IN ('EGLL', 'EGTF', 'LFPG', 'LMML') ORDER BY icao_code")
                    == ["border_crossing,uk_eaip_html,worldairports", "border_crossing,uk_eaip_html",
                        "border_crossing,france_eaip_html,worldairports", "border_crossing,worldairports"])
            let egtf = try #require(try Row.fetchOne(db, sql: "SELECT name, latitude_deg, elevation_ft, type FROM airports WHERE icao_code = 'EGTF'"))
            #expect(egtf["name"] == "FAIROAKS" && egtf["elevation_ft"] == 80.0)
            #expect(abs((egtf["latitude_deg"] as Double) - 51.3480556) < 1e-6)
            let procedures = try Row.fetchAll(db, sql: "SELECT airport_icao, procedure_type, approach_type, runway_ident FROM procedures ORDER BY id")
                .map { "\($0[0] as String) \($0[1] as String) \(($0[2] as String?) ?? "-") \(($0[3] as String?) ?? "-")" }
            #expect(procedures == [
                "EGLL approach ILS 09L", "EGLL approach RNP 27R", "EGLL approach SRA 09L", "EGLL departure - 27R", "EGLL arrival - -",
                "LFPG approach RNP 08L", "LFPG approach ILS 26R", "LFPG departure - -", "LFPG arrival - -",
            ])
            #expect(try String.fetchAll(db, sql: "SELECT icao_code || ' ' || country_iso || ' ' || match_score FROM border_crossing_points ORDER BY id")
                    == ["EBAW BE 1.0", "EBBR BE 1.0", "EBOS BE 1.0", "EGLL GB 1.0", "EGTF GB 1.0", "ELLX LU 1.0", "LFPG FR 1.0", "LMML MT 1.0"])
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        let stage = try #require((report?["stages"] as? [[String: Any]])?.first)
        let counts = try #require(stage["counts"] as? [String: [String: Int]])
        #expect(counts["border_crossing_points_by_country"] == ["BE": 3, "FR": 1, "GB": 2, "LU": 1, "MT": 1])
        #expect(counts["eaip_pages"] == ["france_eaip_html": 1, "uk_eaip_html": 2])
        let codes = (stage["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["border.unknown_airport"])
    }

    @Test func pagesThatAreNoAerodromePagesAreReportedAndTheBuildGoesOn() async throws {
        let folder = try TemporaryFolder()
        let sources = try folder.sourceTree(airports: SampleCSV.airports(), runways: SampleCSV.runways())
        try folder.write("", to: "sources/eaip/empty.html")
        try folder.write("<html><body><p>Moved.</p></body></html>", to: "sources/eaip/notice.html")
        try folder.write(Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 73) }), to: "sources/eaip/deep/binary.htm")
        try folder.write("<div id='EBOS-AD-2.3'><table><tr><td>2</td><td>Customs and immigration</td><td>H24", to: "sources/eaip/cut.html")
        try folder.write("\u{FEFF}Country,Name,Type,Comment,ICAO,Airfield Name\nAtlantis,Poseidon,Airport,,EBOS,\nBelgium,Oostende,Airport,,EBOS,\n",
                         to: "sources/border/list.csv")
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-11-26"])
        #expect(await exitCode(["check", out.path]) == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        let findings = try #require((report?["stages"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])
        let byFile = Dictionary(grouping: findings) { $0["file"] as? String ?? "" }.mapValues { $0.compactMap { $0["code"] as? String } }
        #expect(byFile["eaip/empty.html"] == ["eaip.empty_page"])
        #expect(byFile["eaip/notice.html"] == ["eaip.not_ad2_page"])
        #expect(byFile["eaip/deep/binary.htm"]?.count == 1)
        #expect(byFile["eaip/cut.html"]?.filter { $0 == "eaip.section_missing" }.count == 4, "AD 2.2, 2.4, 2.5 and 2.24")
        #expect(byFile["border/list.csv"] == ["border.unknown_country"])
        let (entries, points) = try await DatabaseQueue(path: out.appendingPathComponent("airports.db").path).read { db in
            (try String.fetchAll(db, sql: "SELECT airport_icao || ' ' || std_field_id || ' ' || value FROM aip_entries"),
             try String.fetchAll(db, sql: "SELECT icao_code FROM border_crossing_points"))
        }
        #expect(entries == ["EBOS 302 H24"])
        #expect(points == ["EBOS"])
    }

    static var realInputsAvailable: Bool { SharedFixtures.available && SharedFixtures.snapshot2026Available }

    /// `ourairports/` the 2026 snapshot, `eaip/` the two real pages, `border/` the real list, all linked.
    static func realSourceTree(in folder: TemporaryFolder) throws -> URL {
        let tree = try folder.sourceTree(linking: SharedFixtures.snapshot2026)
        let manager = FileManager.default
        for (dir, file) in [("eaip", "EG-AD-2.EGMC-en-GB.html"), ("eaip", "FR-AD-2.LFAQ-fr-FR.html"), ("border", "airfieldmap.csv")] {
            try manager.createDirectory(at: tree.appendingPathComponent(dir), withIntermediateDirectories: true)
            try manager.createSymbolicLink(at: tree.appendingPathComponent("\(dir)/\(file)"), withDestinationURL: SharedFixtures.url("\(dir)/\(file)"))
        }
        return tree
    }

    @Test(.enabled(if: realInputsAvailable, "needs ../shared/fixtures (eaip, border, reference) and data/ourairports-2026"))
    func realPagesMatchTheReferenceAndRZFlightsNeeds() async throws {
        let folder = try TemporaryFolder()
        let sources = try Self.realSourceTree(in: folder)
        let out = folder.url.appendingPathComponent("out")
        try await runCommand(["build", "--sources", sources.path, "--out", out.path, "--airac", "2026-10-29"])
        #expect(await exitCode(["check", out.path]) == 0)
        let built = try DatabaseQueue(path: out.appendingPathComponent("airports.db").path)
        let reference = try DatabaseQueue(path: SharedFixtures.url("reference/airports_small.db").path)
        let idsSQL = "SELECT airport_icao || ' ' || section || ' ' || group_concat(std_field_id) FROM (SELECT * FROM aip_entries WHERE std_field_id IS NOT NULL ORDER BY std_field_id) GROUP BY airport_icao, section"
        let ours = Set(try await built.read { try String.fetchAll($0, sql: idsSQL) })
        let theirs = try await reference.read { try String.fetchAll($0, sql: idsSQL) }
        let common = Set(try await built.read { try String.fetchAll($0, sql: "SELECT DISTINCT airport_icao FROM aip_entries") })
        let shared = theirs.filter { common.contains(String($0.prefix(4))) }
        #expect(!shared.isEmpty)
        #expect(shared.allSatisfy(ours.contains), "\(shared.filter { !ours.contains($0) })")
        try await built.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM aip_entries WHERE airport_icao = 'EGMC'") == 33)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM aip_entries WHERE airport_icao = 'LFAQ'") == 28)
            let egmc = try Row.fetchAll(db, sql: "SELECT procedure_type, approach_type, runway_ident FROM procedures WHERE airport_icao = 'EGMC' ORDER BY id")
            let approaches = egmc.filter { $0["procedure_type"] == "approach" }
            #expect(approaches.filter { $0["approach_type"] == "SRA" }.count == 2)
            #expect(approaches.filter { $0["approach_type"] == "ILS" }.map { $0["runway_ident"] as String } == ["05", "05", "23"])
            #expect(egmc.filter { $0["procedure_type"] == "arrival" }.count == 3, "the three RNAV5 STAR charts")
            #expect(!approaches.contains { ($0["approach_type"] as String?) == "RNAV" })
            let lfaq = try String.fetchAll(db, sql: "SELECT approach_type || ' ' || runway_ident FROM procedures WHERE airport_icao = 'LFAQ' AND procedure_type = 'approach' ORDER BY id")
            // Per runway typed approaches by name (RWY26 FNA RNP, RWY26 INA RNAV, RWY26 NDB).
            #expect(lfaq == ["RNP 08", "RNP 26", "RNAV 26", "NDB 26"])
            // Border crossings: every row read is written or reported; every written row names an airport.
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM border_crossing_points WHERE icao_code NOT IN (SELECT icao_code FROM airports)") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM border_crossing_points") == 607)
        }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json"))) as? [String: Any]
        let stage = try #require((report?["stages"] as? [[String: Any]])?.first)
        let counts = try #require(stage["counts"] as? [String: [String: Int]])
        #expect(counts["border_rows"] == ["read": 649, "written": 607, "not_used": 42])
        let borderFindings = (stage["findings"] as? [[String: Any]])?.filter { ($0["file"] as? String) == "border/airfieldmap.csv" && ($0["action"] as? String) == "row_rejected" }
        #expect(borderFindings?.count == 42)
        // Five codes the list still uses for renamed airports (LELO, now LERJ, and others) stand for the single
        // airport of their country with the row's name.
        let replaced = (stage["findings"] as? [[String: Any]])?.filter { ($0["code"] as? String) == "border.icao_replaced" }.compactMap { $0["value"] as? String }
        #expect(replaced == ["LECR", "LELO", "LHSG", "LOVT", "EPSW"])
        #expect(counts["border_crossing_points_by_country"]?["FR"] == 78)
    }

    @Test(.enabled(if: realInputsAvailable, "needs ../shared/fixtures (eaip, border) and data/ourairports-2026"))
    func aSecondBuildWithTheFirstAsPreviousKeepsEveryIdAndEveryByte() async throws {
        let folder = try TemporaryFolder()
        let sources = try Self.realSourceTree(in: folder)
        let first = folder.url.appendingPathComponent("first"), second = folder.url.appendingPathComponent("second")
        try await runCommand(["build", "--sources", sources.path, "--out", first.path, "--airac", "2026-10-29"])
        try await runCommand(["build", "--sources", sources.path, "--out", second.path, "--previous", first.path, "--airac", "2026-10-29"])
        let one = try Data(contentsOf: first.appendingPathComponent("airports.db"))
        let two = try Data(contentsOf: second.appendingPathComponent("airports.db"))
        #expect(one == two)
        let rows = try await DatabaseQueue(path: first.appendingPathComponent("airports.db").path).read { db in
            try ["aip_entries", "procedures", "border_crossing_points"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)")! }
        }
        #expect(rows == [61, 17, 607])
    }
}
