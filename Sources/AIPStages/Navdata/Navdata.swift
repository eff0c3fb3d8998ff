import AIPFindings
import AIPJSON
import AIPReaders

/// Navigation data for `airports.db`: `firs` from VATSpy boundaries and names, `waypoints` from OurAirports navaids,
/// each waypoint with the FIRs holding it. A pure function of its inputs; rows come out sorted.
///
/// - **FIRs.** The boundaries given are the parents in scope (ids without a hyphen, with an airports prefix). VATSpy
///   also draws controller sectors over real FIRs as parents (`EGVV` Swanwick Military over `EGTT` and `EGPX`, the
///   `EGTL` London TMA, `EDXX` Langen FIS, `UKR` over the five Ukrainian FIRs…). They are told apart by VATSpy's own
///   `[Airports]` section: a boundary that VATSpy gives no airport to, yet inside which lie airports it gives to
///   other boundaries, is a sector (`fir.overlay_sector`, not written). An oceanic boundary, or one with no airport
///   inside (Shanwick), is a FIR. Without this, London would be in `EGTL,EGTT,EGVV`.
/// - **Waypoints.** A navaid is in scope when a FIR holds it; `fir_codes` lists them all, sorted (two on a shared
///   border). Rows are sorted by name, then by OurAirports id: RZFlight keys waypoints by name and keeps the last row
///   it reads, so of stations sharing an ident it keeps the one with the highest OurAirports id (the newest
///   entry). A delta appends new rows at the end of the table on a device, and OurAirports gives new stations
///   higher ids, so the device keeps the same one. The idents with more than one station are counted in
///   ``Result/counts`` (`waypoint_idents_shadowed`).
public enum Navdata {
    public static let waypointSource = "ourairports"
    public static let firSource = "vatspy"

    /// The navigation files of a source tree as read; each is optional.
    public struct Inputs: Sendable {
        public var navaids: OurAirportsNavaidsFile?
        /// Only the in-scope parents (``AirportsScope/includesFIR(_:)``).
        public var boundaries: FIRBoundariesFile?
        public var vatspy: VATSpyFile?

        public init(navaids: OurAirportsNavaidsFile? = nil, boundaries: FIRBoundariesFile? = nil, vatspy: VATSpyFile? = nil) {
            self.navaids = navaids
            self.boundaries = boundaries
            self.vatspy = vatspy
        }
    }

    public struct Result: Sendable {
        public var waypoints: [WaypointRow] = []
        public var firs: [FIRRow] = []
        /// The readers' findings and the stage's, for the rows kept; sorted.
        public var findings: [Finding] = []
        /// `waypoints_by_type`, `waypoints_by_fir`, `waypoint_idents_shadowed` (`idents`, `stations_hidden`).
        public var counts: [String: [String: Int]] = [:]
    }

    public static func build(_ inputs: Inputs) -> Result {
        var result = Result()
        var shapes: [FIRShape] = []
        if let boundaries = inputs.boundaries {
            result.findings += boundaries.findings + (inputs.vatspy?.findings ?? [])
            let (firs, sectorFindings) = firsOnly(boundaries, vatspy: inputs.vatspy)
            result.findings += sectorFindings
            for boundary in firs {
                let shape = FIRShape(id: boundary.id, polygons: boundary.polygons)
                if let crossing = shape.selfCrossingRing() {
                    result.findings.append(Finding(
                        file: boundaries.fileName, location: .record(boundary.id), code: .firSelfCrossing,
                        reason: "ring \(crossing.ring) of polygon \(crossing.polygon) crosses or touches itself; kept as published (points are placed by the even-odd rule)",
                        action: .warning))
                }
                let name = inputs.vatspy?.name(ofBoundary: boundary.id)
                if name == nil, let vatspy = inputs.vatspy {
                    result.findings.append(Finding(
                        file: vatspy.fileName, location: .record(boundary.id), code: .firUnnamed, column: "name",
                        reason: "no [FIRs] line names this boundary; the FIR's name is left NULL", action: .fieldCleared))
                }
                shapes.append(shape)
                result.firs.append(row(for: boundary, shape: shape, name: name))
            }
            result.firs.sort { $0.icao < $1.icao }
        }
        if let navaids = inputs.navaids {
            result.findings += navaids.findings
            placeWaypoints(navaids, locator: FIRLocator(shapes), into: &result)
        }
        result.findings.sort()
        return result
    }

