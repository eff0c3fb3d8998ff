/// Finds the FIRs holding a point among a set of shapes: a bounding-box test first, the polygon test only for the
/// shapes whose box holds the point.
public struct FIRLocator: Sendable {
    /// Sorted by id, so the ids of a point come out sorted.
    public let shapes: [FIRShape]

    public init(_ shapes: [FIRShape]) {
        self.shapes = shapes.sorted { $0.id < $1.id }
    }

    /// The ids of the shapes holding the point (borders included), sorted; empty when none does.
    public func firs(lonDeg: Double, latDeg: Double) -> [String] {
        var ids: [String] = []
        for shape in shapes where shape.boxContains(lonDeg: lonDeg, latDeg: latDeg) && shape.contains(lonDeg: lonDeg, latDeg: latDeg) {
            ids.append(shape.id)
        }
        return ids
    }
}
