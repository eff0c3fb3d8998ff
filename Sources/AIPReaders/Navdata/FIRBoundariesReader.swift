import AIPFindings
import AIPJSON
import Foundation

/// Reads a VATSpy `Boundaries.geojson`: a GeoJSON FeatureCollection whose features carry a FIR `id`, `oceanic`,
/// `label_lon`/`label_lat` and `region`, and a MultiPolygon (or Polygon) in lon/lat degrees.
///
/// The document goes through the strict JSON parser (`JSONValue.parse`, linear in the bytes). Only features whose id
/// `include` accepts are decoded further, so the rest of the world costs its parse only.
///
/// Findings (the build goes on):
/// - `row.duplicate_key`: a second feature with an id already read; the first is kept, never two boundaries;
/// - `fir.ring_not_closed` (warning): a ring whose last position differs from its first; it is closed by repeating
///   the first, as GeoJSON requires;
/// - `fir.missing_id` (rejected): a feature without an `id` property;
/// - `fir.malformed_geometry` (rejected): no MultiPolygon or Polygon geometry, a position that is not two
///   numbers in range, a ring of fewer than three distinct positions.
public enum FIRBoundariesReader {
    /// - Throws: ``SourceError``: `.truncated` for a document that ends early (a cut download must never publish a
    ///   partial map), `.malformed` for one that is not JSON or not a FeatureCollection.
    public static func read(_ file: SourceFile, include: (String) -> Bool = { _ in true }) throws(SourceError) -> FIRBoundariesFile {
        let document: JSONValue
        do {
            document = try JSONValue.parse([UInt8](file.bytes))
        } catch {
            let truncated = error.reason.hasPrefix("the document ends")
            throw SourceError(file: file.displayName, kind: truncated ? .truncated : .malformed, reason: truncated
                ? "ends before the GeoJSON document does (\(error)): the file was cut; download it again"
                : "is not JSON (\(error)); expected a GeoJSON FeatureCollection")
        }
        guard case .object(let members) = document, member("type", of: members) == .string("FeatureCollection"),
              case .array(let features)? = member("features", of: members) else {
            throw SourceError(file: file.displayName, kind: .malformed,
                              reason: "is not a GeoJSON FeatureCollection (an object with \"type\": \"FeatureCollection\" and a \"features\" list)")
        }
        var reader = FeatureReader(file: file.displayName)
        var firstFeature: [String: Int] = [:]
        var boundaries: [FIRBoundary] = []
        for (index, feature) in features.enumerated() {
            guard let id = reader.id(of: feature, index: index) else { continue }
            guard include(id) else { continue }
            if let first = firstFeature[id] {
                reader.findings.append(Finding(
                    file: file.displayName, location: .record(id), code: .rowDuplicateKey, column: "id", value: id,
                    reason: "repeats the id of feature \(first); the first is kept", action: .rowRejected))
                continue
            }
            firstFeature[id] = index
            if let boundary = reader.boundary(feature, id: id, index: index) { boundaries.append(boundary) }
        }
        return FIRBoundariesFile(fileName: file.displayName, boundaries: boundaries, findings: reader.findings.sorted(),
                                 featureCount: features.count, byteCount: file.bytes.count)
    }

    static func member(_ key: String, of members: [(key: String, value: JSONValue)]) -> JSONValue? {
        members.first { $0.key == key }?.value
    }
}

/// Decodes features one by one, collecting findings.
private struct FeatureReader {
    let file: String
    var findings: [Finding] = []

    init(file: String) {
        self.file = file
    }

    /// The feature's `properties.id`, or nil with a finding.
    mutating func id(of feature: JSONValue, index: Int) -> String? {
        if case .object(let members) = feature, case .object(let properties)? = FIRBoundariesReader.member("properties", of: members),
           case .string(let id)? = FIRBoundariesReader.member("id", of: properties), !id.isEmpty {
            return id
        }
        reject("features[\(index)]", "has no \"properties\".\"id\" text", code: .firMissingID)
        return nil
    }