    /// The boundaries that are FIRs, and a finding for each controller sector left out (see the type's comment).
    static func firsOnly(_ boundaries: FIRBoundariesFile, vatspy: VATSpyFile?) -> (firs: [FIRBoundary], findings: [Finding]) {
        guard let vatspy else { return (boundaries.boundaries, []) }
        let assigned = Set(vatspy.airports.map(\.fir))
        var firs: [FIRBoundary] = []
        var findings: [Finding] = []
        for boundary in boundaries.boundaries {
            guard boundary.isOceanic != true, !assigned.contains(boundary.id) else {
                firs.append(boundary)
                continue
            }
            let shape = FIRShape(id: boundary.id, polygons: boundary.polygons)
            var inside: [String: Int] = [:]
            for airport in vatspy.airports where shape.contains(lonDeg: airport.longitudeDeg, latDeg: airport.latitudeDeg) {
                inside[airport.fir, default: 0] += 1
            }
            guard !inside.isEmpty else {
                firs.append(boundary)
                continue
            }
            let others = inside.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            findings.append(Finding(
                file: boundaries.fileName, location: .record(boundary.id), code: .firOverlaySector,
                reason: "\(vatspy.fileName) puts no airport in it, but \(inside.values.reduce(0, +)) airports inside it in other boundaries (\(others)): a controller sector drawn over FIRs, not a FIR; not written",
                action: .rowRejected))
        }
        return (firs, findings)
    }

    static func row(for boundary: FIRBoundary, shape: FIRShape, name: String?) -> FIRRow {
        let coordinates = JSONValue.array(boundary.polygons.map { polygon in
            .array(polygon.rings.map { ring in .array(ring.points.map { .array([.number($0.lonText), .number($0.latText)]) }) })
        })
        return FIRRow(icao: boundary.id, name: name, polygonsJSON: String(decoding: JSONWriter.bytes(coordinates, layout: .inline), as: UTF8.self),
                      bboxMinLonDeg: shape.minLonDeg, bboxMinLatDeg: shape.minLatDeg, bboxMaxLonDeg: shape.maxLonDeg,
                      bboxMaxLatDeg: shape.maxLatDeg, isOceanic: boundary.isOceanic, region: boundary.region,
                      labelLonDeg: boundary.labelLonDeg, labelLatDeg: boundary.labelLatDeg, source: firSource)
    }

    /// The contract's `point_type` of an OurAirports station type.
    public static func pointType(_ type: NavaidType) -> String {
        switch type {
        case .vor: "VOR"
        case .vorDME: "VORDME"
        case .vortac: "VORTAC"
        case .dme: "DME"
        case .ndb: "NDB"
        case .ndbDME: "NDBDME"
        case .tacan: "TACAN"
        }
    }

    /// Keeps the navaids a FIR holds, the first row of each OurAirports id, and counts what RZFlight will hide.
    static func placeWaypoints(_ navaids: OurAirportsNavaidsFile, locator: FIRLocator, into result: inout Result) {
        var firstLines: [Int: Int] = [:]
        for navaid in navaids.navaids where firstLines[navaid.id] == nil { firstLines[navaid.id] = navaid.line }
        var placed: [(navaid: OurAirportsNavaid, firs: [String])] = []
        for navaid in navaids.navaids {
            let firs = locator.firs(lonDeg: navaid.longitudeDeg, latDeg: navaid.latitudeDeg)
            if !firs.isEmpty { placed.append((navaid, firs)) }
        }
        let (kept, repeats) = SourceKeys.keepingFirst(placed, key: \.navaid.id, line: \.navaid.line, file: navaids.fileName,
                                                      column: "id", firstLines: firstLines)
        result.findings += repeats
        var byType: [String: Int] = [:]
        var byFIR: [String: Int] = [:]
        var rows: [(row: WaypointRow, id: Int)] = []
        for (navaid, firs) in kept {
            result.findings += navaid.findings
            let row = WaypointRow(name: navaid.ident.uppercased(), latitudeDeg: navaid.latitudeDeg, longitudeDeg: navaid.longitudeDeg,
                                  pointType: pointType(navaid.type), firCodes: firs.joined(separator: ","), source: waypointSource,
                                  sourceID: String(navaid.id))
            byType[row.pointType, default: 0] += 1
            for fir in firs { byFIR[fir, default: 0] += 1 }
            rows.append((row, navaid.id))
        }
        rows.sort { ($0.row.name, $0.id) < ($1.row.name, $1.id) }
        result.waypoints = rows.map(\.row)
        var stations: [String: Int] = [:]
        for row in result.waypoints { stations[row.name, default: 0] += 1 }
        let shared = stations.values.filter { $0 > 1 }
        result.counts["waypoints_by_type"] = byType
        result.counts["waypoints_by_fir"] = byFIR
        result.counts["waypoint_idents_shadowed"] = ["idents": shared.count, "stations_hidden": shared.reduce(0) { $0 + $1 - 1 }]
    }
}
