import AIPContract
import Foundation
import GRDB

/// The outline the page's map is drawn on: the newer bundle's FIR boundaries (the older one's when it has none),
/// as rings of (longitude, latitude), thinned to a point every ``spacingDeg`` so the page stays small.
public struct MapOutline: Sendable {
    /// The least distance between two kept points of a ring, in degrees (about 6 NM: finer than the map shows).
    static let spacingDeg = 0.1

    public var rings: [[(lonDeg: Double, latDeg: Double)]]

    /// Reads the FIR polygons (`[[[[lon, lat], …] ring, …] polygon, …]`) of the first schema that has any.
    static func read(_ db: Database, schemas: [String]) throws -> MapOutline {
        typealias FIRs = AirportsContract.FIRs
        for schema in schemas where try BundleComparison.tables(db, schema).contains(FIRs.table.name) {
            let texts = try String.fetchAll(db, sql: "SELECT \(FIRs.polygonsJSON.name) FROM \(schema).\(FIRs.table.name) ORDER BY \(FIRs.icao.name)")
            let rings = texts.flatMap(Self.rings)
            if !rings.isEmpty { return MapOutline(rings: rings) }
        }
        return MapOutline(rings: [])
    }

    private static func rings(_ polygonsJSON: String) -> [[(lonDeg: Double, latDeg: Double)]] {
        // A boundary that is not one is only a gap in the outline: the map is drawn without it.
        guard let polygons = try? JSONDecoder().decode([[[[Double]]]].self, from: Data(polygonsJSON.utf8)) else { return [] }
        return polygons.flatMap { $0 }.compactMap { ring in
            var kept: [(lonDeg: Double, latDeg: Double)] = []
            for point in ring where point.count >= 2 {
                if let last = kept.last, abs(last.lonDeg - point[0]) < spacingDeg, abs(last.latDeg - point[1]) < spacingDeg { continue }
                kept.append((point[0], point[1]))
            }
            return kept.count >= 3 ? kept : nil
        }
    }
}
