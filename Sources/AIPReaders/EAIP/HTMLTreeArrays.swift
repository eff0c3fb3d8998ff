import Synchronization

/// The arrays of one ``HTMLDocument`` tree (nodes, attributes, text bytes, and the builder's last-child table),
/// handed from each finished page to the next.
///
/// A page's arrays are a few hundred kilobytes each: allocated and freed a thousand times while other work keeps
/// small blocks between them, they left the heap fragmented (25 MB more at the build's peak). Kept and reused,
/// they are allocated about once per thread.
struct HTMLTreeArrays: Sendable {
    var nodes: [HTMLDocument.Node] = []
    var attributes: [HTMLDocument.Attribute] = []
    /// Text and attribute values, UTF-8.
    var bytes: [UInt8] = []
    var lastChild: [Int32] = []

    /// Arrays kept for reuse: as many as pages are read at once, and none larger than a normal page needs, so a
    /// huge page's arrays are freed rather than kept.
    private static let spare = Mutex<[HTMLTreeArrays]>([])
    private static let spareLimit = 4
    private static let spareBytesLimit = 4 << 20

    /// Empty arrays, with the capacity of a finished page's when one is spare.
    static func reused() -> HTMLTreeArrays {
        spare.withLock { $0.popLast() } ?? HTMLTreeArrays()
    }

    /// Keeps the storage of `arrays` (left empty) for the next page.
    static func recycle(_ given: inout HTMLTreeArrays) {
        // Taken out, so the storage is held here only and emptying it keeps the buffers.
        var arrays = HTMLTreeArrays()
        swap(&arrays, &given)
        let bytes = arrays.nodes.capacity * MemoryLayout<HTMLDocument.Node>.stride + arrays.bytes.capacity
            + arrays.attributes.capacity * MemoryLayout<HTMLDocument.Attribute>.stride + arrays.lastChild.capacity * 4
        guard bytes <= spareBytesLimit else { return }
        arrays.nodes.removeAll(keepingCapacity: true)
        arrays.attributes.removeAll(keepingCapacity: true)
        arrays.bytes.removeAll(keepingCapacity: true)
        arrays.lastChild.removeAll(keepingCapacity: true)
        spare.withLock { spare in
            if spare.count < spareLimit { spare.append(arrays) }
        }
    }
}
