import Foundation

/// The page's map as inline SVG: the outline, then one circle per changed aerodrome, coloured by its most important
/// change (a CSS class per ``MapPoint/Kind``), each inside an `<a href="#ICAO">` to its row in the page's index.
/// Plain SVG: no script, no tiles, no external reference. An equirectangular projection scaled by the cosine of the
/// middle latitude, on the box around the points (the outline's when there are none).
struct ChangesMap {
    /// The drawing's width in SVG units; its height follows from the box.
    static let width = 1_000.0

    let points: [MapPoint]
    let outline: MapOutline
    /// The box's west and north edges in degrees, SVG units per degree of latitude and of longitude, the height.
    private let minLon: Double, maxLat: Double, scale: Double, xScale: Double, height: Double

    init(points: [MapPoint], outline: MapOutline) {
        self.points = points
        self.outline = outline
        var lons = points.map(\.longitudeDeg), lats = points.map(\.latitudeDeg)
        if lons.isEmpty {
            lons = outline.rings.flatMap { $0.map(\.lonDeg) }
            lats = outline.rings.flatMap { $0.map(\.latDeg) }
        }
        // Europe when there is nothing to frame; otherwise the points with a margin, at least 2° high.
        var (west, east, south, north) = lons.isEmpty ? (-25.0, 45.0, 34.0, 72.0) : (lons.min()!, lons.max()!, lats.min()!, lats.max()!)
        let margin = 1.0, least = 2.0
        if north - south < least { (south, north) = ((south + north) / 2 - least / 2, (south + north) / 2 + least / 2) }
        (west, east, south, north) = (west - margin, east + margin, max(-85, south - margin), min(85, north + margin))
        let xFactor = cos((south + north) / 2 * .pi / 180)
        // A landscape frame between 2:1 and 4:3: widen a tall box, heighten a flat one, about its centre.
        let (widthDeg, heightDeg) = ((east - west) * xFactor, north - south)
        if heightDeg > widthDeg * 0.75 {
            let extra = (heightDeg / 0.75 - widthDeg) / xFactor / 2
            (west, east) = (west - extra, east + extra)
        } else if heightDeg < widthDeg / 2 {
            let extra = (widthDeg / 2 - heightDeg) / 2
            (south, north) = (max(-85, south - extra), min(85, north + extra))
        }
        let yScale = Self.width / ((east - west) * xFactor)
        minLon = west
        maxLat = north
        scale = yScale
        xScale = yScale * xFactor
        height = (north - south) * yScale
    }

    private func x(_ lonDeg: Double) -> Double { (lonDeg - minLon) * xScale }
    private func y(_ latDeg: Double) -> Double { (maxLat - latDeg) * scale }

    private static func number(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The `<svg>` element.
    var svg: String {
        var text = #"<svg class="map" viewBox="0 0 \#(Self.number(Self.width)) \#(Self.number(height))" role="img" aria-label="\#(points.count) changed aerodrome\#(points.count == 1 ? "" : "s")">"#
        text += #"<rect class="sea" width="100%" height="100%"/>"#
        // A ring whose box meets the map's is drawn whole; SVG clips what lies outside.
        let visible = outline.rings.filter { ring in
            let xs = ring.map { x($0.lonDeg) }, ys = ring.map { y($0.latDeg) }
            return xs.max()! >= 0 && xs.min()! <= Self.width && ys.max()! >= 0 && ys.min()! <= height
        }
        if !visible.isEmpty {
            text += #"<path class="outline" d=""#
            for ring in visible {
                text += "M" + ring.map { "\(Self.number(x($0.lonDeg))) \(Self.number(y($0.latDeg)))" }.joined(separator: "L") + "Z"
            }
            text += #""/>"#
        }
        // The least important first, so the most important points are drawn on top.
        for point in points.reversed() {
            let label = HTMLText.escape("\(point.icao)\(point.name.map { " \($0)" } ?? ""): \(point.kinds.map(\.label).joined(separator: ", "))")
            text += ##"<a href="#\##(HTMLText.escape(point.icao))"><circle class="point k-\##(point.kind.rawValue)" cx="\##(Self.number(x(point.longitudeDeg)))" cy="\##(Self.number(y(point.latitudeDeg)))" r="5"><title>\##(label)</title></circle></a>"##
        }
        return text + "</svg>"
    }
}
