import AIPBundleKit
import AIPManifest
import Foundation
import GRDB
import TestSupport
import Testing

@Suite struct ManifestTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum"), "needs /usr/bin/sha256sum"))
    func theEntryOfAnAirportsDatabaseHoldsIndependentlyComputedValues() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        let manifest = try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0.1.0",
                                         files: [(name: "airports.db", url: url, kind: .sqlite)], inputs: [])
        let entry = try #require(manifest.files["airports.db"])
        let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        #expect(entry.kind == .sqlite)
        #expect(entry.bytes == size)
        #expect(entry.sha256 == (try sha256sum(url)))
        #expect(entry.logicalSHA256 == (try SQLiteContentHash(fileAt: url).sha256))
        #expect(entry.schemaVersion == 1)
        let counts = try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'")
                .reduce(into: [String: Int]()) { $0[$1] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \($1.quotedDatabaseIdentifier)") }
        }
        #expect(entry.tables == counts)
        #expect(counts.count == 18)   // the 17 tables of the contract and sqlite_sequence
        #expect(counts["runways"] == 3)
    }

    /// The exact bytes: key order, indentation, unescaped `/`, omitted nil fields, final newline.
    @Test func theJSONHasTheSpecifiedForm() throws {
        let folder = try TemporaryFolder()
        let manifest = try Manifest.make(
            bundleVersion: "2026.12.1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0.1.0",
            files: [(name: "rules.json", url: try folder.write("{\"rules\":[]}\n", to: "rules.json"), kind: .json)],
            inputs: [try ManifestInput.hashing(fileAt: folder.write("x\n", to: "sources/rules/rules.csv"), relativePath: "rules/rules.csv"),
                     try ManifestInput.hashing(fileAt: folder.write("id,name\n1,a\n", to: "sources/ourairports/airports.csv"),
                                               relativePath: "ourairports/airports.csv")])
        let expected = """
            {
              "airac": {
                "cycle": "2612",
                "effective_date": "2026-11-26"
              },
              "builder": {
                "name": "aipbundle",
                "version": "0.1.0"
              },
              "bundle_version": "2026.12.1",
              "files": {
                "rules.json": {
                  "bytes": 13,
                  "kind": "json",
                  "logical_sha256": "5a5b52a3c1c7d9103184fb694520ce53371457515c948e10af19635d03c86f9e",
                  "sha256": "5a5b52a3c1c7d9103184fb694520ce53371457515c948e10af19635d03c86f9e"
                }
              },
              "format": 1,
              "inputs": [
                {
                  "bytes": 12,
                  "path": "ourairports/airports.csv",
                  "sha256": "b7773700b1468b27c88d7122034e23bc5af7703c70bc13fd545d8e08534dcf41"
                },
                {
                  "bytes": 2,
                  "path": "rules/rules.csv",
                  "sha256": "73cb3858a687a8494ca3323053016282f3dad39d42cf62ca4e79dda2aac7d9ac"
                }
              ]
            }

            """
        #expect(String(decoding: try manifest.jsonData(), as: UTF8.self) == expected)
    }

    @Test func theSameInputsGiveByteIdenticalJSON() throws {
        let folder = try TemporaryFolder()
        let first = try writeSampleBundle(in: folder).jsonData()
        let again = try TemporaryFolder()
        #expect(try writeSampleBundle(in: again).jsonData() == first)
    }

    @Test func aWrittenManifestReadsBackEqual() throws {
        let folder = try TemporaryFolder()
        var manifest = try writeSampleBundle(in: folder)
        #expect(try Manifest(contentsOf: folder.url.appendingPathComponent(Manifest.fileName)) == manifest)
        manifest.signing = Manifest.Signing(publicKeyFingerprint: "sha256:0123")
        #expect(try Manifest(jsonData: manifest.jsonData()) == manifest)
    }

    @Test func signingIsOmittedUntilSetAndThenWrittenInSnakeCase() throws {
        let folder = try TemporaryFolder()
        var manifest = try writeSampleBundle(in: folder)
        #expect(!String(decoding: try manifest.jsonData(), as: UTF8.self).contains("signing"))
        manifest.signing = Manifest.Signing(publicKeyFingerprint: "sha256:0123")
        #expect(String(decoding: try manifest.jsonData(), as: UTF8.self)
            .contains("\"signing\": {\n    \"public_key_fingerprint\": \"sha256:0123\"\n  }"))
    }

    @Test func anotherFormatIsRefusedAsSuch() throws {
        #expect { try Manifest(jsonData: Data(#"{"format": 2, "whatever": true}"#.utf8)) } throws: {
            "\($0)" == "manifest.json has format 2; this build reads format 1"
        }
    }

    @Test func aManifestWithoutAFieldIsRefusedNamingIt() throws {
        let folder = try TemporaryFolder()
        var text = String(decoding: try writeSampleBundle(in: folder).jsonData(), as: UTF8.self)
        text.replaceSubrange(try #require(text.range(of: "\"logical_sha256\"")), with: "\"logical\"")
        #expect { try Manifest(jsonData: Data(text.utf8)) } throws: {
            "\($0)" == "manifest.json is not a manifest: files.airports.db.logical_sha256 is missing"
        }
    }

    @Test func aNameWithAFolderOrListedTwiceIsRefused() throws {
        let folder = try TemporaryFolder()
        let rules = try folder.write("{}", to: "rules.json")
        #expect(throws: ManifestError.self) {
            try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0",
                              files: [(name: "../rules.json", url: rules, kind: .json)], inputs: [])
        }
        #expect(throws: ManifestError.self) {
            try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0",
                              files: [(name: "rules.json", url: rules, kind: .json), (name: "rules.json", url: rules, kind: .json)],
                              inputs: [])
        }
        let input = ManifestInput(path: "rules/rules.csv", bytes: 2, sha256: "00")
        #expect(throws: ManifestError.self) {
            try Manifest.make(bundleVersion: "1", airacCycle: "2612", airacDate: "2026-11-26", builderVersion: "0",
                              files: [], inputs: [input, input])
        }
    }

    @Test func aNonIntegerSchemaVersionIsRefused() throws {
        let folder = try TemporaryFolder()
        let url = try writeSampleDatabase(in: folder)
        try DatabaseQueue(path: url.path).write { try $0.execute(sql: "UPDATE model_metadata SET value = 'one' WHERE key = 'schema_version'") }
        #expect { try ManifestFile(fileAt: url, kind: .sqlite) } throws: {
            "\($0)" == #"airports.db: model_metadata.schema_version is "one", not an integer"#
        }
    }
}
