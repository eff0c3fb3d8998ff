import AIPReaders

/// A FIR's MultiPolygon prepared for fast point tests: its bounding box, and per ring the edges sorted into
/// horizontal bands, so a point is compared only with the edges at its latitude.
///
/// The test is the crossing number (a ray to the east crosses the ring an odd number of times from inside), with
/// holes and several polygons handled: a point is inside a polygon when it is inside the outer ring and in none of
/// its holes, and inside the shape when it is inside any polygon. A point on a ring (within ``borderToleranceDeg``
/// of an edge) counts as inside, so a point on a border two FIRs share is in both.
public struct FIRShape: Sendable {
    /// Degrees within which a point counts as on an edge: about 0.1 mm, far below the precision of the data
    /// (VATSpy prints six decimals, 0.1 m), so only a point really on the line is taken for a border point.
    public static let borderToleranceDeg = 1e-9

    public let id: String
    public let minLonDeg, minLatDeg, maxLonDeg, maxLatDeg: Double
    let polygons: [[PreparedRing]]

    public init(id: String, polygons: [BoundaryPolygon]) {
        self.id = id
        self.polygons = polygons.map { $0.rings.map(PreparedRing.init) }
        // Every ring, holes included: a hole drawn past its outer ring must not reach outside the box.
        let rings = self.polygons.flatMap { $0 }
        minLonDeg = rings.map(\.minX).min() ?? 0
        minLatDeg = rings.map(\.minY).min() ?? 0
        maxLonDeg = rings.map(\.maxX).max() ?? 0
        maxLatDeg = rings.map(\.maxY).max() ?? 0
    }

    /// Whether the bounding box holds the point (borders included): the cheap test that rules out most shapes.
    @inline(__always)
    public func boxContains(lonDeg: Double, latDeg: Double) -> Bool {
        lonDeg >= minLonDeg && lonDeg <= maxLonDeg && latDeg >= minLatDeg && latDeg <= maxLatDeg
    }

    /// Whether the shape holds the point, its borders included.
    public func contains(lonDeg: Double, latDeg: Double) -> Bool {
        guard boxContains(lonDeg: lonDeg, latDeg: latDeg) else { return false }
        polygons: for rings in polygons {
            guard let outer = rings.first else { continue }
            switch outer.locate(x: lonDeg, y: latDeg) {
            case .outside: continue polygons
            case .border: return true
            case .inside: break
            }
            for hole in rings.dropFirst() {
                switch hole.locate(x: lonDeg, y: latDeg) {
                case .inside: continue polygons
                case .border: return true
                case .outside: break
                }
            }
            return true
        }
        return false
    }

    /// The first ring that crosses or touches itself, as (polygon, ring) indexes, nil when none does.
    public func selfCrossingRing() -> (polygon: Int, ring: Int)? {
        for (polygonIndex, rings) in polygons.enumerated() {
            for (ringIndex, ring) in rings.enumerated() where ring.crossesItself() {
                return (polygonIndex, ringIndex)
            }
        }
        return nil
    }
}

/// Where a point lies with respect to one ring.
enum RingPosition {
    case inside, outside, border
}

/// One closed ring: coordinates in two arrays, and for each horizontal band the edges whose latitudes reach into it.
struct PreparedRing: Sendable {
    let xs: [Double]
    let ys: [Double]
    let minX, minY, maxX, maxY: Double
    let bandHeight: Double
    /// `bandEdges[bandStarts[b]..<bandStarts[b + 1]]` are the edges (by first point) that band `b` meets.
    let bandStarts: [Int32]
    let bandEdges: [Int32]

    init(_ ring: BoundaryRing) {
        xs = ring.points.map(\.lonDeg)
        ys = ring.points.map(\.latDeg)
        (minX, maxX) = (xs.min() ?? 0, xs.max() ?? 0)
        (minY, maxY) = (ys.min() ?? 0, ys.max() ?? 0)
        let edges = max(xs.count - 1, 0)
        // About four edges a band: a point then meets a handful of edges instead of the whole ring.
        let bands = max(1, edges / 4)
        bandHeight = maxY > minY ? (maxY - minY) / Double(bands) : 1
        var lists = [[Int32]](repeating: [], count: bands)
        let tolerance = FIRShape.borderToleranceDeg
        for edge in 0..<edges {
            let low = min(ys[edge], ys[edge + 1]) - tolerance, high = max(ys[edge], ys[edge + 1]) + tolerance
            for band in Self.band(low, minY, bandHeight, bands)...Self.band(high, minY, bandHeight, bands) {
                lists[band].append(Int32(edge))
            }
        }
        var starts: [Int32] = [0]
        starts.reserveCapacity(bands + 1)
        for list in lists { starts.append(starts[starts.count - 1] + Int32(list.count)) }
        bandStarts = starts
        bandEdges = lists.flatMap { $0 }
    }