    mutating func boundary(_ feature: JSONValue, id: String, index: Int) -> FIRBoundary? {
        guard case .object(let members) = feature, case .object(let properties)? = FIRBoundariesReader.member("properties", of: members),
              case .object(let geometry)? = FIRBoundariesReader.member("geometry", of: members),
              let coordinates = FIRBoundariesReader.member("coordinates", of: geometry) else {
            reject(id, "has no geometry with coordinates")
            return nil
        }
        let polygons: [JSONValue]
        switch (FIRBoundariesReader.member("type", of: geometry), coordinates) {
        case (.string("MultiPolygon")?, .array(let list)): polygons = list
        case (.string("Polygon")?, .array): polygons = [coordinates]
        default:
            reject(id, "has a geometry that is neither a MultiPolygon nor a Polygon")
            return nil
        }
        var decoded: [BoundaryPolygon] = []
        for (polygonIndex, polygon) in polygons.enumerated() {
            guard case .array(let rings) = polygon, !rings.isEmpty else {
                reject(id, "polygon \(polygonIndex) is not a list of rings")
                return nil
            }
            var decodedRings: [BoundaryRing] = []
            for (ringIndex, ring) in rings.enumerated() {
                guard let decodedRing = self.ring(ring, id: id, name: "ring \(ringIndex) of polygon \(polygonIndex)") else { return nil }
                decodedRings.append(decodedRing)
            }
            decoded.append(BoundaryPolygon(rings: decodedRings))
        }
        guard !decoded.isEmpty else {
            reject(id, "has no polygon")
            return nil
        }
        let oceanic: Bool? = switch text(FIRBoundariesReader.member("oceanic", of: properties)) {
        case "1": true
        case "0": false
        default: nil
        }
        return FIRBoundary(id: id, isOceanic: oceanic, region: text(FIRBoundariesReader.member("region", of: properties)),
                           labelLonDeg: degrees(FIRBoundariesReader.member("label_lon", of: properties), in: -180...180),
                           labelLatDeg: degrees(FIRBoundariesReader.member("label_lat", of: properties), in: -90...90),
                           polygons: decoded, feature: index)
    }

    /// A ring of at least three distinct positions, closed (with a finding when the file left it open).
    private mutating func ring(_ value: JSONValue, id: String, name: String) -> BoundaryRing? {
        guard case .array(let positions) = value else {
            reject(id, "\(name) is not a list of positions")
            return nil
        }
        var points: [BoundaryPoint] = []
        points.reserveCapacity(positions.count + 1)
        for position in positions {
            guard case .array(let pair) = position, pair.count >= 2, case .number(let lonText) = pair[0], case .number(let latText) = pair[1],
                  let lon = Double(lonText), let lat = Double(latText), (-180...180).contains(lon), (-90...90).contains(lat) else {
                reject(id, "\(name) holds a position that is not [longitude, latitude] in range")
                return nil
            }
            points.append(BoundaryPoint(lonDeg: lon, latDeg: lat, lonText: lonText, latText: latText))
        }
        guard let first = points.first, let last = points.last else {
            reject(id, "\(name) is empty")
            return nil
        }
        if first.lonDeg != last.lonDeg || first.latDeg != last.latDeg {
            findings.append(Finding(file: file, location: .record(id), code: .firRingNotClosed,
                                    reason: "\(name) ends at [\(last.lonText), \(last.latText)], not at its first position; closed by repeating [\(first.lonText), \(first.latText)]",
                                    action: .warning))
            points.append(first)
        }
        // Three distinct corners at least: a closed ring of fewer than four positions encloses nothing.
        guard points.count >= 4 else {
            reject(id, "\(name) has fewer than three distinct positions")
            return nil
        }
        return BoundaryRing(points: points)
    }

    /// A property given as text (`"0"`, `"EMEA"`) or as a number.
    private func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text.isEmpty ? nil : text
        case .number(let text)?: text
        default: nil
        }
    }

    /// A degree value given as a number or as text (VATSpy writes `"16.3"`), nil when absent, unreadable or out of range.
    private func degrees(_ value: JSONValue?, in range: ClosedRange<Double>) -> Double? {
        guard let text = text(value), let number = Double(text), range.contains(number) else { return nil }
        return number
    }

    private mutating func reject(_ key: String, _ reason: String, code: FindingCode = .firMalformedGeometry) {
        findings.append(Finding(file: file, location: .record(key), code: code, reason: reason, action: .rowRejected))
    }
}
