import AIPFindings
import AIPReaders
import Foundation
import TestSupport
import Testing

@Suite struct FIRBoundariesReaderTests {
    static func feature(_ id: String, _ coordinates: String, type: String = "MultiPolygon", oceanic: String = "0") -> String {
        #"{ "type": "Feature", "properties": { "id": "\#(id)", "oceanic": "\#(oceanic)", "label_lon": "1.5", "label_lat": "50.25", "region": "EMEA", "division": "VATEUD" }, "geometry": { "type": "\#(type)", "coordinates": \#(coordinates) } }"#
    }

    static func collection(_ features: [String]) -> String {
        #"{ "type": "FeatureCollection", "name": "VATSIM Map", "features": [ "# + features.joined(separator: ",\n") + " ] }\n"
    }

    static let square = "[ [ [ [ 0.0, 50.0 ], [ 2.5, 50.0 ], [ 2.5, 51.000001 ], [ 0.0, 51.000001 ], [ 0.0, 50.0 ] ] ] ]"

    static func read(_ text: String, include: (String) -> Bool = { _ in true }) throws -> FIRBoundariesFile {
        try FIRBoundariesReader.read(SourceFile(displayName: "firs/Boundaries.geojson", bytes: Data(text.utf8)), include: include)
    }

    @Test func readsPropertiesAndKeepsTheNumbersAsPrinted() throws {
        let file = try Self.read(Self.collection([Self.feature("EGTT", Self.square)]))
        #expect(file.findings.isEmpty)
        let boundary = try #require(file.boundaries.first)
        #expect(boundary.id == "EGTT" && boundary.isOceanic == false && boundary.region == "EMEA")
        #expect(boundary.labelLonDeg == 1.5 && boundary.labelLatDeg == 50.25)
        let ring = try #require(boundary.polygons.first?.rings.first)
        #expect(ring.points.map(\.lonText) == ["0.0", "2.5", "2.5", "0.0", "0.0"])
        #expect(ring.points.map(\.latText) == ["50.0", "50.0", "51.000001", "51.000001", "50.0"])
        #expect(ring.points[2].latDeg == 51.000001)
    }

    @Test func aPolygonGeometryBecomesOnePolygonWithItsHole() throws {
        let polygon = "[ [ [ 0, 0 ], [ 10, 0 ], [ 10, 10 ], [ 0, 10 ], [ 0, 0 ] ], [ [ 4, 4 ], [ 6, 4 ], [ 6, 6 ], [ 4, 4 ] ] ]"
        let file = try Self.read(Self.collection([Self.feature("LFFF", polygon, type: "Polygon")]))
        #expect(file.boundaries.first?.polygons.count == 1)
        #expect(file.boundaries.first?.polygons.first?.rings.map(\.points.count) == [5, 4])
    }

    @Test func aRepeatedIdIsAFindingAndTheFirstFeatureIsKept() throws {
        let other = "[ [ [ [ 5, 5 ], [ 6, 5 ], [ 6, 6 ], [ 5, 5 ] ] ] ]"
        let file = try Self.read(Self.collection([Self.feature("EGTT", Self.square), Self.feature("EGTT", other)]))
        #expect(file.boundaries.count == 1)
        #expect(file.boundaries.first?.feature == 0)
        #expect(file.findings.map(\.code) == [.rowDuplicateKey])
        #expect(file.findings.first?.location == .record("EGTT"))
    }

    @Test func aRingLeftOpenIsClosedWithAWarning() throws {
        let open = "[ [ [ [ 0.0, 50.0 ], [ 2.5, 50.0 ], [ 2.5, 51.0 ], [ 0.0, 51.0 ] ] ] ]"
        let file = try Self.read(Self.collection([Self.feature("EGTT", open)]))
        let ring = try #require(file.boundaries.first?.polygons.first?.rings.first)
        #expect(ring.points.count == 5)
        #expect(ring.points.last == ring.points.first)
        #expect(file.findings.map(\.code) == [.firRingNotClosed])
        #expect(file.findings.first?.action == .warning)
    }

