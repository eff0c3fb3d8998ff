import AIPReaders
import AIPStages
import Testing

/// Shapes made of whole degrees, so which side of a border a point is on is plain arithmetic.
enum Shapes {
    static func ring(_ corners: [(Double, Double)]) -> BoundaryRing {
        BoundaryRing(points: (corners + [corners[0]]).map { BoundaryPoint(lonDeg: $0.0, latDeg: $0.1) })
    }

    static func box(_ minLon: Double, _ minLat: Double, _ maxLon: Double, _ maxLat: Double) -> BoundaryRing {
        ring([(minLon, minLat), (maxLon, minLat), (maxLon, maxLat), (minLon, maxLat)])
    }
}

@Suite struct FIRShapeTests {
    /// A 10° square with a 2° square hole in its middle, and a second, separate square to the east.
    static let shape = FIRShape(id: "EGTT", polygons: [
        BoundaryPolygon(rings: [Shapes.box(0, 40, 10, 50), Shapes.box(4, 44, 6, 46)]),
        BoundaryPolygon(rings: [Shapes.box(20, 40, 22, 42)]),
    ])

    @Test func holesAreOutsideAndEveryPolygonCounts() {
        #expect(Self.shape.contains(lonDeg: 1, latDeg: 41))
        #expect(!Self.shape.contains(lonDeg: 5, latDeg: 45))
        #expect(Self.shape.contains(lonDeg: 3.9, latDeg: 45))
        #expect(Self.shape.contains(lonDeg: 21, latDeg: 41))
        #expect(!Self.shape.contains(lonDeg: 15, latDeg: 41))
        #expect(!Self.shape.contains(lonDeg: 21, latDeg: 43))
    }

    @Test func bordersAndCornersCountAsInside() {
        #expect(Self.shape.contains(lonDeg: 10, latDeg: 45))
        #expect(Self.shape.contains(lonDeg: 0, latDeg: 40))
        #expect(Self.shape.contains(lonDeg: 4, latDeg: 45))
        #expect(Self.shape.contains(lonDeg: 5, latDeg: 46))
        #expect(!Self.shape.contains(lonDeg: 10.000001, latDeg: 45))
    }

    @Test func theBoxCoversEveryRing() {
        #expect((Self.shape.minLonDeg, Self.shape.minLatDeg, Self.shape.maxLonDeg, Self.shape.maxLatDeg) == (0, 40, 22, 50))
    }

    @Test func aSlantedEdgeIsFollowedExactly() {
        // A triangle whose hypotenuse runs from (0, 0) to (10, 10): the diagonal is its border.
        let triangle = FIRShape(id: "LFFF", polygons: [BoundaryPolygon(rings: [Shapes.ring([(0, 0), (10, 0), (10, 10)])])])
        #expect(triangle.contains(lonDeg: 6, latDeg: 5.9))
        #expect(!triangle.contains(lonDeg: 5.9, latDeg: 6))
        #expect(triangle.contains(lonDeg: 2.5, latDeg: 2.5))
    }

    @Test func aPointOnASharedBorderIsInBothFIRsSorted() {
        let west = FIRShape(id: "LFFF", polygons: [BoundaryPolygon(rings: [Shapes.box(0, 45, 5, 50)])])
        let east = FIRShape(id: "EDGG", polygons: [BoundaryPolygon(rings: [Shapes.box(5, 45, 10, 50)])])
        let locator = FIRLocator([west, east])
        #expect(locator.firs(lonDeg: 5, latDeg: 47) == ["EDGG", "LFFF"])
        #expect(locator.firs(lonDeg: 4.99, latDeg: 47) == ["LFFF"])
        #expect(locator.firs(lonDeg: 7, latDeg: 47) == ["EDGG"])
        #expect(locator.firs(lonDeg: 7, latDeg: 51).isEmpty)
    }

    @Test func aBowTieCrossesItselfAndASquareDoesNot() {
        let bowTie = FIRShape(id: "EGTT", polygons: [BoundaryPolygon(rings: [Shapes.ring([(0, 0), (2, 2), (2, 0), (0, 2)])])])
        #expect(bowTie.selfCrossingRing()! == (0, 0))
        #expect(Self.shape.selfCrossingRing() == nil)
        // A corner repeated in a row is one corner, not a crossing.
        let repeated = FIRShape(id: "EGTT", polygons: [BoundaryPolygon(rings: [Shapes.ring([(0, 0), (2, 0), (2, 0), (2, 2), (0, 2)])])])
        #expect(repeated.selfCrossingRing() == nil)
        // A ring that comes back to touch one of its own corners.
        let pinched = FIRShape(id: "EGTT", polygons: [BoundaryPolygon(rings: [Shapes.ring([(0, 0), (4, 0), (2, 2), (4, 4), (0, 4), (2, 2)])])])
        #expect(pinched.selfCrossingRing() != nil)
    }
}
