@testable import AIPBundleKit
import AIPContract
import Foundation
import GRDB
import TestSupport
import Testing

/// The value rules every SQLite bundle file gets from its contract: text encoding and physical ranges.
@Suite struct ValueRulesTests {
    @Test func aNULOrInvalidUTF8InATextValueIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        #expect(try BundleChecker.check(url).isEmpty)
        // Stored as TEXT with the bytes given: SQLite validates nothing.
        try queue.write { db in
            try db.execute(sql: "UPDATE airports SET name = CAST(x'4f7374003030' AS TEXT) WHERE icao_code = 'EBOS'")
            try db.execute(sql: "UPDATE airports SET municipality = CAST(x'526f74ff64616d' AS TEXT) WHERE icao_code = 'EHRD'")
            try db.execute(sql: "UPDATE runways SET surface = CAST(x'c3' AS TEXT) WHERE id = 233628")
        }
        let findings = try BundleChecker.check(url)
        #expect(findings.map(\.description) == [
            "airports.db: airports.name: 1 value holds a NUL character",
            "airports.db: airports.municipality: 1 value is not valid UTF-8",
            "airports.db: runways.surface: 1 value is not valid UTF-8",
        ])
        #expect(Set(findings.map(\.code)) == [.checkTextEncoding])
    }

    @Test func aNumberOutsideItsPhysicalRangeIsAFinding() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE airports SET elevation_ft = -1e12 WHERE icao_code = 'EBOS'")
            try db.execute(sql: "UPDATE runways SET length_ft = -5, le_heading_degT = 7200 WHERE id = 233628")
        }
        let findings = try BundleChecker.check(url)
        #expect(findings.map(\.description) == [
            "airports.db: airports.elevation_ft: 1 value is outside -1500…30000 (-1000000000000)",
            "airports.db: runways.length_ft: 1 value is outside 0…40000 (-5)",
            "airports.db: runways.le_heading_degT: 1 value is outside 0…360 (7200)",
        ])
        #expect(Set(findings.map(\.code)) == [.checkOutOfRange])
    }

    /// The bounds themselves are in range (0° and 360° both mean north), and the rule reads every column that
    /// declares a range, not a list of its own.
    @Test func theBoundsAreInRangeAndEveryRangedColumnIsRead() throws {
        let folder = try TemporaryFolder()
        let (url, queue) = try sampleDatabase(in: folder)
        try queue.write { db in
            try db.execute(sql: "UPDATE runways SET le_heading_degT = 0, he_heading_degT = 360, width_ft = 0 WHERE id = 233628")
        }
        #expect(try BundleChecker.check(url).isEmpty)
        let ranged = AirportsContract.Runways.table.columns.filter { $0.range != nil }
        try queue.write { db in
            for column in ranged { try db.execute(sql: "UPDATE runways SET \(column.name) = 1e9 WHERE id = 233628") }
        }
        #expect(try BundleChecker.check(url).compactMap { $0.code == .checkOutOfRange ? $0.column : nil } == ranged.map(\.name))
    }
}