    @Test func unusableGeometryRejectsTheFeatureOnly() throws {
        let file = try Self.read(Self.collection([
            Self.feature("EGTT", "[ [ [ [ 0, 0 ], [ 1, 0 ], [ 0, 0 ] ] ] ]"),
            Self.feature("EGPX", "[ [ [ [ 0, 0 ], [ \"1\", 0 ], [ 1, 1 ], [ 0, 0 ] ] ] ]"),
            Self.feature("EGGX", "[ [ 0, 0 ] ]", type: "Point"),
            Self.feature("EISN", Self.square),
        ]))
        #expect(file.boundaries.map(\.id) == ["EISN"])
        #expect(file.findings.map(\.code) == [.firMalformedGeometry, .firMalformedGeometry, .firMalformedGeometry])
        #expect(file.findings.allSatisfy { $0.action == .rowRejected })
    }

    @Test func onlyTheFeaturesIncludedAreDecoded() throws {
        let file = try Self.read(Self.collection([Self.feature("EGTT", Self.square), Self.feature("KZNY", "\"not even geometry\""),
                                                  Self.feature("KZNY", Self.square)]),
                                 include: { $0.hasPrefix("E") })
        #expect(file.boundaries.map(\.id) == ["EGTT"])
        #expect(file.findings.isEmpty)
        #expect(file.featureCount == 3)
    }

    @Test func aTruncatedDocumentStopsTheBuild() throws {
        let text = Self.collection([Self.feature("EGTT", Self.square), Self.feature("EGPX", Self.square)])
        let cut = String(text.prefix(text.count * 2 / 3))
        #expect { try Self.read(cut) } throws: { ($0 as? SourceError)?.kind == .truncated }
        #expect { try Self.read("{\"type\": \"Feature\"}") } throws: { ($0 as? SourceError)?.kind == .malformed }
        #expect { try Self.read("<html>") } throws: { ($0 as? SourceError)?.kind == .malformed }
    }

    @Test(.enabled(if: SharedFixtures.available, "needs ../shared/fixtures/navdata/Boundaries.geojson"))
    func theRealFileHasItsParentsInScope() throws {
        let file = try FIRBoundariesReader.read(SourceFile(contentsOf: SharedFixtures.url("navdata/Boundaries.geojson"), displayName: "firs/Boundaries.geojson"),
                                                include: { !$0.contains("-") })
        #expect(file.featureCount == 1_102)
        // 437 parent features (ids without a hyphen); six ids (CZQM, CZQX, KZNY, NZOH, SUEO, ZBAA) have two each.
        #expect(file.boundaries.count == 431)
        #expect(file.findings.filter { $0.code == .rowDuplicateKey }.map(\.location) == ["CZQM", "CZQX", "KZNY", "NZOH", "SUEO", "ZBAA"].map { .record($0) })
        let shanwick = try #require(file.boundaries.first { $0.id == "EGGX" })
        #expect(shanwick.polygons.count == 1)
        #expect(file.boundaries.contains { $0.id == "LPPO" } && file.boundaries.contains { $0.id == "BIRD" })
    }
}

@Suite struct FIRBoundariesReaderCutTests {
    /// A download cut anywhere stops the build: every proper prefix of a document is refused, never read as fewer
    /// boundaries (short of the final newline and closing brace, whose loss leaves the document ending early too).
    @Test func everyCutOfADocumentIsRefused() throws {
        let text = FIRBoundariesReaderTests.collection([FIRBoundariesReaderTests.feature("EGTT", FIRBoundariesReaderTests.square),
                                                        FIRBoundariesReaderTests.feature("EGPX", FIRBoundariesReaderTests.square)])
        let bytes = Array(text.utf8)
        #expect(try FIRBoundariesReaderTests.read(text).boundaries.count == 2)
        // The last byte is the newline after the closing brace: a document without it is whole.
        for length in 0..<(bytes.count - 1) {
            #expect(throws: SourceError.self, "cut at \(length)") {
                try FIRBoundariesReader.read(SourceFile(displayName: "firs/Boundaries.geojson", bytes: Data(bytes[0..<length])))
            }
        }
    }
}