    private static func band(_ y: Double, _ minY: Double, _ height: Double, _ bands: Int) -> Int {
        min(max(Int((y - minY) / height), 0), bands - 1)
    }

    /// Crossing number over the edges of the point's band, each edge first checked for the point lying on it.
    func locate(x: Double, y: Double) -> RingPosition {
        let tolerance = FIRShape.borderToleranceDeg
        guard x >= minX - tolerance, x <= maxX + tolerance, y >= minY - tolerance, y <= maxY + tolerance else { return .outside }
        let band = Self.band(y, minY, bandHeight, bandStarts.count - 1)
        var inside = false
        for slot in Int(bandStarts[band])..<Int(bandStarts[band + 1]) {
            let edge = Int(bandEdges[slot])
            let (x1, y1, x2, y2) = (xs[edge], ys[edge], xs[edge + 1], ys[edge + 1])
            if Self.onSegment(x, y, x1, y1, x2, y2, tolerance) { return .border }
            // Half-open in y, so a ray through a vertex counts the two edges meeting there once.
            if (y1 > y) != (y2 > y), x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) { inside.toggle() }
        }
        return inside ? .inside : .outside
    }

    /// Whether (x, y) lies within `tolerance` of the segment.
    @inline(__always)
    static func onSegment(_ x: Double, _ y: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ tolerance: Double) -> Bool {
        guard x >= min(x1, x2) - tolerance, x <= max(x1, x2) + tolerance,
              y >= min(y1, y2) - tolerance, y <= max(y1, y2) + tolerance else { return false }
        let dx = x2 - x1, dy = y2 - y1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return true }
        return abs(dx * (y - y1) - dy * (x - x1)) <= tolerance * length
    }

    /// Whether two edges that are not neighbours in the ring meet (cross or touch). A position repeated in a row
    /// is one corner. Edges are swept in order of their western end, so each is compared only with those
    /// overlapping it in longitude.
    func crossesItself() -> Bool {
        var px: [Double] = [], py: [Double] = []
        for index in xs.indices where index == 0 || xs[index] != xs[index - 1] || ys[index] != ys[index - 1] {
            px.append(xs[index])
            py.append(ys[index])
        }
        let edgeCount = px.count - 1
        guard edgeCount > 3 else { return false }
        let order = (0..<edgeCount).sorted { min(px[$0], px[$0 + 1]) < min(px[$1], px[$1 + 1]) }
        for (position, a) in order.enumerated() {
            let aMaxX = max(px[a], px[a + 1])
            let aMinY = min(py[a], py[a + 1]), aMaxY = max(py[a], py[a + 1])
            for b in order[(position + 1)...] {
                if min(px[b], px[b + 1]) > aMaxX { break }
                if max(py[b], py[b + 1]) < aMinY || min(py[b], py[b + 1]) > aMaxY { continue }
                // Neighbours share a corner by construction; the closing edge's neighbour is the first edge.
                let gap = abs(a - b)
                if gap == 1 || gap == edgeCount - 1 { continue }
                if Self.segmentsMeet(px[a], py[a], px[a + 1], py[a + 1], px[b], py[b], px[b + 1], py[b + 1]) { return true }
            }
        }
        return false
    }

    private static func segmentsMeet(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                     _ q1x: Double, _ q1y: Double, _ q2x: Double, _ q2y: Double) -> Bool {
        func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double) -> Double {
            (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        }
        let o1 = orientation(p1x, p1y, p2x, p2y, q1x, q1y), o2 = orientation(p1x, p1y, p2x, p2y, q2x, q2y)
        let o3 = orientation(q1x, q1y, q2x, q2y, p1x, p1y), o4 = orientation(q1x, q1y, q2x, q2y, p2x, p2y)
        if (o1 > 0 && o2 < 0 || o1 < 0 && o2 > 0) && (o3 > 0 && o4 < 0 || o3 < 0 && o4 > 0) { return true }
        // Touching: an end of one lies on the other.
        return o1 == 0 && onSegment(q1x, q1y, p1x, p1y, p2x, p2y, 0) || o2 == 0 && onSegment(q2x, q2y, p1x, p1y, p2x, p2y, 0)
            || o3 == 0 && onSegment(p1x, p1y, q1x, q1y, q2x, q2y, 0) || o4 == 0 && onSegment(p2x, p2y, q1x, q1y, q2x, q2y, 0)
    }
}
