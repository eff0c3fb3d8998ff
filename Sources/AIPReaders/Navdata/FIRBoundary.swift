/// One feature of a VATSpy `Boundaries.geojson`: a FIR (or a sub-sector, id with a hyphen) and its MultiPolygon.
public struct FIRBoundary: Sendable, Equatable {
    /// The feature's `id` property (`EGTT`, `EDGG-N`).
    public var id: String
    /// The `oceanic` property (`"0"`/`"1"`); nil when absent or neither.
    public var isOceanic: Bool?
    /// The `region` property (`EMEA`).
    public var region: String?
    /// Where a map puts the FIR's name (`label_lon`, `label_lat`), in degrees.
    public var labelLonDeg: Double?
    public var labelLatDeg: Double?
    /// The geometry as a MultiPolygon (a `Polygon` geometry becomes one polygon), rings in file order, each closed.
    public var polygons: [BoundaryPolygon]
    /// 0-based index of the feature in `features`, for findings.
    public var feature: Int
}

/// One polygon: the outer ring first, then its holes, as the file lists them.
public struct BoundaryPolygon: Sendable, Equatable {
    public var rings: [BoundaryRing]

    public init(rings: [BoundaryRing]) {
        self.rings = rings
    }
}

/// A closed ring of positions (its last position repeats its first).
public struct BoundaryRing: Sendable, Equatable {
    public var points: [BoundaryPoint]

    public init(points: [BoundaryPoint]) {
        self.points = points
    }
}

/// A position in degrees, with the two numbers as the file prints them (`18.0` stays `18.0`), so the polygon can be
/// stored exactly as published.
public struct BoundaryPoint: Sendable, Equatable {
    public var lonDeg: Double
    public var latDeg: Double
    public var lonText: String
    public var latText: String

    public init(lonDeg: Double, latDeg: Double, lonText: String, latText: String) {
        self.lonDeg = lonDeg
        self.latDeg = latDeg
        self.lonText = lonText
        self.latText = latText
    }

    /// A point whose printed form is Swift's own (for tests and made-up shapes).
    public init(lonDeg: Double, latDeg: Double) {
        self.init(lonDeg: lonDeg, latDeg: latDeg, lonText: "\(lonDeg)", latText: "\(latDeg)")
    }
}

/// The features of one `Boundaries.geojson` that the caller asked for, with the findings about them.
public struct FIRBoundariesFile: Sendable {
    public var fileName: String
    /// In file order; each id once (a repeat is a finding, never a second boundary).
    public var boundaries: [FIRBoundary]
    public var findings: [Finding]
    /// Features in the file, all of them.
    public var featureCount: Int
    public var byteCount: Int
}
