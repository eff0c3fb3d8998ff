/// One row of the `waypoints` table, as the stage decided it (timestamps are the bundle layer's).
public struct WaypointRow: Sendable, Equatable {
    /// The ident, upper-case: RZFlight looks waypoints up by it.
    public var name: String
    public var latitudeDeg: Double
    public var longitudeDeg: Double
    /// `VOR`, `VORDME`, `VORTAC`, `DME`, `NDB`, `NDBDME` or `TACAN` (RZFlight's and euro_aip's spelling).
    public var pointType: String
    /// The FIRs holding the point, sorted, comma-separated (`EGTT`; `LFEE,LFFF` on a shared border).
    public var firCodes: String?
    public var levelAvailability: String?
    /// The source tag (`ourairports`).
    public var source: String
    /// The source's own key (OurAirports' navaid `id`), which keeps two stations sharing an ident apart and stays
    /// the same from cycle to cycle.
    public var sourceID: String

    public init(name: String, latitudeDeg: Double, longitudeDeg: Double, pointType: String, firCodes: String?,
                levelAvailability: String? = nil, source: String, sourceID: String) {
        self.name = name
        self.latitudeDeg = latitudeDeg
        self.longitudeDeg = longitudeDeg
        self.pointType = pointType
        self.firCodes = firCodes
        self.levelAvailability = levelAvailability
        self.source = source
        self.sourceID = sourceID
    }
}

/// One row of the `firs` table.
public struct FIRRow: Sendable, Equatable {
    public var icao: String
    /// From `VATSpy.dat`'s `[FIRs]` section; nil when no line names the boundary.
    public var name: String?
    /// The MultiPolygon's coordinates as JSON, numbers as the source printed them, polygons and rings in its order.
    public var polygonsJSON: String
    public var bboxMinLonDeg, bboxMinLatDeg, bboxMaxLonDeg, bboxMaxLatDeg: Double
    public var isOceanic: Bool?
    public var region: String?
    public var labelLonDeg: Double?
    public var labelLatDeg: Double?
    /// The source tag (`vatspy`).
    public var source: String

    public init(icao: String, name: String?, polygonsJSON: String, bboxMinLonDeg: Double, bboxMinLatDeg: Double, bboxMaxLonDeg: Double,
                bboxMaxLatDeg: Double, isOceanic: Bool?, region: String?, labelLonDeg: Double?, labelLatDeg: Double?, source: String) {
        self.icao = icao
        self.name = name
        self.polygonsJSON = polygonsJSON
        self.bboxMinLonDeg = bboxMinLonDeg
        self.bboxMinLatDeg = bboxMinLatDeg
        self.bboxMaxLonDeg = bboxMaxLonDeg
        self.bboxMaxLatDeg = bboxMaxLatDeg
        self.isOceanic = isOceanic
        self.region = region
        self.labelLonDeg = labelLonDeg
        self.labelLatDeg = labelLatDeg
        self.source = source
    }
}
