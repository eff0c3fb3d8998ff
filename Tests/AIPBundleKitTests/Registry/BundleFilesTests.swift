import AIPBundleKit
import AIPContract
import Testing

@Suite struct BundleFilesTests {
    @Test func airportsDBIsRegisteredOnceWithItsSchemaAndOwner() throws {
        #expect(BundleFiles.all.map(\.name) == ["airports.db", "rules.json", "european_cities.db", "ga_notifications.db"])
        let file = try #require(BundleFiles.named("airports.db"))
        #expect(file.stage == "airports")
        guard case let .sqlite(schema, invariants) = file.kind else {
            Issue.record("airports.db is not registered as SQLite")
            return
        }
        #expect(schema.tables.map(\.name) == AirportsContract.schema.tables.map(\.name))
        #expect(invariants.contains { $0.name == "model_metadata stamp" })
    }

    @Test func lookupsByNameAndStage() {
        #expect(BundleFiles.named("nowhere.db") == nil)
        #expect(BundleFiles.owned(by: "airports").map(\.name) == ["airports.db"])
        #expect(BundleFiles.owned(by: "cities").map(\.name) == ["european_cities.db"])
        #expect(BundleFiles.owned(by: "rules").map(\.name) == ["rules.json"])
        #expect(BundleFiles.owned(by: "nowhere").isEmpty)
    }

    @Test func namesAreUnique() {
        #expect(Set(BundleFiles.all.map(\.name)).count == BundleFiles.all.count)
    }
}
